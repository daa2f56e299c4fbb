import Foundation

/// What an info window shows, in the order the delegate decides it (docs/behaviour.md rule 1).
@MainActor
public enum InfoWindowContent {
    /// The default bubble with a bold title and a grey snippet below it.
    case text(title: String?, snippet: String?)
    /// A view placed inside the default bubble (`markerInfoContents`).
    case contents(UIView)
    /// A whole window drawn as is (`markerInfoWindow`), at most 500 x 500 points.
    case window(UIView)

    /// The default content for a marker: its title and snippet.
    public static func text(of marker: GMSMarker) -> InfoWindowContent {
        .text(title: marker.title, snippet: marker.snippet)
    }
}

/// A rendered info window and where its pointer's tip is.
public struct InfoWindowImage: Sendable {
    /// The picture, shadow included.
    public let image: UIImage
    /// The tip of the pointer in the image, in points: this point sits on the marker's
    /// `infoWindowAnchor`.
    public let anchor: CGPoint
    /// The part of the image a tap hits (the bubble and pointer, not the shadow), in points.
    public let hitRect: CGRect
}
