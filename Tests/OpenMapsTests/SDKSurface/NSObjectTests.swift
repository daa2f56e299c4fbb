import Foundation
import OpenMaps
import Testing

/// Every `GMS*` class is an `NSObject`, with the SDK's equality: identity, but for map IDs.
@Suite("NSObject")
struct NSObjectTests {
    @Test func overlaysAreEqualByIdentityAndWorkAsSetMembers() {
        let a = GMSMarker(), b = GMSMarker()
        let markers: Set<GMSMarker> = [a, b, a]
        #expect(markers.count == 2 && a == a && a != b)
        let names: [GMSOverlay: String] = [a: "a"]
        #expect(names[a] == "a")
        #expect(a.description.contains("GMSMarker"))
    }

    @Test func copiesFollowNSCopying() throws {
        let path = GMSMutablePath()
        path.addLatitude(1, longitude: 2)
        let copy = path.copy()
        #expect(!(copy is GMSMutablePath) && copy is GMSPath)
        let mutable = try #require(GMSPath(path: path).mutableCopy() as? GMSMutablePath)
        mutable.addLatitude(3, longitude: 4)
        #expect(mutable.count() == 2 && path.count() == 1)
        let camera = GMSCameraPosition(latitude: 1, longitude: 2, zoom: 3)
        #expect(camera.copy() is GMSCameraPosition && camera.mutableCopy() is GMSMutableCameraPosition)
        let marker = GMSMarker()
        marker.userData = 7
        let markerCopy = try #require(marker.copy() as? GMSMarker)
        #expect(markerCopy !== marker && markerCopy.userData as? Int == 7)
        let advanced = GMSAdvancedMarker()
        advanced.collisionBehavior = .optionalAndHidesLowerPriority
        #expect((advanced.copy() as? GMSAdvancedMarker)?.collisionBehavior == .optionalAndHidesLowerPriority)
    }

    @Test func mapIDsAreEqualByIdentifier() {
        #expect(GMSMapID(identifier: "a") == GMSMapID(identifier: "a"))
        #expect(GMSMapID(identifier: "a") != GMSMapID(identifier: "b"))
        #expect(Set([GMSMapID(identifier: "a"), GMSMapID(identifier: "a")]).count == 1)
    }

    @Test func servicesAcceptEverythingAndNameTheirSources() {
        #expect(GMSServices.provideAPIKey("anything") && GMSServices.provideAPIOptions(["B3MWHUG2MR0DQW"]))
        GMSServices.addInternalUsageAttributionID("ignored")
        GMSServices.setAbnormalTerminationReportingEnabled(false)
        #expect(GMSServices.sharedServices() === GMSServices.sharedServices())
        #expect(GMSServices.sdkVersion() == "10.0.0" && GMSServices.sdkLongVersion().hasPrefix("10.0.0 (OpenMaps"))
        let licences = GMSServices.openSourceLicenseInfo()
        #expect(licences.contains("OpenStreetMap") && licences.contains("Natural Earth") && licences.contains("GeoNames"))
    }
}
