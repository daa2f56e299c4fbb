import Foundation
import MapUIKit
import Testing

/// Hit testing and the responder chain, as UIKit defines them.
@MainActor
@Suite struct ResponderChainTests {
    @Test func hitTestingFindsTheFrontmostInteractiveView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(inner)
        #expect(root.hitTest(CGPoint(x: 70, y: 70), with: nil) === inner)
        #expect(root.hitTest(CGPoint(x: 55, y: 55), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 20, y: 20), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 190, y: 190), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 20), with: nil) == nil)
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 70, y: 70), with: nil) === back)
        front.isHidden = false
        front.alpha = 0.01
        #expect(root.hitTest(CGPoint(x: 70, y: 70), with: nil) === back, "alpha 0.01 or less is not hit")
        front.alpha = 1
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 70, y: 70), with: nil) === back, "nor is a view that takes no touches, nor its subviews")
    }

    @Test func pointsConvertBetweenViews() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        root.addSubview(a)
        a.addSubview(b)
        #expect(b.convert(CGPoint(x: 1, y: 1), to: root) == CGPoint(x: 16, y: 26))
        #expect(b.convert(CGPoint(x: 16, y: 26), from: nil) == CGPoint(x: 1, y: 1))
        #expect(root.convert(CGPoint(x: 16, y: 26), to: b) == CGPoint(x: 1, y: 1))
    }

    @Test func theChainRunsFromViewToControllerToSuperview() {
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let controller = UIViewController()
        let button = UIView()
        controller.view.addSubview(button)
        window.addSubview(controller.view)
        #expect(button.next === controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === window)
        let parent = UIViewController()
        let child = UIViewController()
        parent.addChild(child)
        #expect(child.parent === parent && parent.children.count == 1)
        #expect(child.next === parent, "a child whose view is in no superview passes to its parent")
        child.removeFromParent()
        #expect(child.parent == nil && parent.children.isEmpty)
    }

    @Test func touchesNotHandledGoUpTheChain() {
        final class Catcher: UIView {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
        }
        let root = Catcher(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let leaf = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(leaf)
        let touch = UITouch(phase: .began, location: CGPoint(x: 5, y: 5), timestamp: 0, root: root)
        leaf.touchesBegan([touch], with: UIEvent(timestamp: 0, touches: [touch]))
        #expect(root.began == 1)
        #expect(touch.location(in: leaf) == CGPoint(x: 5, y: 5))
    }

    @Test func viewControllersAreMadeFromTheirType() {
        let type: UIViewController.Type = UIViewController.self
        let made = type.init()
        #expect(made.view != nil)
        #expect(made.view.directionalLayoutMargins.leading == 16, "a phone's root view keeps 16 points from the sides")
    }
}
