import ConstraintSolver
import Foundation
import MapUIKit
import Testing

/// Run inside `HostileInputTests`, one at a time: their children are large.
extension HostileInputTests {
    /// Constraint systems at and past the solver's limits (docs/limits.md), in child processes.
    @Suite("Hostile input: constraint systems")
    struct SolverHostileTests {
        /// A chain `v[i] = v[i-1] + 1` of 10,000 required equalities: its rows grow with it, so it
        /// stops at the tableau's budget, refused with a clear error, within memory; the links
        /// before hold.
        @Test func limitSolverAChainOfTenThousandEqualitiesStopsAtTheTableauBudget() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    let solver = Solver()
                    let variables = (0..<10_000).map { Variable("v\($0)") }
                    try? solver.addConstraint(Constraint(Expression(variables[0]), .equal, Expression(constant: 0)))
                    var linked = 0
                    for i in 1..<variables.count {
                        do {
                            try solver.addConstraint(Constraint(Expression(variables[i]), .equal, variables[i - 1] + 1))
                            linked = i
                        } catch {
                            guard (error as? SolverError) == .tooLarge(Solver.maximumTableauCells) else { exit(4) }
                            break
                        }
                    }
                    guard linked > 2_000, linked < 9_999, abs(solver.value(of: variables[linked]) - Double(linked)) < 1e-6 else {
                        print("linked \(linked)")
                        exit(5)
                    }
                }
            }
        }

        /// A star of 200,000 constraints on one variable, the documented most: quick.
        @Test func limitSolverAStarOf200000ConstraintsIsSolvedInTime() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    let solver = Solver()
                    let hub = Variable("hub")
                    try? solver.addConstraint(Constraint(Expression(hub), .equal, Expression(constant: 10)))
                    for i in 1..<Solver.maximumConstraints {
                        let leaf = Variable()
                        try? solver.addConstraint(Constraint(Expression(leaf), .equal, hub + Double(i % 100), strength: i % 3 == 0 ? Strength.strong : Strength.required))
                    }
                    guard solver.constraintCount == Solver.maximumConstraints, solver.value(of: hub) == 10 else { exit(4) }
                }
            }
        }

        /// 25,000 views stacked in a vertical stack view (a chain of 25,000 equalities, six times
        /// what the tableau's budget holds; it once took over 3 GB): the stack is built in linear
        /// time, the tableau's budget refuses the links past it, logged, within memory; the
        /// first views are laid out one under the other.
        @Test func limitLayoutTwentyFiveThousandStackedViewsStayWithinMemory() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    await MainActor.run {
                        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
                        let stack = UIStackView(frame: root.bounds)
                        stack.axis = .vertical
                        root.addSubview(stack)
                        var views: [UIView] = []
                        for _ in 0..<25_000 {
                            let view = UIView()
                            view.heightAnchor.constraint(equalToConstant: 10).isActive = true
                            stack.addArrangedSubview(view)
                            views.append(view)
                        }
                        root.layoutIfNeeded()
                        guard views[1].frame.minY == 10, views[100].frame.minY == 1_000 else {
                            print("\(views[1].frame) \(views[100].frame)")
                            exit(4)
                        }
                    }
                }
            }
        }
    }
}
