import Foundation
import OpenMapsTesting
import MapUIKit
import Testing

@MainActor
@Suite("View rendering goldens")
struct ViewGoldenTests {
    @Test func cardWithLabelImageBorderCornerAndShadow() {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 220, height: 90))
        let content = UIView(frame: CGRect(x: 10, y: 10, width: 200, height: 70))
        content.backgroundColor = .white
        content.layer.cornerRadius = 10
        content.layer.borderWidth = 2
        content.layer.borderColor = UIColor.systemBlue.cgColor
        content.layer.shadowOpacity = 0.4
        content.layer.shadowOffset = CGSize(width: 0, height: 2)
        content.layer.shadowRadius = 4
        let dot = UIImageView(frame: CGRect(x: 12, y: 15, width: 40, height: 40))
        dot.image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in
            UIColor.systemOrange.setFill()
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).fill()
        }
        let label = UILabel(frame: CGRect(x: 62, y: 10, width: 130, height: 50))
        label.text = "Custom views render like UIKit"
        label.numberOfLines = 2
        label.font = .boldSystemFont(ofSize: 15)
        content.addSubview(dot)
        content.addSubview(label)
        card.addSubview(content)
        let result = GoldenImage.check(card.renderedImage(scale: 2).bitmap, named: "card")
        #expect(result.passed, "\(result.message)")
    }
}
