import Foundation

/// How a presented view controller covers the screen, as UIKit's `UIModalPresentationStyle`
/// (its raw values). On a phone, `.automatic`, `.pageSheet` and `.formSheet` are sheets: a card
/// from just below the status bar, over the dimmed presenting screen.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case blurOverFullScreen = 8
    case none = -1
    case automatic = -2
}

/// How a presented view controller comes on screen, as UIKit's `UIModalTransitionStyle`.
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl
}
