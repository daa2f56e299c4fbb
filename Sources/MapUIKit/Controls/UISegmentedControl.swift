import Foundation
import MapDrawing

/// A row of segments of which one is selected, as UIKit's `UISegmentedControl`: drawn like
/// iOS 17 (a grey capsule track, the selected segment raised in white, or grey in dark), 32
/// points high. A tap on a segment selects it and sends `.valueChanged` (and runs the
/// segment's action, if it has one).
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// The index meaning "no segment".
    nonisolated public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: UIImage?
        var action: UIAction?
        var isEnabled = true
        var width: CGFloat = 0
    }

    private var segments: [Segment] = []
    private var pressedIndex: Int?
    /// Title layouts by title, weight and width: shaping text is the costly part of a frame,
    /// and the same few titles are drawn frame after frame (layouts are drawn in any colour).
    private var titleLayouts: [String: TextLayout] = [:]

    /// The selected segment's index, or `noSegment`.
    open var selectedSegmentIndex = UISegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex < -1 || selectedSegmentIndex >= segments.count { selectedSegmentIndex = Self.noSegment }
            setNeedsDisplay()
        }
    }
    /// Whether a tap selects only while the finger is down (false).
    open var isMomentary = false
    /// Whether segments are as wide as their content (false: equal widths).
    open var apportionsSegmentWidthsByContent = false { didSet { setNeedsDisplay() } }
    /// The selected segment's colour (white in light, grey in dark when nil).
    open var selectedSegmentTintColor: UIColor? { didSet { setNeedsDisplay() } }

    /// A control with segments titled by strings or showing images.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            if let title = item as? String {
                segments.append(Segment(title: title))
            } else if let image = item as? UIImage {
                segments.append(Segment(image: image))
            }
        }
        sizeToFitContent()
    }

    /// A control with a segment for each action (titled and imaged by it).
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        segments = actions.map { Segment(title: $0.title.isEmpty ? nil : $0.title, image: $0.image, action: $0) }
        if frame.size == .zero { sizeToFitContent() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    private func sizeToFitContent() {
        frame.size = intrinsicContentSize
    }

    // MARK: Segments

    /// How many segments there are.
    open var numberOfSegments: Int { segments.count }

    private func clamped(_ index: Int, inserting: Bool = false) -> Int {
        min(max(index, 0), inserting ? segments.count : max(segments.count - 1, 0))
    }

    /// Inserts a titled segment.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    /// Inserts a segment showing an image.
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    /// Inserts a segment for an action.
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Segment(title: action.title.isEmpty ? nil : action.title, image: action.image, action: action), at: segment)
    }

    private func insert(_ new: Segment, at index: Int) {
        let position = clamped(index, inserting: true)
        segments.insert(new, at: position)
        if selectedSegmentIndex >= position { selectedSegmentIndex += 1 }
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// Removes a segment.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selectedSegmentIndex == segment { selectedSegmentIndex = Self.noSegment } else if selectedSegmentIndex > segment { selectedSegmentIndex -= 1 }
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// Removes every segment.
    open func removeAllSegments() {
        segments.removeAll()
        selectedSegmentIndex = Self.noSegment
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// Sets a segment's title.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// A segment's title.
    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    /// Sets a segment's image.
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// A segment's image.
    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// Sets a segment's action (its title and image follow it).
    open func setAction(_ action: UIAction, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment] = Segment(title: action.title.isEmpty ? nil : action.title, image: action.image, action: action)
        setNeedsDisplay()
    }

    /// A segment's action.
    open func actionForSegment(at segment: Int) -> UIAction? {
        segments.indices.contains(segment) ? segments[segment].action : nil
    }

    /// Enables or disables one segment.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        setNeedsDisplay()
    }

    /// Whether a segment is enabled.
    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    /// Sets a segment's width (0: automatic).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = width.isFinite ? max(0, width) : 0
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// A segment's width (0: automatic).
    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    // MARK: Geometry

    private static let height: CGFloat = 32
    private static let font = UIFont.systemFont(ofSize: 13)
    private static let selectedFont = UIFont.systemFont(ofSize: 13, weight: .semibold)

    private func contentWidth(_ segment: Segment) -> CGFloat {
        if let title = segment.title {
            let label = UILabel()
            label.font = Self.selectedFont
            label.text = title
            return label.intrinsicContentSize.width
        }
        return segment.image?.size.width ?? 0
    }

    open override var intrinsicContentSize: CGSize {
        let widths = segments.map { $0.width > 0 ? $0.width : contentWidth($0) + 24 }
        let width = apportionsSegmentWidthsByContent ? widths.reduce(0, +) : (widths.max() ?? 0) * CGFloat(segments.count)
        return CGSize(width: width + 4, height: Self.height)
    }

    /// Each segment's rectangle in the bounds.
    private func segmentFrames() -> [CGRect] {
        guard !segments.isEmpty else { return [] }
        let inner = bounds.insetBy(dx: 2, dy: 2)
        let fixed = segments.reduce(CGFloat(0)) { $0 + $1.width }
        let automatic = segments.filter { $0.width == 0 }
        var widths: [CGFloat]
        if apportionsSegmentWidthsByContent {
            let contents = segments.map { $0.width > 0 ? $0.width : contentWidth($0) + 24 }
            let total = contents.reduce(0, +)
            widths = contents.map { total > 0 ? $0 / total * inner.width : inner.width / CGFloat(segments.count) }
        } else {
            let each = automatic.isEmpty ? 0 : max(0, inner.width - fixed) / CGFloat(automatic.count)
            widths = segments.map { $0.width > 0 ? $0.width : each }
        }
        var x = inner.minX
        return widths.map { width in
            defer { x += width }
            return CGRect(x: x, y: inner.minY, width: width, height: inner.height)
        }
    }

    private func segmentIndex(at point: CGPoint) -> Int? {
        segmentFrames().firstIndex { $0.minX <= point.x && point.x < $0.maxX }
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        guard isEnabled, let touch = touches.first else { return }
        pressedIndex = segmentIndex(at: touch.location(in: self))
        setNeedsDisplay()
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let point = touches.first?.location(in: self)
        super.touchesEnded(touches, with: event)
        defer {
            pressedIndex = nil
            setNeedsDisplay()
        }
        guard isEnabled, let point, bounds.contains(point), let index = segmentIndex(at: point), segments[index].isEnabled else { return }
        if isMomentary {
            selectedSegmentIndex = index
            sendSegmentActions(index)
            selectedSegmentIndex = Self.noSegment
        } else if index != selectedSegmentIndex {
            selectedSegmentIndex = index
            sendSegmentActions(index)
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        pressedIndex = nil
        setNeedsDisplay()
    }

    private func sendSegmentActions(_ index: Int) {
        if let action = segments[index].action { sendAction(action) }
        sendActions(for: .valueChanged)
    }

    override func touchUpInside() {
        sendActions(for: .touchUpInside)
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), bounds.width > 0, bounds.height > 0 else { return }
        let canvas = context.canvas
        let dark = traitCollection.userInterfaceStyle == .dark
        let alpha: Double = isEnabled ? 1 : 0.5
        canvas.fill(.roundedRect(bounds, cornerRadius: 9), with: UIColor.tertiarySystemFill.color)
        let frames = segmentFrames()
        for (index, frame) in frames.enumerated() where index == selectedSegmentIndex {
            let shape = Path.roundedRect(frame, cornerRadius: 7)
            canvas.drawShadow(of: shape, color: Color(white: 0, alpha: 0.12 * alpha), offset: CGSize(width: 0, height: 3), radius: 1)
            let fill = selectedSegmentTintColor?.color ?? (dark ? Color(rgb: 0x636366) : Color(white: 1, alpha: 1))
            canvas.fill(shape, with: fill.withAlpha(fill.alpha * alpha))
        }
        // Dividers between segments neither of which is selected.
        for index in 1..<max(frames.count, 1) where index != selectedSegmentIndex && index - 1 != selectedSegmentIndex {
            let x = frames[index].minX
            canvas.fill(
                .rect(CGRect(x: x - 0.5, y: frames[index].minY + 7, width: 1, height: frames[index].height - 14)),
                with: UIColor.separator.color.withAlpha(UIColor.separator.color.alpha * alpha))
        }
        for (index, frame) in frames.enumerated() {
            let segment = segments[index]
            let enabled = isEnabled && segment.isEnabled
            var color = (enabled ? UIColor.label : UIColor.tertiaryLabel).color
            if pressedIndex == index, index != selectedSegmentIndex { color = color.withAlpha(color.alpha * 0.4) }
            if let title = segment.title {
                let font = index == selectedSegmentIndex ? Self.selectedFont : Self.font
                let key = "\(index == selectedSegmentIndex)|\(frame.width)|\(title)"
                let layout = titleLayouts[key] ?? TextLayout(text: title, style: TextStyle(font: font.font, maximumLines: 1), width: Double(frame.width - 8))
                if titleLayouts.count > 4 * max(segments.count, 1) { titleLayouts.removeAll() }
                titleLayouts[key] = layout
                let origin = CGPoint(x: frame.midX - layout.size.width / 2, y: frame.midY - layout.size.height / 2)
                layout.draw(in: canvas, at: origin, color: color)
            } else if let image = segment.image {
                let size = image.size
                image.draw(in: CGRect(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2, width: size.width, height: size.height), canvas: canvas, alpha: enabled ? 1 : 0.5, tint: UIColor(color))
            }
        }
    }
}
