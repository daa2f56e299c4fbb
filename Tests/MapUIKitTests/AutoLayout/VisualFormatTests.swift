import Foundation
import MapUIKit
import Testing

/// Auto Layout's visual format language, and the other UIKit names the SDK's demo app uses.
@MainActor
@Suite struct VisualFormatTests {
    func root() -> (UIView, UIView, UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let map = UIView(), picker = UIView()
        for view in [map, picker] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        return (root, map, picker)
    }

    @Test func visualFormatsLayOutAsUIKitDoes() {
        let (root, map, picker) = root()
        let views: [String: UIView] = ["mapView": map, "levelPickerView": picker]
        let metrics: [String: Float] = ["height": 180]
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(withVisualFormat: "|[mapView]|", options: [], metrics: metrics, views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "V:|[mapView][levelPickerView(height)]|", options: [], metrics: metrics, views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "|[levelPickerView]|", options: [], metrics: metrics, views: views))
        root.layoutIfNeeded()
        #expect(map.frame == CGRect(x: 0, y: 0, width: 390, height: 664))
        #expect(picker.frame == CGRect(x: 0, y: 664, width: 390, height: 180))
        // Standard spacing, explicit spacing, relations, priorities and view-to-view sizes.
        let (other, a, b) = self.root()
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a(>=50,<=100@750)]-12-[b(==a)]-(>=20)-|", options: .alignAllTop, metrics: nil, views: ["a": a, "b": b])
                + NSLayoutConstraint.constraints(withVisualFormat: "V:|-30-[a(40)]", metrics: nil, views: ["a": a]))
        other.layoutIfNeeded()
        #expect(a.frame.minX == 20)
        #expect(b.frame.minX == a.frame.maxX + 12)
        #expect(b.frame.width == a.frame.width)
        #expect(b.frame.minY == 30 && a.frame.height == 40)
    }

    @Test func limitVisualFormatsThatDoNotParseMakeNoConstraints() {
        let (_, a, _) = root()
        for format in ["[a", "|-[nope]-|", "V:|-(x)-[a]", "|[a]|junk", String(repeating: "[a]", count: 2_000), "H:|-[a]-(==)-|"] {
            #expect(NSLayoutConstraint.constraints(withVisualFormat: format, metrics: nil, views: ["a": a]).isEmpty, "\(format.prefix(20))")
        }
    }

    @Test func animatedImagesAndAccessibilityNamesAreKept() {
        let frames = [UIImage(bitmap: .init(width: 2, height: 2)), UIImage(bitmap: .init(width: 2, height: 2))]
        let animated = UIImage.animatedImage(with: frames, duration: 0.8)
        #expect(animated?.images?.count == 2 && animated?.duration == 0.8)
        #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
        let bar = UISearchBar()
        bar.accessibilityIdentifier = "SamplesTableViewSearchBar"
        #expect(bar.accessibilityIdentifier == "SamplesTableViewSearchBar")
    }
}
