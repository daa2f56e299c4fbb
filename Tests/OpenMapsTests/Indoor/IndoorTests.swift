import Foundation
@testable import OpenMaps
import Testing

/// What an indoor display told its delegate.
@MainActor
private final class IndoorRecorder: GMSIndoorDisplayDelegate {
    var buildings = 0
    var levels = 0

    func didChangeActiveBuilding(_ building: GMSIndoorBuilding?) { buildings += 1 }
    func didChangeActiveLevel(_ level: GMSIndoorLevel?) { levels += 1 }
}

@MainActor
@Suite("Indoor")
struct IndoorTests {
    private let ground = GMSIndoorLevel(levelID: "mall/L0", name: "Ground floor", shortName: "G")
    private let first = GMSIndoorLevel(levelID: "mall/L1", name: "First floor", shortName: "1")

    @Test func indoorDisplayNeverFocusesABuilding() {
        let display = GMSIndoorDisplay()
        #expect(display.activeBuilding == nil)
        #expect(display.activeLevel == nil)
        #expect(display.delegate == nil)
    }

    @Test func settingALevelIsIgnoredWhileNoBuildingIsFocused() async throws {
        let display = GMSIndoorDisplay()
        let recorder = IndoorRecorder()
        display.delegate = recorder
        display.activeLevel = ground
        #expect(display.activeLevel == nil)
        display.activeLevel = nil
        #expect(display.activeLevel == nil && display.activeBuilding == nil)
        try await Task.sleep(for: .milliseconds(50))
        #expect(recorder.buildings == 0 && recorder.levels == 0)
        #expect(display.delegate === recorder)
    }

    @Test func levelsOfTheSamePhysicalLevelAreEqualWhateverTheirNames() {
        let sameLevelOtherName = GMSIndoorLevel(levelID: "mall/L0", name: "Lobby", shortName: "L")
        #expect(ground == sameLevelOtherName)
        #expect(ground.isEqual(sameLevelOtherName))
        #expect(ground.hash == sameLevelOtherName.hash)
        #expect(ground != first)
        #expect(!ground.isEqual("mall/L0"))
        #expect(!ground.isEqual(nil))
        #expect(Set([ground, sameLevelOtherName, first]).count == 2)
        #expect([first, ground].firstIndex(of: sameLevelOtherName) == 1)
        #expect(sameLevelOtherName.name == "Lobby" && sameLevelOtherName.shortName == "L")
    }

    @Test func levelsOfDifferentPhysicalLevelsDifferEvenWithTheSameNames() {
        let lookalike = GMSIndoorLevel(levelID: "tower/L0", name: "Ground floor", shortName: "G")
        #expect(ground != lookalike)
    }

    @Test func buildingKeepsItsLevelsInDisplayOrder() {
        let building = GMSIndoorBuilding(levels: [first, ground], defaultLevelIndex: 1, isUnderground: false)
        #expect(building.levels == [first, ground])
        #expect(building.defaultLevelIndex == 1)
        #expect(!building.isUnderground)
    }

    @Test func indoorDelegateMethodsAreOptional() {
        final class Silent: GMSIndoorDisplayDelegate {}
        let silent = Silent()
        silent.didChangeActiveBuilding(nil)
        silent.didChangeActiveLevel(nil)
        let display = GMSIndoorDisplay()
        display.delegate = silent
        #expect(display.delegate === silent)
    }
}
