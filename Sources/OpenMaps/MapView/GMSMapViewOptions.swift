import Foundation

/// What a map view starts with.
///
/// A plain `NSObject` with no actor isolation, as in the SDK.
public final class GMSMapViewOptions: NSObject {
    /// The view's frame.
    public var frame: CGRect = .zero
    /// The first camera; nil for the default: (0, 0) at the lowest zoom, the whole world.
    public var camera: GMSCameraPosition?
    /// The map ID, for the capabilities it brings (see ``GMSMapView/mapCapabilities``).
    public var mapID: GMSMapID?
    /// The colour behind the map while nothing is drawn (nil: the basemap's land colour).
    public var backgroundColor: UIColor?

    public override init() {
        super.init()
    }

    convenience init(frame: CGRect, camera: GMSCameraPosition?) {
        self.init()
        self.frame = frame
        self.camera = camera
    }
}

/// A map ID: in the SDK it names a cloud-made map style and its capabilities. OpenMaps has no
/// cloud styling: any map ID gives a map the capabilities ``GMSMapView/mapCapabilities`` lists,
/// and the basemap looks the same.
public final class GMSMapID: NSObject, NSCopying, Sendable {
    /// The identifier.
    let identifier: String

    /// A map ID from its identifier.
    public init(identifier: String) {
        self.identifier = identifier
        super.init()
    }

    /// The map ID for trying map-ID features without one of your own.
    public class var demoMapID: GMSMapID { GMSMapID(identifier: "DEMO_MAP_ID") }

    /// The map ID itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? GMSMapID)?.identifier == identifier
    }

    public override var hash: Int { identifier.hashValue }

    public override var description: String { "GMSMapID(\(identifier))" }
}

/// What a map can draw, as its map ID allows.
public struct GMSMapCapabilityFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// ``GMSAdvancedMarker``s draw with their collision behaviour.
    public static let advancedMarkers = GMSMapCapabilityFlags(rawValue: 1 << 0)
    /// Feature layers (data-driven styling) are available.
    public static let dataDrivenStyling = GMSMapCapabilityFlags(rawValue: 1 << 1)
    /// Polylines draw ``GMSSpriteStyle`` stamps.
    public static let spritePolylines = GMSMapCapabilityFlags(rawValue: 1 << 2)
}

/// The frame rate a map aims for. Hosts pace frames by it: `.maximum` every display frame,
/// `.conservative` at most 30 a second, `.powerSave` at most 20 (the SDK's meanings are "as
/// fast as possible", "smooth where it matters", "save battery"; these figures are OpenMaps').
public enum GMSFrameRate: UInt, Sendable {
    case powerSave = 0
    case conservative = 1
    case maximum = 2

    /// The shortest time between frames, in seconds (0: none).
    package var minimumFrameInterval: TimeInterval {
        switch self {
        case .powerSave: 1.0 / 20
        case .conservative: 1.0 / 30
        case .maximum: 0
        }
    }
}

/// How a map's safe area adds to its padding.
public enum GMSMapViewPaddingAdjustmentBehavior: UInt, Sendable {
    /// The safe area always adds to the padding.
    case always = 0
    /// Each edge takes the larger of its padding and its safe-area inset.
    case automatic = 1
    /// The safe area is ignored (the SDK's behaviour before 2.5).
    case never = 2

    /// The padding the camera uses.
    func adjusted(_ padding: UIEdgeInsets, safeArea: UIEdgeInsets) -> UIEdgeInsets {
        switch self {
        case .always:
            UIEdgeInsets(
                top: padding.top + safeArea.top, left: padding.left + safeArea.left,
                bottom: padding.bottom + safeArea.bottom, right: padding.right + safeArea.right)
        case .automatic:
            UIEdgeInsets(
                top: max(padding.top, safeArea.top), left: max(padding.left, safeArea.left),
                bottom: max(padding.bottom, safeArea.bottom), right: max(padding.right, safeArea.right))
        case .never:
            padding
        }
    }
}

/// The accessibility identifier of the compass button.
public let kGMSAccessibilityCompass = "GMSAccessibilityCompass"
/// The accessibility identifier of the My Location button.
public let kGMSAccessibilityMyLocation = "GMSAccessibilityMyLocation"
/// The accessibility identifier of the "out of quota" error label (never shown: no quota).
public let kGMSAccessibilityOutOfQuota = "GMSAccessibilityOutOfQuota"
