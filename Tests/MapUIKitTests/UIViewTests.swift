import Foundation
import MapUIKit
import Testing

@MainActor
@Suite("UIView")
struct UIViewTests {
    @Test func frameBoundsAndCenterAgree() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        view.center = CGPoint(x: 0, y: 0)
        #expect(view.frame == CGRect(x: -50, y: -25, width: 100, height: 50))
        view.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(view.frame == CGRect(x: -10, y: -10, width: 20, height: 20))
    }

    @Test func hierarchyKeepsOneSuperview() {
        let a = UIView(), b = UIView(), child = UIView()
        a.addSubview(child)
        b.addSubview(child)
        #expect(a.subviews.isEmpty && b.subviews.count == 1 && child.superview === b)
        child.removeFromSuperview()
        #expect(b.subviews.isEmpty && child.superview == nil)
        // A view cannot contain itself or an ancestor.
        a.addSubview(b)
        b.addSubview(a)
        a.addSubview(a)
        #expect(b.subviews.isEmpty && a.subviews.count == 1)
    }

    @Test func layoutRunsBeforeDrawingWhenNeeded() {
        final class Counting: UIView {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        _ = view.renderedImage(scale: 1)
        _ = view.renderedImage(scale: 1)
        #expect(view.layouts == 1)
        view.frame.size = CGSize(width: 20, height: 20)
        _ = view.renderedImage(scale: 1)
        #expect(view.layouts == 2)
    }

    @Test func tintColorIsInherited() {
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        #expect(child.tintColor == .systemBlue)
        parent.tintColor = .red
        #expect(child.tintColor == .red)
    }

    @Test func impossibleFramesRenderEmptyImages() {
        for frame in [
            CGRect.zero, CGRect(x: 0, y: 0, width: -10, height: 10), CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10),
            CGRect(x: 0, y: 0, width: 1e9, height: 1e9), CGRect(x: CGFloat.infinity, y: 0, width: 10, height: 10),
        ] {
            let view = UIView(frame: frame)
            view.backgroundColor = .red
            let image = view.renderedImage(scale: 2)
            #expect(image.bitmap.isEmpty || frame.origin.x.isInfinite, "\(frame)")
        }
    }

    @Test func animateWithoutAClockAppliesAtOnce() {
        let view = UIView()
        var finished: Bool?
        UIView.animate(withDuration: 0.3, animations: { view.alpha = 0.25 }, completion: { finished = $0 })
        #expect(view.alpha == 0.25)
        #expect(finished == true)
    }

    @Test func customDrawUsesTheCurrentContext() throws {
        final class Dot: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.red.setFill()
                UIBezierPath(ovalIn: rect.insetBy(dx: 2, dy: 2)).fill()
            }
        }
        let image = Dot(frame: CGRect(x: 0, y: 0, width: 20, height: 20)).renderedImage(scale: 1)
        #expect(image.bitmap.color(x: 10, y: 10) == .init(red: 1, green: 0, blue: 0))
        #expect(image.bitmap.color(x: 0, y: 0)?.alpha == 0)
    }

    @Test func hiddenAndTransparentViewsDrawNothing() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let hidden = UIView(frame: root.bounds), clear = UIView(frame: root.bounds)
        hidden.backgroundColor = .red
        hidden.isHidden = true
        clear.backgroundColor = .blue
        clear.alpha = 0
        root.addSubview(hidden)
        root.addSubview(clear)
        #expect(root.renderedImage(scale: 1).bitmap.pixel(x: 5, y: 5) == 0)
    }
}

@MainActor
@Suite("UILabel")
struct UILabelTests {
    @Test func sizeThatFitsWrapsOnlyWithMoreThanOneLine() {
        let label = UILabel()
        label.text = "A label whose text is long enough to wrap over several lines"
        let single = label.sizeThatFits(CGSize(width: 100, height: 0))
        label.numberOfLines = 0
        let wrapped = label.sizeThatFits(CGSize(width: 100, height: 0))
        #expect(single.width > 100)
        #expect(wrapped.width <= 100 && wrapped.height > single.height * 2)
    }

    @Test func sizeToFitUsesTheFont() {
        let label = UILabel()
        label.text = "Hello"
        label.font = .systemFont(ofSize: 20)
        label.sizeToFit()
        let big = label.bounds.size
        label.font = .systemFont(ofSize: 10)
        label.sizeToFit()
        #expect(label.bounds.width < big.width && label.bounds.height < big.height)
        label.text = nil
        #expect(label.sizeThatFits(.zero) == .zero)
    }
}

@MainActor
@Suite("UIViewController")
struct UIViewControllerTests {
    @Test func loadViewThenViewDidLoadOnFirstAccess() {
        final class Controller: UIViewController {
            var calls: [String] = []
            override func loadView() {
                super.loadView()
                calls.append("loadView")
                view = UILabel()
            }
            override func viewDidLoad() { calls.append("viewDidLoad") }
        }
        let controller = Controller()
        #expect(!controller.isViewLoaded)
        _ = controller.view
        _ = controller.view
        #expect(controller.calls == ["loadView", "viewDidLoad"])
        #expect(controller.view is UILabel)
    }
}
