import Foundation
import MapDrawing
import MapUIKit
import OpenMapsTesting
import Testing

/// Each control, drawn like iOS 17, in light and dark, normal, highlighted and disabled.
/// Re-record with `OPENMAPS_RECORD_GOLDENS=1 swift test --filter ControlGoldenTests` and
/// review the images in `__Goldens__`.
@MainActor
@Suite struct ControlGoldenTests {
    /// One row a control, one column a state: normal, highlighted, disabled.
    func sheet(_ style: UIUserInterfaceStyle) -> UIView {
        let makers: [() -> UIControl] = [
            {
                let button = UIButton(type: .system)
                button.setTitle("System", for: .normal)
                return button
            },
            { UIButton(configuration: .plain(), primaryAction: UIAction(title: "Plain") { _ in }) },
            { UIButton(configuration: .tinted(), primaryAction: UIAction(title: "Tinted") { _ in }) },
            { UIButton(configuration: .gray(), primaryAction: UIAction(title: "Gray") { _ in }) },
            { UIButton(configuration: .filled(), primaryAction: UIAction(title: "Filled") { _ in }) },
            {
                var configuration = UIButton.Configuration.filled()
                configuration.title = "Large"
                configuration.subtitle = "with a subtitle"
                configuration.buttonSize = .large
                configuration.cornerStyle = .capsule
                return UIButton(configuration: configuration)
            },
            {
                let button = UIButton(configuration: .borderedProminent(), primaryAction: UIAction(title: "Delete") { _ in })
                button.role = .destructive
                return button
            },
            { UISwitch() },
            {
                let toggle = UISwitch()
                toggle.isOn = true
                return toggle
            },
            {
                let segments = UISegmentedControl(items: ["Map", "Transit", "Satellite"])
                segments.selectedSegmentIndex = 0
                return segments
            },
            {
                let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 150, height: 31))
                slider.value = 0.4
                return slider
            },
            {
                let stepper = UIStepper()
                stepper.value = 5
                return stepper
            },
        ]
        let rowHeight: CGFloat = 64, columnWidth: CGFloat = 280
        let root = UIView(frame: CGRect(x: 0, y: 0, width: columnWidth * 3, height: rowHeight * CGFloat(makers.count)))
        root.backgroundColor = .systemBackground
        root.overrideUserInterfaceStyle = style
        for (row, make) in makers.enumerated() {
            for column in 0..<3 {
                let control = make()
                if column == 1 { control.isHighlighted = true }
                if column == 2 { control.isEnabled = false }
                var size = control.intrinsicContentSize
                if size.width < 0 { size.width = control.frame.width }
                control.frame = CGRect(
                    x: CGFloat(column) * columnWidth + (columnWidth - size.width) / 2,
                    y: CGFloat(row) * rowHeight + (rowHeight - size.height) / 2, width: size.width, height: size.height)
                root.addSubview(control)
            }
        }
        let spinner = UIActivityIndicatorView(style: .medium)
        spinner.startAnimating()
        spinner.center = CGPoint(x: columnWidth / 2, y: root.bounds.height + rowHeight / 2)
        let large = UIActivityIndicatorView(style: .large)
        large.startAnimating()
        large.center = CGPoint(x: columnWidth * 1.5, y: root.bounds.height + rowHeight / 2)
        root.frame.size.height += rowHeight
        root.addSubview(spinner)
        root.addSubview(large)
        return root
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func controlsInEveryState(_ style: UIUserInterfaceStyle) {
        let name = style == .dark ? "controls-dark" : "controls-light"
        let result = GoldenImage.check(sheet(style).renderedImage(scale: 2).bitmap, named: name)
        #expect(result.passed, "\(result.message)")
    }

    @Test func intrinsicSizesOfButtonsAndSwitches() {
        let filled = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Filled") { _ in })
        let title = UILabel()
        title.text = "Filled"
        title.font = .systemFont(ofSize: 15, weight: .medium)
        let text = title.intrinsicContentSize
        #expect(filled.intrinsicContentSize == CGSize(width: text.width + 24, height: text.height + 14))
        #expect(UISwitch().intrinsicContentSize == CGSize(width: 51, height: 31))
        let system = UIButton(type: .system)
        system.setTitle("OK", for: .normal)
        #expect(system.intrinsicContentSize.height > 15)
    }

    @Test func dynamicColoursResolveForTheAppearance() {
        let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)
        #expect(UIColor.systemBackground.resolvedColor(with: light) == .white)
        #expect(UIColor.systemBackground.resolvedColor(with: dark) == .black)
        #expect(UIColor.label.resolvedColor(with: dark) == .white)
        #expect(UIColor.systemBlue.resolvedColor(with: dark).color == Color(rgb: 0x0A84FF))
        let custom = UIColor { $0.userInterfaceStyle == .dark ? .red : .blue }
        #expect(custom.resolvedColor(with: dark) == .red)
        var seen: Color?
        dark.performAsCurrent { seen = custom.color }
        #expect(seen == UIColor.red.color)
        #expect(custom.color == UIColor.blue.color, "light outside drawing")
    }
}
