import Foundation
import MapDrawing

/// Turns info window content into a picture: the default bubble around text or a contents
/// view, or a custom window view drawn as is. The picture is made once, when the window
/// opens (it is not a live view).
@MainActor
public enum InfoWindowRenderer {
    /// Renders content at a scale; nil when there is nothing to show (no title, no
    /// snippet, no view: docs/behaviour.md rule 4) or the view has no area.
    public static func render(
        _ content: InfoWindowContent, scale: CGFloat, style: InfoWindowStyle = .standard
    ) -> InfoWindowImage? {
        switch content {
        case .text(let title, let snippet):
            return renderText(title: nonEmpty(title), snippet: nonEmpty(snippet), scale: scale, style: style)
        case .contents(let view):
            return renderContents(view, scale: scale, style: style)
        case .window(let view):
            return renderWindow(view, scale: scale, style: style)
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    // MARK: Default bubble

    private static func renderText(title: String?, snippet: String?, scale: CGFloat, style: InfoWindowStyle) -> InfoWindowImage? {
        guard title != nil || snippet != nil else { return nil }
        let width = Double(style.maximumTextWidth)
        let titleLayout = title.map {
            TextLayout(
                text: $0,
                style: TextStyle(
                    font: style.titleFont, color: style.titleColor, alignment: .center, lineBreakMode: .byTruncatingTail,
                    maximumLines: style.titleMaximumLines),
                width: width)
        }
        let snippetLayout = snippet.map {
            TextLayout(
                text: $0,
                style: TextStyle(
                    font: style.snippetFont, color: style.snippetColor, alignment: .center,
                    lineBreakMode: .byTruncatingTail, maximumLines: style.snippetMaximumLines),
                width: width)
        }
        let titleSize = titleLayout?.size ?? .zero
        let snippetSize = snippetLayout?.size ?? .zero
        let spacing = titleLayout != nil && snippetLayout != nil ? style.lineSpacing : 0
        let contentSize = CGSize(
            width: min(max(titleSize.width, snippetSize.width), style.maximumTextWidth).rounded(.up),
            height: (titleSize.height + spacing + snippetSize.height).rounded(.up))
        return renderBubble(contentSize: contentSize, scale: scale, style: style) { canvas, origin in
            // Layouts are centred within the full wrapping width; shift them onto the content.
            let shift = (width - contentSize.width) / 2
            titleLayout?.draw(in: canvas, at: CGPoint(x: origin.x - shift, y: origin.y))
            snippetLayout?.draw(in: canvas, at: CGPoint(x: origin.x - shift, y: origin.y + titleSize.height + spacing))
        }
    }

    private static func renderContents(_ view: UIView, scale: CGFloat, style: InfoWindowStyle) -> InfoWindowImage? {
        guard let size = usableSize(of: view, style: style) else { return nil }
        view.layoutIfNeeded()
        return renderBubble(contentSize: size, scale: scale, style: style) { canvas, origin in
            canvas.withSavedState {
                canvas.translate(x: origin.x, y: origin.y)
                canvas.clip(to: CGRect(origin: .zero, size: size))
                view.render(in: canvas)
            }
        }
    }

    /// Draws the white bubble with its pointer and shadow around content of a size, and
    /// calls `drawContent` with the content's top left.
    private static func renderBubble(
        contentSize: CGSize, scale: CGFloat, style: InfoWindowStyle, drawContent: (Canvas, CGPoint) -> Void
    ) -> InfoWindowImage {
        let insets = style.contentInsets
        let margin = style.shadowMargin
        let bubbleWidth = max(contentSize.width + insets.left + insets.right, style.cornerRadius * 2 + style.pointerWidth + 4)
        let bubbleHeight = max(contentSize.height + insets.top + insets.bottom, style.cornerRadius * 2)
        let bubble = CGRect(x: margin, y: margin, width: bubbleWidth, height: bubbleHeight)
        let imageSize = CGSize(width: bubbleWidth + 2 * margin, height: bubbleHeight + style.pointerHeight + 2 * margin)
        let canvas = Canvas(size: imageSize, scale: scale)
        let outline = bubbleOutline(bubble, style: style)
        canvas.drawShadow(of: outline, color: style.shadowColor, offset: style.shadowOffset, radius: style.shadowRadius)
        canvas.fill(outline, with: style.backgroundColor)
        let origin = CGPoint(
            x: bubble.minX + (bubbleWidth - contentSize.width) / 2, y: bubble.minY + insets.top)
        drawContent(canvas, origin)
        let tip = CGPoint(x: bubble.midX, y: bubble.maxY + style.pointerHeight)
        let hit = CGRect(x: bubble.minX, y: bubble.minY, width: bubble.width, height: bubble.height + style.pointerHeight)
        return InfoWindowImage(image: UIImage(bitmap: canvas.bitmap, scale: canvas.scale), anchor: tip, hitRect: hit)
    }

    /// The bubble's rounded rectangle with the pointer at the bottom centre, as one outline.
    static func bubbleOutline(_ rect: CGRect, style: InfoWindowStyle) -> Path {
        let r = min(style.cornerRadius, rect.width / 2, rect.height / 2)
        let half = style.pointerWidth / 2
        var path = Path()
        path.move(to: CGPoint(x: rect.minX + r, y: rect.minY))
        path.arc(center: CGPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0)
        path.arc(center: CGPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2)
        path.line(to: CGPoint(x: rect.midX + half, y: rect.maxY))
        path.line(to: CGPoint(x: rect.midX, y: rect.maxY + style.pointerHeight))
        path.line(to: CGPoint(x: rect.midX - half, y: rect.maxY))
        path.arc(center: CGPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi)
        path.arc(center: CGPoint(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi)
        path.close()
        return path
    }

    // MARK: Custom window

    private static func renderWindow(_ view: UIView, scale: CGFloat, style: InfoWindowStyle) -> InfoWindowImage? {
        guard let size = usableSize(of: view, style: style) else { return nil }
        view.layoutIfNeeded()
        let canvas = Canvas(size: size, scale: scale)
        canvas.clip(to: CGRect(origin: .zero, size: size))
        view.render(in: canvas)
        return InfoWindowImage(
            image: UIImage(bitmap: canvas.bitmap, scale: canvas.scale),
            anchor: CGPoint(x: size.width / 2, y: size.height), hitRect: CGRect(origin: .zero, size: size))
    }

    /// The view's size limited to the largest allowed; nil when it has no area or is not finite.
    private static func usableSize(of view: UIView, style: InfoWindowStyle) -> CGSize? {
        let size = view.bounds.size
        guard size.isFinite, size.width > 0, size.height > 0 else { return nil }
        return CGSize(width: min(size.width, style.maximumViewSize), height: min(size.height, style.maximumViewSize))
    }
}
