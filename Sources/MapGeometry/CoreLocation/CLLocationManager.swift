import Foundation
import Synchronization

/// Whether the app may use the device's location, as CoreLocation's `CLAuthorizationStatus`.
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0, restricted, denied, authorizedAlways, authorizedWhenInUse
}

/// How precise the locations the app may have are, as CoreLocation's `CLAccuracyAuthorization`.
public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

/// What the app does with locations, as CoreLocation's `CLActivityType` (a hint; unused here).
public enum CLActivityType: Int, Sendable {
    case other = 1, automotiveNavigation, fitness, otherNavigation, airborne
}

/// The best accuracy there is, for navigation.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// The best accuracy there is.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// Within ten metres.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// Within a hundred metres.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// Within a kilometre.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1_000
/// Within three kilometres.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3_000
/// Every movement reported.
public let kCLDistanceFilterNone: CLLocationDistance = -1
/// The domain of location errors.
public let kCLErrorDomain = "kCLErrorDomain"

/// A location error, as CoreLocation's `CLError`: `catch CLError.denied` and
/// `(error as NSError).domain == kCLErrorDomain` work as with CoreLocation.
public struct CLError: Error, Sendable, Equatable, CustomNSError {
    /// The kinds of location error (OpenMaps reports `locationUnknown` and `denied`).
    public enum Code: Int, Sendable {
        /// No location is known yet.
        case locationUnknown = 0
        /// The app may not use the location.
        case denied = 1
        /// The network was unavailable.
        case network = 2
        /// The heading could not be found.
        case headingFailure = 3
        /// The user declined to share the location when asked.
        case promptDeclined = 18
    }

    /// What went wrong.
    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }

    public static var errorDomain: String { kCLErrorDomain }
    public var errorCode: Int { code.rawValue }

    public static let locationUnknown = Code.locationUnknown
    public static let denied = Code.denied
    public static let network = Code.network
    public static let headingFailure = Code.headingFailure
    public static let promptDeclined = Code.promptDeclined
}

/// Matches an error of a location error code (`catch CLError.denied`, `case CLError.denied:`).
public func ~= (code: CLError.Code, error: any Error) -> Bool {
    (error as? CLError)?.code == code
}

/// Receives a location manager's locations, errors and authorization changes, on the main
/// actor (main-actor isolated here, so both `extension VC: CLLocationManagerDelegate` and
/// `extension VC: @MainActor CLLocationManagerDelegate` compile). Every method is optional.
@preconcurrency @MainActor
public protocol CLLocationManagerDelegate: AnyObject {
    /// New locations, oldest first.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// Locations could not be had.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error)
    /// The app's authorization changed (also once after the manager is made).
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// The older form of `locationManagerDidChangeAuthorization(_:)`.
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
}

extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}

/// Delivers the device's location, as CoreLocation's `CLLocationManager`. Locations come from
/// ``SimulatedLocation`` (OpenMaps' stand-in for the device's receiver, which also places a
/// map's My Location dot); calls back on the main actor, never inside the call that asked.
@preconcurrency @MainActor
open class CLLocationManager: NSObject {
    /// Receives the manager's events. Held weakly.
    open weak var delegate: CLLocationManagerDelegate?
    /// The accuracy wanted (a hint: the simulated fixes carry their own).
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    /// How far the device must move, in metres, before a new location is reported
    /// (`kCLDistanceFilterNone`: every fix).
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    /// What the app does with locations (a hint).
    open var activityType = CLActivityType.other
    /// Whether updates may pause when the device is still (a hint).
    open var pausesLocationUpdatesAutomatically = true
    /// Whether updates continue in the background (a hint).
    open var allowsBackgroundLocationUpdates = false
    /// Whether the background location indicator shows (a hint).
    open var showsBackgroundLocationIndicator = false

    /// Whether updates are running.
    private(set) var isUpdating = false
    /// Whether one location was asked for with `requestLocation()`.
    private var wantsOneLocation = false
    /// The last location reported, for the distance filter.
    private var lastReported: CLLocation?

    /// The device the manager reads (the shared one, unless a test gives its own).
    let device: SimulatedLocation

    public override convenience init() {
        self.init(device: .shared)
    }

    /// A manager reading a device of its own (for tests).
    package init(device: SimulatedLocation) {
        self.device = device
        super.init()
        device.register(self)
        deliverLater { manager in manager.authorizationChanged() }
    }

    /// The most recent location, or nil when none is known or the app may not have it.
    open var location: CLLocation? {
        authorizationStatus.isAuthorized ? device.location : nil
    }

    /// The app's authorization.
    open var authorizationStatus: CLAuthorizationStatus { device.authorizationStatus }

    /// The precision the app may have (full).
    open var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }

    /// The app's authorization (the older class form); callable from any thread.
    nonisolated open class func authorizationStatus() -> CLAuthorizationStatus {
        CLAuthorizationStatus(rawValue: SimulatedLocation.sharedStatus.load(ordering: .relaxed)) ?? .notDetermined
    }

    /// Whether location services are on for the device; callable from any thread.
    nonisolated open class func locationServicesEnabled() -> Bool {
        SimulatedLocation.sharedServicesEnabled.load(ordering: .relaxed)
    }

    /// Asks to use the location while the app is in use: the first time, the simulated user
    /// answers with ``SimulatedLocation/answerToRequests``.
    open func requestWhenInUseAuthorization() {
        device.request(.authorizedWhenInUse)
    }

    /// Asks to use the location always: answered as `requestWhenInUseAuthorization()`.
    open func requestAlwaysAuthorization() {
        device.request(.authorizedAlways)
    }

    /// Starts reporting locations: the current one (if any), then each new one.
    open func startUpdatingLocation() {
        isUpdating = true
        lastReported = nil
        deliverLater { manager in manager.report() }
    }

    /// Stops reporting locations.
    open func stopUpdatingLocation() {
        isUpdating = false
        wantsOneLocation = false
    }

    /// How long `requestLocation()` waits for a fix before failing, in seconds (10, about
    /// CoreLocation's wait; OpenMaps' own, settable within 0...600, NaN as 10).
    public var requestLocationTimeout: TimeInterval = 10

    /// Asks for one location: reported once, as soon as one is known; an error
    /// (`.locationUnknown`) if none comes within ``requestLocationTimeout`` seconds.
    open func requestLocation() {
        wantsOneLocation = true
        oneLocationRequest += 1
        let request = oneLocationRequest
        deliverLater { manager in manager.report() }
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: .seconds(CLLocationManager.usableTimeout(self?.requestLocationTimeout ?? 0)))
            guard let self, self.wantsOneLocation, self.oneLocationRequest == request else { return }
            self.wantsOneLocation = false
            self.delegate?.locationManager(self, didFailWithError: CLError(.locationUnknown))
        }
    }

    /// A wait for one location as taken: within 0...600 s, NaN as 10.
    static func usableTimeout(_ seconds: TimeInterval) -> TimeInterval {
        seconds.isNaN ? 10 : min(max(seconds, 0), 600)
    }

    /// Counts `requestLocation()` calls, so an old request's timeout does not end a new one.
    private var oneLocationRequest = 0

    /// Reports the current location to the delegate, if the manager wants it.
    func report() {
        guard isUpdating || wantsOneLocation else { return }
        guard authorizationStatus.isAuthorized else {
            if authorizationStatus == .denied || authorizationStatus == .restricted {
                isUpdating = false
                wantsOneLocation = false
                delegate?.locationManager(self, didFailWithError: CLError(.denied))
            }
            return
        }
        guard let location = device.location else { return }
        if !wantsOneLocation, let lastReported, distanceFilter > 0, location.distance(from: lastReported) < distanceFilter { return }
        lastReported = location
        wantsOneLocation = false
        delegate?.locationManager(self, didUpdateLocations: [location])
    }

    /// Tells the delegate the authorization changed, both ways CoreLocation does.
    func authorizationChanged() {
        delegate?.locationManagerDidChangeAuthorization(self)
        delegate?.locationManager(self, didChangeAuthorization: authorizationStatus)
        if isUpdating || wantsOneLocation { report() }
    }

    private func deliverLater(_ work: @escaping @MainActor (CLLocationManager) -> Void) {
        Task { @MainActor [weak self] in
            guard let self else { return }
            work(self)
        }
    }
}

extension CLAuthorizationStatus {
    var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
}

/// The device's simulated location: what location managers report. A map host's
/// `setMyLocation(_:)` sets it together with that map's My Location dot (setting it here moves
/// no dot). OpenMaps' own: a process is one device, so there is one, shared by every host in it
/// (the playground's sessions too: each sees the latest fix any of them set). Locations and
/// authorization are set by hosts or tests.
@MainActor
public final class SimulatedLocation {
    /// The device.
    public static let shared = SimulatedLocation()

    private var managers: [WeakManager] = []

    /// The device's location; nil until known. Setting it reports it to updating managers.
    public var location: CLLocation? {
        didSet {
            guard location !== oldValue else { return }
            for manager in liveManagers() { manager.report() }
        }
    }

    /// The app's authorization (`.notDetermined` until asked).
    public var authorizationStatus = CLAuthorizationStatus.notDetermined {
        didSet {
            guard authorizationStatus != oldValue else { return }
            if self === SimulatedLocation.shared { SimulatedLocation.sharedStatus.store(authorizationStatus.rawValue, ordering: .relaxed) }
            for manager in liveManagers() { manager.authorizationChanged() }
        }
    }

    /// The shared device's authorization and services switch, for the class functions any
    /// thread may call.
    nonisolated static let sharedStatus = Atomic<Int32>(CLAuthorizationStatus.notDetermined.rawValue)
    nonisolated static let sharedServicesEnabled = Atomic<Bool>(true)

    /// How the simulated user answers the first request: granted (the default) or not.
    public var answerToRequests = CLAuthorizationStatus.authorizedWhenInUse

    /// Whether location services are on (true by default).
    public var servicesEnabled = true {
        didSet {
            if self === SimulatedLocation.shared { SimulatedLocation.sharedServicesEnabled.store(servicesEnabled, ordering: .relaxed) }
        }
    }

    /// A device of its own (for tests); apps use ``shared``.
    package init() {}

    /// A request for authorization: answered later, the first time only, as on a device.
    func request(_ wanted: CLAuthorizationStatus) {
        guard authorizationStatus == .notDetermined else { return }
        Task { @MainActor in
            guard self.authorizationStatus == .notDetermined else { return }
            let answer = self.answerToRequests
            self.authorizationStatus = answer == .authorizedWhenInUse || answer == .authorizedAlways ? wanted : answer
        }
    }

    func register(_ manager: CLLocationManager) {
        managers.removeAll { $0.manager == nil }
        managers.append(WeakManager(manager: manager))
    }

    private func liveManagers() -> [CLLocationManager] {
        managers.removeAll { $0.manager == nil }
        return managers.compactMap(\.manager)
    }

    /// Puts the device back as it starts: no location, authorization not asked (for tests).
    public func reset() {
        location = nil
        authorizationStatus = .notDetermined
        answerToRequests = .authorizedWhenInUse
        servicesEnabled = true
    }
}

private struct WeakManager {
    weak var manager: CLLocationManager?
}
