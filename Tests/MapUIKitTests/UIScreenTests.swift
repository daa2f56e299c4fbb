import Foundation
import MapUIKit
import Testing

@MainActor
@Suite("UIScreen")
struct UIScreenTests {
    @Test func workStartedUnderAScaleRunsAtThatScaleAndLeavesTheProcessAlone() async {
        let process = UIScreen.main.scale
        let other: CGFloat = process == 1 ? 3 : 1
        // A task started inside (a geocoder's completion, say) reads the same scale later.
        let later = UIScreen.withScale(other) { Task { @MainActor in UIScreen.main.scale } }
        #expect(await later.value == other)
        #expect(UIScreen.withScale(other) { UIScreen.main.scale } == other)
        #expect(UIScreen.main.scale == process, "the process-wide value is untouched")
        #expect(UIScreen.withScale(.nan) { UIScreen.main.scale } == process, "an unusable scale is ignored")
    }
}
