import Foundation

/// The one table of gesture thresholds: UIKit's recognizers, its tap counting, the map's
/// gestures and the playground's synthesized fingers all read it (rule 24). Each value says
/// where it comes from.
package enum GestureThresholds {
    /// Movement under this many points is still a tap or a long press: UIKit's documented
    /// default `allowableMovement` of `UILongPressGestureRecognizer`, 10 points.
    package static let tapSlop: CGFloat = 10
    /// How long a finger holds still for a long press: UIKit's documented default
    /// `minimumPressDuration`, 0.5 s.
    package static let longPressDuration: TimeInterval = 0.5
    /// How soon the next tap of a multi-tap must begin after a tap lifts: 0.35 s, UIKit's
    /// interval between taps (not documented; the value measured on iOS and used by
    /// UIKit's tap recognizer and `UITouch.tapCount`).
    package static let multiTapInterval: TimeInterval = 0.35
    /// How far apart the taps of a multi-tap may be: 45 points, UIKit's separation between
    /// successive taps (not documented; measured on iOS).
    package static let multiTapDistance: CGFloat = 45
    /// The most fingers tracked at once on a map; more are ignored (a phone's screen reports
    /// at most ten).
    package static let maximumTouches = 10
    /// Finger positions this recent set a pan's release velocity (ours: the last 0.1 s, as
    /// `UIPanGestureRecognizer.velocity(in:)` follows the recent motion).
    package static let velocityWindow: TimeInterval = 0.1
    /// A finger still this long before lifting has rested: no fling (ours).
    package static let restInterval: TimeInterval = 0.05
    /// A finger that has not reported for this long counts as still (ours).
    package static let stillInterval: TimeInterval = 0.05
    /// Slower releases do not fling, in points a second (ours).
    package static let minimumFlingSpeed: CGFloat = 100
    /// Relative change of the fingers' distance that starts a pinch (ours).
    package static let pinchThreshold: CGFloat = 0.05
    /// Turn of the fingers, in degrees, that starts a rotation (ours).
    package static let rotationThreshold: CGFloat = 10
    /// Degrees of viewing angle per point two fingers move up or down together (ours).
    package static let tiltDegreesPerPoint: Double = 0.25
}
