import Foundation
import MapUIKit
import Testing

/// Auto Layout on the Cassowary solver: common screens, priorities, intrinsic sizes,
/// guides, masks and broken constraints.
@MainActor
@Suite struct AutoLayoutTests {
    /// A phone's window: 390 × 844 points, status bar 47, home indicator 34.
    func phone() -> UIWindow {
        let root = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        root.setScreenSafeAreaInsets(UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        return root
    }

    func constrained<View: UIView>(_ view: View, in parent: UIView) -> View {
        view.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(view)
        return view
    }

    @Test func aMapFullScreenUnderTheSafeArea() {
        let root = phone()
        let map = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            map.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            map.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
            map.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            map.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        ])
        root.layoutIfNeeded()
        #expect(map.frame == CGRect(x: 0, y: 47, width: 390, height: 763))
        #expect(root.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 47, width: 390, height: 763))
        // The window turns: the layout follows.
        root.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
        root.setScreenSafeAreaInsets(UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
        root.layoutIfNeeded()
        #expect(map.frame == CGRect(x: 0, y: 0, width: 844, height: 369))
    }

    @Test func aColumnOfControlsPinnedOverTheMap() {
        let root = phone()
        let map = constrained(UIView(), in: root)
        let title = constrained(UILabel(), in: root)
        title.text = "Helsinki"
        let panel = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            map.topAnchor.constraint(equalTo: root.topAnchor), map.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            map.leadingAnchor.constraint(equalTo: root.leadingAnchor), map.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            title.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 12),
            title.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            panel.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            panel.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            panel.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor, constant: -16),
            panel.heightAnchor.constraint(equalToConstant: 120),
        ])
        root.layoutIfNeeded()
        let size = title.intrinsicContentSize
        #expect(size.width > 40 && size.height > 15)
        #expect(title.frame.size == size, "a label hugs its text")
        #expect(abs(title.frame.midX - 195) <= 0.5)
        #expect(title.frame.minY == 59)
        #expect(panel.frame == CGRect(x: 8, y: 844 - 34 - 16 - 120, width: 374, height: 120))
    }

    @Test func rule43HigherPrioritiesWin() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let label = constrained(UILabel(), in: root)
        label.text = "A label"
        let natural = label.intrinsicContentSize.width
        let wide = label.widthAnchor.constraint(equalToConstant: 200)
        wide.priority = .defaultLow - 1
        NSLayoutConstraint.activate([wide, label.topAnchor.constraint(equalTo: root.topAnchor), label.leadingAnchor.constraint(equalTo: root.leadingAnchor)])
        root.layoutIfNeeded()
        #expect(label.frame.width == natural, "hugging at 250 beats a width at 249")
        wide.priority = .defaultLow + 1
        root.layoutIfNeeded()
        #expect(label.frame.width == 200, "a width at 251 beats hugging at 250")
        let narrow = label.widthAnchor.constraint(equalToConstant: 10)
        narrow.priority = .defaultHigh - 1
        narrow.isActive = true
        root.layoutIfNeeded()
        #expect(label.frame.width == natural, "compression resistance at 750 beats a width at 749")
        label.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        root.layoutIfNeeded()
        #expect(label.frame.width == 10)
    }

    @Test func rule44AConflictingRequiredConstraintIsBrokenAndLoggedAsUIKitDoes() {
        var messages: [String] = []
        LayoutEngine.unsatisfiableConstraintsHandler = { messages.append($0) }
        defer { LayoutEngine.unsatisfiableConstraintsHandler = nil }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let box = constrained(UIView(), in: root)
        let first = box.widthAnchor.constraint(equalToConstant: 100)
        let second = box.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([first, second])
        root.layoutIfNeeded()
        #expect(box.frame.width == 100, "the most recently added conflicting constraint is broken")
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(message.contains("\"\(first.description)\",\n    \"\(second.description)\""))
        #expect(message.contains("Will attempt to recover by breaking constraint \n\(second.description)"))
        #expect(second.description.hasSuffix(".width == 200   (active)>"))
        #expect(second.description.hasPrefix("<NSLayoutConstraint:0x"))
        #expect(message.contains("UIViewAlertForUnsatisfiableConstraints"))
        // Taking the first away lets the second hold.
        first.isActive = false
        root.layoutIfNeeded()
        #expect(box.frame.width == 200)
        #expect(messages.count == 1)
    }

    @Test func constantsPrioritiesAndDeactivationRelayout() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let box = constrained(UIView(), in: root)
        let leading = box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        NSLayoutConstraint.activate([
            leading, box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            box.heightAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5, constant: 5),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 10, y: 0, width: 150, height: 80))
        leading.constant = 40
        root.layoutIfNeeded()
        #expect(box.frame.minX == 40)
        #expect(root.constraints.count == 3 && box.constraints.count == 1, "installed in the closest common ancestor")
        leading.isActive = false
        #expect(!leading.isActive && root.constraints.count == 2)
    }

    @Test func removingAViewDeactivatesConstraintsThatReachIt() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let box = constrained(UIView(), in: root)
        let pin = box.leadingAnchor.constraint(equalTo: root.leadingAnchor)
        pin.isActive = true
        box.removeFromSuperview()
        #expect(!pin.isActive)
    }

    @Test func constraintsBetweenUnrelatedViewsDoNotActivate() {
        let a = UIView(), b = UIView()
        let constraint = a.leadingAnchor.constraint(equalTo: b.leadingAnchor)
        constraint.isActive = true
        #expect(!constraint.isActive)
    }

    @Test func autoresizingMasksFollowTheSuperview() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let bar = UIView(frame: CGRect(x: 10, y: 80, width: 180, height: 20))
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        parent.addSubview(bar)
        parent.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        #expect(bar.frame == CGRect(x: 10, y: 180, width: 280, height: 20))
    }

    @Test func layoutGuidesAndMargins() {
        let root = phone()
        let spacer = UILayoutGuide()
        root.addLayoutGuide(spacer)
        let box = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            spacer.leadingAnchor.constraint(equalTo: root.leadingAnchor), spacer.widthAnchor.constraint(equalToConstant: 50),
            spacer.topAnchor.constraint(equalTo: root.topAnchor), spacer.heightAnchor.constraint(equalToConstant: 1),
            box.leadingAnchor.constraint(equalTo: spacer.trailingAnchor),
            box.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 10), box.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(box.frame.origin == CGPoint(x: 50, y: 55), "margins of 8 inside the safe area")
        #expect(spacer.layoutFrame == CGRect(x: 0, y: 0, width: 50, height: 1))
    }

    @Test func fittingSizeOfAViewFromItsConstraints() {
        let card = UIView()
        let label = constrained(UILabel(), in: card)
        label.text = "Fits"
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
            label.topAnchor.constraint(equalTo: card.topAnchor, constant: 6),
            label.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -6),
        ])
        let size = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        let text = label.intrinsicContentSize
        #expect(size == CGSize(width: text.width + 24, height: text.height + 12))
    }

    @Test func baselinesAlignText() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let big = constrained(UILabel(), in: root), small = constrained(UILabel(), in: root)
        big.text = "Big"
        big.font = .systemFont(ofSize: 30)
        small.text = "small"
        small.font = .systemFont(ofSize: 12)
        NSLayoutConstraint.activate([
            big.topAnchor.constraint(equalTo: root.topAnchor), big.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let bigBaseline = big.frame.midY - big.frame.height / 2 + (big.frame.height - big.intrinsicContentSize.height) / 2 + 30 * 0.927734375
        let smallBaseline = small.frame.minY + 12 * 0.927734375
        #expect(abs(bigBaseline - smallBaseline) <= 0.5)
    }

    @Test func limitLayoutNonFiniteInputIsTakenAsDocumented() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let box = constrained(UIView(), in: root)
        let width = NSLayoutConstraint(
            item: box, attribute: .width, relatedBy: .equal, toItem: root, attribute: .width, multiplier: .infinity, constant: .nan)
        width.priority = UILayoutPriority(.nan)
        width.isActive = true
        #expect(width.multiplier == 1 && width.constant == 0)
        #expect(width.priority == .required, "a NaN priority is ignored: the one before stays")
        root.layoutIfNeeded()
        #expect(box.frame.width == 100)
        let negative = box.heightAnchor.constraint(equalToConstant: -50)
        negative.isActive = true
        root.layoutIfNeeded()
        #expect(box.frame.height == 0, "sizes are never negative")
    }

    @Test func limitLayoutPassesEndWhenLayoutKeepsChangingConstraints() {
        final class Restless: UIView {
            var constraint: NSLayoutConstraint?
            var passes = 0
            override func layoutSubviews() {
                passes += 1
                constraint?.constant += 1
            }
        }
        let root = Restless(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let box = constrained(UIView(), in: root)
        root.constraint = box.widthAnchor.constraint(equalToConstant: 10)
        root.constraint?.isActive = true
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(root.passes <= 4)
    }

    @Test func constraintsMadeAgainAndAgainAreEachInstalled() {
        // New constraints may reuse the memory of ones just deactivated: each is still new.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let box = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([box.topAnchor.constraint(equalTo: root.topAnchor), box.heightAnchor.constraint(equalToConstant: 10)])
        for round in 0..<60 {
            let width = CGFloat(10 + round)
            let made = [box.leadingAnchor.constraint(equalTo: root.leadingAnchor), box.widthAnchor.constraint(equalToConstant: width)]
            NSLayoutConstraint.activate(made)
            root.layoutIfNeeded()
            #expect(box.frame.width == width)
            NSLayoutConstraint.deactivate(made)
        }
    }

    @Test func aConstrainedTreeIsFreedOnceDropped() {
        weak var dropped: UIView?
        do {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let box = constrained(UIView(), in: root)
            NSLayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 10), box.leadingAnchor.constraint(equalTo: root.leadingAnchor)])
            root.layoutIfNeeded()
            dropped = root
        }
        #expect(dropped == nil, "the engine does not hold the root that holds it")
    }

    @Test func newSafeAreaInsetsAloneRelayout() {
        let root = phone()
        let map = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            map.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            map.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
            map.leadingAnchor.constraint(equalTo: root.leadingAnchor), map.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        ])
        root.layoutIfNeeded()
        root.setScreenSafeAreaInsets(.zero)
        root.layoutIfNeeded()
        #expect(map.frame == root.bounds)
    }

    @Test func aViewWhollyUnderTheStatusBarHasAnEmptySafeAreaNotABrokenLayout() {
        var messages: [String] = []
        LayoutEngine.unsatisfiableConstraintsHandler = { messages.append($0) }
        defer { LayoutEngine.unsatisfiableConstraintsHandler = nil }
        let root = phone()
        let header = constrained(UIView(), in: root)
        let label = constrained(UIView(), in: header)
        NSLayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: root.topAnchor), header.heightAnchor.constraint(equalToConstant: 40),
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor), header.widthAnchor.constraint(equalToConstant: 100),
            label.topAnchor.constraint(equalTo: header.safeAreaLayoutGuide.topAnchor),
            label.bottomAnchor.constraint(equalTo: header.safeAreaLayoutGuide.bottomAnchor),
            label.leadingAnchor.constraint(equalTo: header.leadingAnchor), label.widthAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(messages.isEmpty)
        #expect(label.frame.height == 0)
    }

    @Test func aButtonFitsItsIntrinsicSize() {
        let button = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Fits") { _ in })
        #expect(button.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == button.intrinsicContentSize)
    }

    @Test func limitLayoutNonFiniteConstantsSetLaterAreZero() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let box = constrained(UIView(), in: root)
        let width = box.widthAnchor.constraint(equalToConstant: 10)
        width.isActive = true
        width.constant = .nan
        width.priority = UILayoutPriority(.nan)
        #expect(width.constant == 0 && width.priority == .required)
        width.constant = .infinity
        root.layoutIfNeeded()
        #expect(box.frame.width == 0)
    }
}
