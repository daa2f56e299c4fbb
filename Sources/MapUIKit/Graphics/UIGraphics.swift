import Foundation
import MapDrawing

/// The stack of current graphics contexts, one per thread, as UIKit keeps it.
enum GraphicsContextStack {
    private final class Stack {
        var contexts: [CGContext] = []
    }

    private static let key = "OpenMaps.MapUIKit.GraphicsContextStack"

    private static var stack: Stack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? Stack { return stack }
        let stack = Stack()
        dictionary[key] = stack
        return stack
    }

    static var current: CGContext? { stack.contexts.last }

    static func push(_ context: CGContext) { stack.contexts.append(context) }

    static func pop() { _ = stack.contexts.popLast() }

    /// Runs `body` with `context` as the current context.
    static func with<T>(_ context: CGContext, _ body: () throws -> T) rethrows -> T {
        push(context)
        defer { pop() }
        return try body()
    }
}

/// The current graphics context: inside a renderer's block, a view's `draw(_:)`, or
/// between `UIGraphicsBeginImageContextWithOptions` and `UIGraphicsEndImageContext`.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current
}

/// Starts an image context of a size in points; `scale` 0 means the main screen's scale.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let usedScale = scale > 0 && scale.isFinite ? scale : UIScreen.defaultScale
    let context = CGContext(canvas: Canvas.forImage(size: size, scale: usedScale))
    if opaque { context.canvas.clear(.white) }
    GraphicsContextStack.push(context)
}

/// Starts an image context at scale 1.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// The image drawn so far in the current image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let context = GraphicsContextStack.current else { return nil }
    return UIImage(bitmap: context.canvas.bitmap.copy(), scale: context.canvas.scale)
}

/// Ends the current image context.
public func UIGraphicsEndImageContext() {
    GraphicsContextStack.pop()
}
