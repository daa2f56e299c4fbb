import Foundation
import Logging
import MapDrawing

/// Spinning wheels of rows, as UIKit's `UIPickerView`, drawn like iOS 17: rows on a
/// cylinder, the selected one in a grey band across the middle.
///
/// A drag spins the wheel under the finger; when it lifts, the wheel coasts a little and
/// settles on the nearest row, then the delegate hears `didSelectRow`. A tap on a row above
/// or below the band spins it to the middle. `selectRow(_:inComponent:animated:)` moves a
/// wheel without telling the delegate, as in UIKit.
@preconcurrency @MainActor
open class UIPickerView: UIView, FrameAnimating {
    /// The most wheels a picker shows (docs/limits.md); more are ignored with a warning.
    nonisolated public static let maximumComponents = 64
    /// The most rows a wheel has (docs/limits.md); larger counts are clamped with a warning.
    nonisolated public static let maximumRows = 100_000_000
    /// A picker's size in UIKit: 320 × 216 points.
    nonisolated static let standardSize = CGSize(width: 320, height: 216)
    /// The row height when the delegate gives none.
    nonisolated static let defaultRowHeight: CGFloat = 32
    /// What `widthForComponent` answers when the delegate does not implement it.
    nonisolated static let automaticWidth: CGFloat = -1
    /// What `viewForRow` answers when the delegate does not implement it.
    static let noRowView = UIView()

    private static let logger = Logger(label: "OpenMaps.UIKit")
    private static let titleFont = UIFont.systemFont(ofSize: 21)
    private static let spacing: CGFloat = 5

    /// Where the rows come from.
    open weak var dataSource: UIPickerViewDataSource? { didSet { reloadAllComponents() } }
    /// What the rows show.
    open weak var delegate: UIPickerViewDelegate? { didSet { reloadAllComponents() } }
    /// Kept for source compatibility (the band always shows since iOS 7).
    open var showsSelectionIndicator = true

    /// One wheel.
    private struct Wheel {
        var rows: Int
        var selected: Int
        /// How far the wheel has turned, in points: the selected row's at rest.
        var position: CGFloat
        var rowHeight: CGFloat
        var width: CGFloat
        /// A move to a row's position, easing out; started on the next frame.
        var settle: (from: CGFloat, to: CGFloat, row: Int, start: TimeInterval?, notifies: Bool)?
        /// Row views shown last frame, by row, for reuse.
        var views: [Int: UIView] = [:]
    }

    private var wheels: [Wheel]?
    private var drag: (wheel: Int, startY: CGFloat, startPosition: CGFloat)?
    private var titleLayouts: [String: TextLayout] = [:]

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(spin)
    }

    public convenience init() {
        self.init(frame: CGRect(origin: .zero, size: Self.standardSize))
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    open override var intrinsicContentSize: CGSize { Self.standardSize }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.standardSize }

    // MARK: Data

    /// How many wheels the picker has.
    open var numberOfComponents: Int { loadedWheels.count }

    /// How many rows a wheel has (0 for a wheel that is not there).
    open func numberOfRows(inComponent component: Int) -> Int {
        loadedWheels.indices.contains(component) ? loadedWheels[component].rows : 0
    }

    /// A wheel's row size: its width and row height.
    open func rowSize(forComponent component: Int) -> CGSize {
        guard loadedWheels.indices.contains(component) else { return .zero }
        return CGSize(width: componentWidths()[component], height: loadedWheels[component].rowHeight)
    }

    /// The selected row of a wheel, or -1 when it has no rows or is not there.
    open func selectedRow(inComponent component: Int) -> Int {
        guard loadedWheels.indices.contains(component), loadedWheels[component].rows > 0 else { return -1 }
        return loadedWheels[component].selected
    }

    /// Selects a row of a wheel (clamped into its rows), turning it there at once or over a
    /// moment; the delegate is not told.
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        _ = loadedWheels
        guard var wheel = wheels?[safe: component], wheel.rows > 0 else { return }
        let target = min(max(row, 0), wheel.rows - 1)
        wheel.selected = target
        let position = CGFloat(target) * wheel.rowHeight
        wheel.settle = animated && position != wheel.position ? (wheel.position, position, target, nil, false) : nil
        if !animated { wheel.position = position }
        wheels?[component] = wheel
        setNeedsDisplay()
    }

    /// The view the delegate gave for a row, while the row shows.
    open func view(forRow row: Int, forComponent component: Int) -> UIView? {
        wheels?[safe: component]?.views[row]
    }

    /// Asks the data source and delegate again for every wheel.
    open func reloadAllComponents() {
        let previous = wheels
        wheels = nil
        if let previous {
            _ = loadedWheels
            for (index, old) in previous.enumerated() where wheels?.indices.contains(index) == true {
                keepSelection(old.selected, in: index)
            }
        }
        setNeedsDisplay()
    }

    /// Asks again for one wheel's rows.
    open func reloadComponent(_ component: Int) {
        guard var wheel = wheels?[safe: component] else { return }
        let fresh = makeWheel(component)
        wheel.rows = fresh.rows
        wheel.rowHeight = fresh.rowHeight
        wheel.width = fresh.width
        wheel.views = [:]
        wheels?[component] = wheel
        keepSelection(wheel.selected, in: component)
        setNeedsDisplay()
    }

    private func keepSelection(_ row: Int, in component: Int) {
        guard var wheel = wheels?[safe: component] else { return }
        wheel.selected = wheel.rows > 0 ? min(max(row, 0), wheel.rows - 1) : 0
        wheel.position = CGFloat(wheel.selected) * wheel.rowHeight
        wheel.settle = nil
        wheels?[component] = wheel
    }

    private var loadedWheels: [Wheel] {
        if let wheels { return wheels }
        var count = max(0, dataSource?.numberOfComponents(in: self) ?? 0)
        if count > Self.maximumComponents {
            Self.logger.warning("\(count) picker components; showing \(Self.maximumComponents)")
            count = Self.maximumComponents
        }
        titleLayouts = [:]
        let loaded = (0..<count).map(makeWheel)
        wheels = loaded
        return loaded
    }

    private func makeWheel(_ component: Int) -> Wheel {
        var rows = max(0, dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
        if rows > Self.maximumRows {
            Self.logger.warning("\(rows) rows in picker component \(component); using \(Self.maximumRows)")
            rows = Self.maximumRows
        }
        var height = delegate?.pickerView(self, rowHeightForComponent: component) ?? Self.defaultRowHeight
        if !(height.isFinite && height >= 1) { height = Self.defaultRowHeight }
        let width = delegate?.pickerView(self, widthForComponent: component) ?? Self.automaticWidth
        return Wheel(rows: rows, selected: 0, position: 0, rowHeight: min(height, 1_000), width: width.isFinite ? width : Self.automaticWidth)
    }

    // MARK: Geometry

    /// Each wheel's width: the delegate's, or the rest of the width shared out.
    private func componentWidths() -> [CGFloat] {
        let wheels = loadedWheels
        guard !wheels.isEmpty else { return [] }
        let usable = max(0, bounds.width - 16 - Self.spacing * CGFloat(wheels.count - 1))
        let fixed = wheels.filter { $0.width > 0 }.reduce(0) { $0 + $1.width }
        let automatic = wheels.filter { $0.width <= 0 }.count
        let share = automatic > 0 ? max(0, usable - fixed) / CGFloat(automatic) : 0
        return wheels.map { $0.width > 0 ? min($0.width, 100_000) : share }
    }

    /// Each wheel's left edge: the wheels centred, `spacing` apart.
    private func componentOrigins(_ widths: [CGFloat]) -> [CGFloat] {
        let total = widths.reduce(0, +) + Self.spacing * CGFloat(max(0, widths.count - 1))
        var x = (bounds.width - total) / 2
        return widths.map { width in
            defer { x += width + Self.spacing }
            return x
        }
    }

    /// The wheel's radius: half the picker's height.
    private var radius: CGFloat { max(1, bounds.height / 2) }

    private func wheel(at x: CGFloat) -> Int? {
        let widths = componentWidths()
        let origins = componentOrigins(widths)
        for index in widths.indices where x >= origins[index] - Self.spacing / 2 && x < origins[index] + widths[index] + Self.spacing / 2 {
            return index
        }
        return nil
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        guard let canvas = UIGraphicsGetCurrentContext()?.canvas, bounds.height > 0 else { return }
        let wheels = loadedWheels
        let widths = componentWidths()
        let origins = componentOrigins(widths)
        let bandHeight = wheels.map(\.rowHeight).max() ?? Self.defaultRowHeight
        let band = CGRect(x: 8, y: bounds.midY - bandHeight / 2, width: max(0, bounds.width - 16), height: bandHeight)
        canvas.fill(.roundedRect(band, cornerRadius: 8), with: UIColor.tertiarySystemFill.color)
        canvas.withSavedState {
            canvas.clip(to: .rect(bounds))
            for index in wheels.indices {
                drawWheel(index, in: CGRect(x: origins[index], y: 0, width: widths[index], height: bounds.height), canvas: canvas)
            }
        }
    }

    private func drawWheel(_ index: Int, in column: CGRect, canvas: Canvas) {
        guard var wheel = wheels?[safe: index], wheel.rows > 0, column.width > 0 else { return }
        let radius = self.radius
        let h = wheel.rowHeight
        // Rows within a quarter turn of the middle show.
        let reach = Int(min(((radius * .pi / 2) / h).rounded(.up), 1_000)) + 1
        let centre = Int(min(max((wheel.position / h).rounded(), -1e9), 1e9))
        let first = max(0, centre - reach), last = min(wheel.rows - 1, centre + reach)
        guard first <= last else { return }
        var shownViews: [Int: UIView] = [:]
        var spare = Array(wheel.views.filter { $0.key < first || $0.key > last }.values)
        for row in first...last {
            let angle = (CGFloat(row) * h - wheel.position) / radius
            guard abs(angle) < .pi / 2 else { continue }
            let y = bounds.midY + radius * sin(angle)
            let squash = cos(angle)
            let rowRect = CGRect(x: column.minX, y: -h / 2, width: column.width, height: h)
            canvas.withSavedState {
                canvas.translate(x: 0, y: y)
                canvas.scale(x: 1, y: squash)
                if let view = rowView(row, wheel: index, reusing: wheel.views[row] ?? spare.popLast()) {
                    shownViews[row] = view
                    // Row views are drawn outside the tree: they take the picker's appearance.
                    view.overrideUserInterfaceStyle = traitCollection.userInterfaceStyle
                    view.frame = CGRect(origin: .zero, size: rowRect.size)
                    canvas.translate(x: rowRect.minX, y: rowRect.minY)
                    view.layoutIfNeeded()
                    view.render(in: canvas)
                } else if let (title, color) = rowTitle(row, wheel: index) {
                    let layout = titleLayout(title, width: column.width)
                    let alpha = max(0.3, squash)
                    let tint = (color ?? UIColor.label).color
                    layout.draw(
                        in: canvas, at: CGPoint(x: rowRect.minX, y: -layout.size.height / 2),
                        color: tint.withAlpha(tint.alpha * alpha))
                }
            }
        }
        wheel.views = shownViews
        wheels?[index] = wheel
    }

    private func rowView(_ row: Int, wheel: Int, reusing view: UIView?) -> UIView? {
        guard let delegate else { return nil }
        let view = delegate.pickerView(self, viewForRow: row, forComponent: wheel, reusing: view)
        return view === Self.noRowView ? nil : view
    }

    private func rowTitle(_ row: Int, wheel: Int) -> (String, UIColor?)? {
        guard let delegate else { return nil }
        if let attributed = delegate.pickerView(self, attributedTitleForRow: row, forComponent: wheel) {
            var color: UIColor?
            if attributed.length > 0 {
                color = attributed.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor
            }
            return (attributed.string, color)
        }
        return delegate.pickerView(self, titleForRow: row, forComponent: wheel).map { ($0, nil) }
    }

    private func titleLayout(_ title: String, width: CGFloat) -> TextLayout {
        let key = "\(Int(width * 4))|\(ObjectIdentifier(Thread.current).hashValue)|\(title)"
        if let layout = titleLayouts[key] { return layout }
        let style = TextStyle(font: Self.titleFont.font, color: .black, alignment: .center, lineBreakMode: .byTruncatingTail, maximumLines: 1)
        let layout = TextLayout(text: title, style: style, width: Double(max(1, width)))
        if titleLayouts.count > 512 { titleLayouts = [:] }
        titleLayouts[key] = layout
        return layout
    }

    // MARK: Touches

    /// The wheels turn with a pan of their own, so a scroll view around the picker does not
    /// take its drags (the nearest recognizer is asked first, as in UIKit).
    private lazy var spin: UIPanGestureRecognizer = {
        let pan = UIPanGestureRecognizer { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIPanGestureRecognizer else { return }
            self.handleSpin(pan)
        }
        pan.maximumNumberOfTouches = 1
        return pan
    }()

    override var takesItsOwnTaps: Bool { true }

    private func handleSpin(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            let point = pan.location(in: self)
            guard let index = wheel(at: point.x), var wheel = wheels?[safe: index], wheel.rows > 0 else { return }
            wheel.settle = nil
            wheels?[index] = wheel
            // The wheel follows the finger from here, without jumping by the pan's start.
            drag = (index, point.y, wheel.position)
        case .changed:
            guard let drag, var wheel = wheels?[safe: drag.wheel] else { return }
            let y = pan.location(in: self).y
            guard y.isFinite else { return }
            let end = CGFloat(wheel.rows - 1) * wheel.rowHeight
            let proposed = drag.startPosition - (y - drag.startY)
            // Past either end the wheel follows at half the finger's speed, a wheel's height at most.
            let stretched = proposed < 0 ? proposed / 2 : proposed > end ? end + (proposed - end) / 2 : proposed
            wheel.position = min(max(stretched, -bounds.height), end + bounds.height)
            wheels?[drag.wheel] = wheel
            setNeedsDisplay()
        case .ended, .cancelled, .failed:
            guard let drag, let wheel = wheels?[safe: drag.wheel] else { return }
            self.drag = nil
            // A flick coasts on for a fifth of a second at the finger's speed.
            let speed = pan.state == .ended ? pan.velocity(in: self).y : 0
            settle(drag.wheel, toward: wheel.position - (speed.isFinite ? speed : 0) * 0.2)
        default:
            break
        }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // A finger on a turning wheel stops it where it is.
        guard let point = touches.first?.location(in: self), let index = wheel(at: point.x), var wheel = wheels?[safe: index],
            wheel.settle != nil
        else { return }
        wheel.settle = nil
        wheels?[index] = wheel
        settle(index, toward: wheel.position)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        // A tap (the pan did not take the touch): the row under the finger comes to the middle.
        guard let point = touches.first?.location(in: self), drag == nil, let index = wheel(at: point.x),
            let wheel = wheels?[safe: index], wheel.rows > 0
        else { return }
        let offset = min(max((point.y - bounds.midY) / radius, -1), 1)
        settle(index, toward: wheel.position + asin(offset) * radius)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    /// Turns a wheel to the row nearest a position; the delegate hears of it at rest.
    private func settle(_ index: Int, toward position: CGFloat) {
        guard var wheel = wheels?[safe: index], wheel.rows > 0 else { return }
        let row = min(max(Int((position / wheel.rowHeight).rounded().clamped(to: -1e9...1e9)), 0), wheel.rows - 1)
        wheel.settle = (wheel.position, CGFloat(row) * wheel.rowHeight, row, nil, true)
        wheels?[index] = wheel
        setNeedsDisplay()
    }

    // MARK: Frames

    package var wantsFrames: Bool { wheels?.contains { $0.settle != nil } ?? false }
    package var isSettling: Bool { wantsFrames }

    package func advanceFrame(to time: TimeInterval) {
        guard var wheels, time.isFinite else { return }
        var selected: [(row: Int, wheel: Int)] = []
        for index in wheels.indices {
            guard let settle = wheels[index].settle else { continue }
            guard let start = settle.start else {
                wheels[index].settle = (settle.from, settle.to, settle.row, time, settle.notifies)
                continue
            }
            // A quarter of a second, plus a little for each row travelled, easing out.
            let distance = abs(settle.to - settle.from) / max(wheels[index].rowHeight, 1)
            let duration = 0.25 + min(0.35, 0.03 * Double(distance))
            let t = min(max((time - start) / duration, 0), 1)
            let eased = 1 - pow(1 - t, 3)
            wheels[index].position = settle.from + (settle.to - settle.from) * eased
            if t >= 1 {
                wheels[index].settle = nil
                wheels[index].position = settle.to
                let changed = wheels[index].selected != settle.row
                wheels[index].selected = settle.row
                if settle.notifies, changed { selected.append((settle.row, index)) }
            }
        }
        self.wheels = wheels
        setNeedsDisplay()
        for pick in selected { delegate?.pickerView(self, didSelectRow: pick.row, inComponent: pick.wheel) }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
