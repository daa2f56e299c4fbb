import Foundation
import MapUIKit
import Testing

/// Run inside `HostileInputTests`, one at a time: their children are large.
extension HostileInputTests {
    /// View hierarchies far deeper than any screen (docs/limits.md), in a child process.
    @Suite("Hostile input: view hierarchies")
    struct ViewHierarchyHostileTests {
        /// A chain of 100,000 views, each added under the last: the hierarchy stops at
        /// `UIView.maximumDepth`, builds at once, lays out, hit-tests and draws without
        /// overflowing the stack; a deep subtree is not added where it would pass the limit.
        @Test func limitViewHierarchyDepthIsBounded() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run(seconds: 30) {
                    await MainActor.run {
                        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
                        var last = root
                        for _ in 0..<100_000 {
                            let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
                            view.backgroundColor = .red
                            last.addSubview(view)
                            if view.superview != nil { last = view }
                        }
                        var depth = 1
                        var current = root
                        while let next = current.subviews.first {
                            depth += 1
                            current = next
                        }
                        guard depth == UIView.maximumDepth else {
                            print("depth \(depth)")
                            exit(4)
                        }
                        root.layoutIfNeeded()
                        guard root.hitTest(CGPoint(x: 10, y: 10), with: nil) === last else { exit(5) }
                        guard root.renderedImage(scale: 1).size == CGSize(width: 200, height: 200) else { exit(6) }
                        // A chain of 10 under a view 250 deep would be 260 deep: not added.
                        let chain = UIView()
                        var end = chain
                        for _ in 0..<9 {
                            let next = UIView()
                            end.addSubview(next)
                            end = next
                        }
                        var at250 = root
                        for _ in 1..<250 { at250 = at250.subviews[0] }
                        at250.addSubview(chain)
                        guard chain.superview == nil else { exit(7) }
                    }
                }
            }
        }
    }
}
