import Foundation
import MapUIKit
import Testing

/// Stack views: their own constraints, as UIKit makes them.
@MainActor
@Suite struct UIStackViewTests {
    /// A view of a fixed intrinsic size.
    final class Box: UIView {
        let size: CGSize
        init(_ width: CGFloat, _ height: CGFloat) {
            size = CGSize(width: width, height: height)
            super.init(frame: .zero)
        }
        required init?(coder: NSCoder) { nil }
        override var intrinsicContentSize: CGSize { size }
    }

    func pinned(_ stack: UIStackView, in root: UIView, width: CGFloat? = nil, height: CGFloat? = nil) {
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        var constraints = [stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10), stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)]
        if let width { constraints.append(stack.widthAnchor.constraint(equalToConstant: width)) }
        if let height { constraints.append(stack.heightAnchor.constraint(equalToConstant: height)) }
        NSLayoutConstraint.activate(constraints)
    }

    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))

    @Test func aColumnOfControlsSizedByItsContent() {
        let a = Box(120, 44), b = Box(80, 31), c = Box(150, 20)
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 8
        pinned(stack, in: root)
        root.layoutIfNeeded()
        #expect(stack.frame == CGRect(x: 10, y: 20, width: 150, height: 44 + 8 + 31 + 8 + 20))
        #expect(a.frame == CGRect(x: 0, y: 0, width: 120, height: 44))
        #expect(b.frame == CGRect(x: 0, y: 52, width: 80, height: 31))
        #expect(c.frame == CGRect(x: 0, y: 91, width: 150, height: 20))
    }

    @Test func fillEquallySharesTheLength() {
        let a = Box(10, 10), b = Box(90, 10)
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.distribution = .fillEqually
        stack.spacing = 8
        pinned(stack, in: root, width: 300)
        root.layoutIfNeeded()
        #expect(a.frame.width == 146 && b.frame.width == 146)
        #expect(b.frame.minX == 154)
    }

    @Test func equalSpacingSharesTheGaps() {
        let views = [Box(50, 10), Box(50, 10), Box(50, 10)]
        let stack = UIStackView(arrangedSubviews: views)
        stack.distribution = .equalSpacing
        pinned(stack, in: root, width: 300)
        root.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 125, 250])
    }

    @Test func fillProportionallyFollowsIntrinsicLengths() {
        let a = Box(100, 10), b = Box(300, 10)
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.distribution = .fillProportionally
        pinned(stack, in: root, width: 200)
        root.layoutIfNeeded()
        #expect(a.frame.width == 50 && b.frame.width == 150)
    }

    @Test func centredAcrossTheAxis() {
        let tall = Box(40, 60), short = Box(40, 20)
        let stack = UIStackView(arrangedSubviews: [tall, short])
        stack.alignment = .center
        pinned(stack, in: root)
        root.layoutIfNeeded()
        #expect(stack.frame.height == 60)
        #expect(short.frame.midY == 30 && short.frame.minX == 40)
    }

    @Test func hiddenViewsTakeNoSpaceAndComeBack() {
        let a = Box(50, 10), b = Box(50, 10), c = Box(50, 10)
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.spacing = 10
        pinned(stack, in: root)
        root.layoutIfNeeded()
        #expect(stack.frame.width == 170)
        b.isHidden = true
        root.layoutIfNeeded()
        #expect(stack.frame.width == 110)
        #expect(c.frame.minX == 60)
        b.isHidden = false
        root.layoutIfNeeded()
        #expect(stack.frame.width == 170)
        b.removeFromSuperview()
        #expect(stack.arrangedSubviews.count == 2)
        stack.removeArrangedSubview(c)
        #expect(stack.arrangedSubviews.count == 1 && c.superview === stack, "removed from the arrangement, still a subview")
    }

    @Test func customSpacingAndMargins() {
        let a = Box(50, 10), b = Box(50, 10), c = Box(50, 10)
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.spacing = 4
        stack.setCustomSpacing(20, after: a)
        stack.isLayoutMarginsRelativeArrangement = true
        stack.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 5, leading: 6, bottom: 5, trailing: 6)
        pinned(stack, in: root)
        root.layoutIfNeeded()
        #expect(a.frame.origin == CGPoint(x: 6, y: 5))
        #expect(b.frame.minX == 76 && c.frame.minX == 130)
        #expect(stack.frame.size == CGSize(width: 186, height: 20))
        #expect(stack.customSpacing(after: b) == UIStackView.spacingUseDefault)
    }

    @Test func baselinesLineUpLabels() {
        let big = UILabel(), small = UILabel()
        big.text = "Big"
        big.font = .systemFont(ofSize: 30)
        small.text = "small"
        small.font = .systemFont(ofSize: 12)
        let stack = UIStackView(arrangedSubviews: [big, small])
        stack.alignment = .firstBaseline
        stack.spacing = 8
        pinned(stack, in: root)
        root.layoutIfNeeded()
        let bigBaseline = big.frame.minY + 30 * 0.927734375, smallBaseline = small.frame.minY + 12 * 0.927734375
        #expect(abs(bigBaseline - smallBaseline) <= 0.5)
    }
}
