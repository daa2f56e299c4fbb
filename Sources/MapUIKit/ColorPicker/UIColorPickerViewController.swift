import Foundation
import MapDrawing

/// What a colour picker tells, as UIKit's `UIColorPickerViewControllerDelegate`; every method
/// is optional.
@preconcurrency @MainActor
public protocol UIColorPickerViewControllerDelegate: AnyObject {
    /// A colour was chosen; `continuously` while a slider is dragged.
    func colorPickerViewController(_ viewController: UIColorPickerViewController, didSelect color: UIColor, continuously: Bool)
    /// A colour was chosen (the older call, after the one above).
    func colorPickerViewControllerDidSelectColor(_ viewController: UIColorPickerViewController)
    /// The picker was closed.
    func colorPickerViewControllerDidFinish(_ viewController: UIColorPickerViewController)
}

extension UIColorPickerViewControllerDelegate {
    public func colorPickerViewController(_ viewController: UIColorPickerViewController, didSelect color: UIColor, continuously: Bool) {}
    public func colorPickerViewControllerDidSelectColor(_ viewController: UIColorPickerViewController) {}
    public func colorPickerViewControllerDidFinish(_ viewController: UIColorPickerViewController) {}
}

/// A colour picker, as UIKit's `UIColorPickerViewController`, in its grid form: twelve columns
/// of hues in ten shades under a row of greys, the chosen colour ringed, a close button, and an
/// opacity slider when `supportsAlpha`. Present it; a tap on a swatch selects its colour and
/// tells the delegate; the close button dismisses it and says so.
@preconcurrency @MainActor
open class UIColorPickerViewController: UIViewController {
    /// The chosen colour (white at first).
    open var selectedColor: UIColor = .white {
        didSet { grid.setNeedsDisplay() }
    }
    /// Whether an opacity slider shows (true).
    open var supportsAlpha = true {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }
    /// Told as colours are chosen.
    open weak var delegate: UIColorPickerViewControllerDelegate?

    private let grid = ColorGridView()
    private let opacity = UISlider()
    private let close = UIButton(type: .close)
    private let heading = UILabel()

    public required init() {
        super.init()
        title = "Colours"
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .secondarySystemBackground
        heading.text = title
        heading.font = .systemFont(ofSize: 17, weight: .semibold)
        heading.textAlignment = .center
        view.addSubview(heading)
        close.addAction(UIAction { [weak self] _ in self?.finish() }, for: .touchUpInside)
        view.addSubview(close)
        grid.picker = self
        view.addSubview(grid)
        opacity.minimumValue = 0
        opacity.maximumValue = 1
        opacity.value = Float(selectedColor.color.alpha)
        opacity.addAction(UIAction { [weak self] _ in self?.opacityChanged() }, for: .valueChanged)
        view.addSubview(opacity)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        heading.frame = CGRect(x: 60, y: 16, width: max(0, bounds.width - 120), height: 24)
        close.frame = CGRect(x: bounds.width - 16 - 30, y: 13, width: 30, height: 30)
        let width = max(0, bounds.width - 32)
        let cell = width / CGFloat(ColorGridView.columns)
        grid.frame = CGRect(x: 16, y: 60, width: width, height: cell * CGFloat(ColorGridView.rows))
        opacity.isHidden = !supportsAlpha
        opacity.frame = CGRect(x: 16, y: grid.frame.maxY + 24, width: width, height: 31)
    }

    /// A swatch was tapped.
    fileprivate func choose(_ color: UIColor) {
        let alpha = supportsAlpha ? CGFloat(opacity.value) : 1
        selectedColor = color.withAlphaComponent(alpha)
        delegate?.colorPickerViewController(self, didSelect: selectedColor, continuously: false)
        delegate?.colorPickerViewControllerDidSelectColor(self)
    }

    private func opacityChanged() {
        selectedColor = selectedColor.withAlphaComponent(CGFloat(opacity.value))
        delegate?.colorPickerViewController(self, didSelect: selectedColor, continuously: true)
        delegate?.colorPickerViewControllerDidSelectColor(self)
    }

    private func finish() {
        delegate?.colorPickerViewControllerDidFinish(self)
        dismiss(animated: true)
    }
}

/// The picker's grid of swatches.
@MainActor
final class ColorGridView: UIView {
    static let columns = 12
    static let rows = 10
    weak var picker: UIColorPickerViewController?

    override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
            guard let self else { return }
            self.tapped(at: recognizer.location(in: self))
        })
    }

    required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    /// The colour of a swatch: the first row greys from white to black; below, hues across
    /// and shades from deep to pale down.
    static func color(column: Int, row: Int) -> UIColor {
        if row == 0 { return UIColor(white: 1 - CGFloat(column) / CGFloat(columns - 1), alpha: 1) }
        let hue = CGFloat(column) / CGFloat(columns)
        let shade = CGFloat(row - 1) / CGFloat(rows - 2)
        let saturation = shade < 0.5 ? 1 : 1 - (shade - 0.5) * 1.5
        let brightness = shade < 0.5 ? 0.35 + shade * 1.3 : 1
        return UIColor(hue: hue, saturation: saturation, brightness: brightness, alpha: 1)
    }

    private func tapped(at point: CGPoint) {
        guard bounds.width > 0, bounds.height > 0, bounds.contains(point) else { return }
        let column = min(Self.columns - 1, max(0, Int(point.x / bounds.width * CGFloat(Self.columns))))
        let row = min(Self.rows - 1, max(0, Int(point.y / bounds.height * CGFloat(Self.rows))))
        picker?.choose(Self.color(column: column, row: row))
    }

    override func draw(_ rect: CGRect) {
        guard let canvas = UIGraphicsGetCurrentContext()?.canvas else { return }
        let width = bounds.width / CGFloat(Self.columns), height = bounds.height / CGFloat(Self.rows)
        let chosen = picker?.selectedColor.withAlphaComponent(1).color
        var ringed: CGRect?
        canvas.withSavedState {
            canvas.clip(to: .roundedRect(bounds, cornerRadius: 8))
            for row in 0..<Self.rows {
                for column in 0..<Self.columns {
                    let cell = CGRect(x: CGFloat(column) * width, y: CGFloat(row) * height, width: width, height: height)
                    let color = Self.color(column: column, row: row).color
                    canvas.fill(.rect(cell), with: color)
                    if let chosen, ringed == nil, Self.close(color, chosen) { ringed = cell }
                }
            }
        }
        if let ringed {
            canvas.stroke(.roundedRect(ringed.insetBy(dx: 1.5, dy: 1.5), cornerRadius: 3), with: Color(red: 1, green: 1, blue: 1, alpha: 1), style: StrokeStyle(width: 3))
            canvas.stroke(.roundedRect(ringed.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 3), with: Color(red: 0, green: 0, blue: 0, alpha: 0.4), style: StrokeStyle(width: 1))
        }
    }

    private static func close(_ a: Color, _ b: Color) -> Bool {
        abs(a.red - b.red) < 0.01 && abs(a.green - b.green) < 0.01 && abs(a.blue - b.blue) < 0.01
    }
}
