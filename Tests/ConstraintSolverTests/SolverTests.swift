@testable import ConstraintSolver
import Testing

/// The solver's contract beyond the oracle: layouts, refusals, edits, limits.
@Suite struct SolverTests {
    @Test func requiredConstraintsHoldAndWeakerOnesGiveWay() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width")
        try solver.addConstraint(Constraint(left + width, .lessThanOrEqual, Expression(constant: 320)))
        try solver.addConstraint(Constraint(Expression(width), .equal, Expression(constant: 100), strength: Strength.strong))
        try solver.addConstraint(Constraint(Expression(left), .equal, Expression(constant: 300), strength: Strength.weak))
        #expect(solver.value(of: width) == 100)
        #expect(solver.value(of: left) == 220)
    }

    @Test func strengthsTradeOffByWeight() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(Constraint(Expression(x), .equal, Expression(constant: 10), strength: 250))
        try solver.addConstraint(Constraint(Expression(x), .equal, Expression(constant: 20), strength: 750))
        #expect(solver.value(of: x) == 20)
    }

    @Test func rule42UnsatisfiableConstraintIsRefusedAndNamesTheConflict() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let pin = Constraint(Expression(x), .equal, Expression(constant: 10))
        let sum = Constraint(x + y, .equal, Expression(constant: 30))
        let floor = Constraint(Expression(y), .greaterThanOrEqual, Expression(constant: 0))
        let unrelated = Constraint(Expression(Variable("z")), .equal, Expression(constant: 1))
        for constraint in [pin, sum, floor, unrelated] { try solver.addConstraint(constraint) }
        let conflict = Constraint(Expression(y), .lessThanOrEqual, Expression(constant: 5))
        #expect(throws: SolverError.unsatisfiable(conflict, conflicting: [pin, sum, conflict])) {
            try solver.addConstraint(conflict)
        }
        #expect(!solver.hasConstraint(conflict))
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 20)
    }

    @Test func conflictingRequiredEqualitiesAreRefused() throws {
        let solver = Solver()
        let width = Variable("width")
        let first = Constraint(Expression(width), .equal, Expression(constant: 100))
        try solver.addConstraint(first)
        let second = Constraint(Expression(width), .equal, Expression(constant: 200))
        #expect(throws: SolverError.unsatisfiable(second, conflicting: [first, second])) {
            try solver.addConstraint(second)
        }
        #expect(solver.value(of: width) == 100)
    }

    @Test func aRefusalLeavesTheSolverAsItWasOnRandomSystems() throws {
        var random = SplitMix(seed: 42)
        var refusals = 0
        for _ in 0..<400 {
            let xs = (0..<5).map { Variable("x\($0)") }
            let solver = Solver()
            var accepted: [Constraint] = []
            for _ in 0..<14 {
                let constraint = random.constraint(over: xs)
                do {
                    try solver.addConstraint(constraint)
                    accepted.append(constraint)
                } catch {
                    refusals += 1
                    let fresh = Solver()
                    for held in accepted { try fresh.addConstraint(held) }
                    let ours = xs.map { solver.value(of: $0) }, theirs = xs.map { fresh.value(of: $0) }
                    let worst = zip(ours, theirs).map { abs($0 - $1) }.max() ?? 0
                    // Values may differ only where the optimum is not unique: then the errors agree.
                    if worst > 1e-6 {
                        #expect(abs(totalError(accepted, solver) - totalError(accepted, fresh)) <= 1e-6 * max(1, totalError(accepted, fresh)))
                    }
                }
            }
        }
        #expect(refusals > 100)
    }

    @Test func editsFollowSuggestionsAndStopWhenRemoved() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(Constraint(Expression(y), .equal, x + 10))
        try solver.addConstraint(Constraint(Expression(x), .lessThanOrEqual, Expression(constant: 100)))
        try solver.addConstraint(Constraint(Expression(x), .equal, Expression(constant: 5), strength: Strength.weak))
        try solver.addEditVariable(x, strength: Strength.strong)
        try solver.suggestValue(50, for: x)
        #expect(solver.value(of: y) == 60)
        try solver.suggestValue(500, for: x)
        #expect(solver.value(of: x) == 100)
        try solver.removeEditVariable(x)
        #expect(solver.value(of: x) == 5)
        #expect(!solver.hasEditVariable(x))
    }

    @Test func limitSolverMisuseIsAClearError() throws {
        let solver = Solver()
        let x = Variable("x")
        let constraint = Constraint(Expression(x), .equal, Expression(constant: 1))
        try solver.addConstraint(constraint)
        #expect(throws: SolverError.duplicateConstraint(constraint)) { try solver.addConstraint(constraint) }
        try solver.removeConstraint(constraint)
        #expect(throws: SolverError.unknownConstraint(constraint)) { try solver.removeConstraint(constraint) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try solver.suggestValue(1, for: x) }
        #expect(throws: SolverError.requiredEditVariable(x)) { try solver.addEditVariable(x, strength: Strength.required) }
        try solver.addEditVariable(x, strength: Strength.strong)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try solver.addEditVariable(x, strength: Strength.weak) }
        #expect(throws: SolverError.notFinite("suggested value nan for x")) { try solver.suggestValue(.nan, for: x) }
        let infinite = Constraint(Expression([Term(x, .infinity)]), .equal)
        #expect(throws: SolverError.notFinite("\(infinite)")) { try solver.addConstraint(infinite) }
    }

    /// docs/limits.md: coefficients, constants and suggested values past 10^15 are refused
    /// (1e300 once turned 48 of 50 values into -inf); 10^15 itself is taken.
    @Test func limitSolverNumbersPastTheMagnitudeAreRefused() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let huge = Constraint(Expression([Term(x, 1e300), Term(y, 1)]), .equal, Expression(constant: 5))
        #expect(throws: SolverError.notFinite("\(huge)")) { try solver.addConstraint(huge) }
        let far = Constraint(Expression(x), .equal, Expression(constant: 1e16))
        #expect(throws: SolverError.notFinite("\(far)")) { try solver.addConstraint(far) }
        try solver.addConstraint(Constraint(Expression([Term(x, Solver.maximumMagnitude)]), .equal, Expression(constant: Solver.maximumMagnitude)))
        #expect(abs(solver.value(of: x) - 1) < 1e-9)
        try solver.addEditVariable(y, strength: Strength.strong)
        #expect(throws: SolverError.notFinite("suggested value 1e+300 for y")) { try solver.suggestValue(1e300, for: y) }
        #expect(solver.value(of: y).isFinite)
    }

    /// docs/limits.md: the tableau's terms are counted as they come and go; a constraint that
    /// would pass the budget is refused and leaves the solver as it was.
    @Test func limitSolverTableauCellsAreCountedAndBounded() throws {
        let solver = Solver()
        let variables = (0..<300).map { Variable("v\($0)") }
        try solver.addConstraint(Constraint(Expression(variables[0]), .equal, Expression(constant: 0)))
        for i in 1..<300 { try solver.addConstraint(Constraint(Expression(variables[i]), .equal, variables[i - 1] + 1)) }
        #expect(solver.cellCount == solver.rows.values.reduce(0) { $0 + $1.cells.count }, "the count is the rows' terms")
        #expect(solver.cellCount > 40_000, "a chain's rows grow: \(solver.cellCount)")
        #expect(abs(solver.value(of: variables[299]) - 299) < 1e-9)
        for i in stride(from: 299, to: 0, by: -7) {
            try solver.removeConstraint(try #require(solver.constraints.keys.first { $0.expression.terms.contains { $0.variable === variables[i] } }))
        }
        #expect(solver.cellCount == solver.rows.values.reduce(0) { $0 + $1.cells.count }, "kept as constraints go")
    }

    @Test func limitSolverStrengthsAreClamped() {
        #expect(Strength.clip(.nan) == 0)
        #expect(Strength.clip(-5) == 0)
        #expect(Strength.clip(.infinity) == Strength.required)
        #expect(Strength.create(2000, 0, 0) == 1000 * 1_000_000)
        #expect(Constraint(Expression(), .equal, strength: 5e12).isRequired)
    }

    @Test func likeTermsAreSummed() {
        let x = Variable("x")
        let constraint = Constraint(x + x + 3, .equal)
        #expect(constraint.expression.terms.count == 1)
        #expect(constraint.expression.terms.first?.coefficient == 2)
    }

    private func totalError(_ held: [Constraint], _ solver: Solver) -> Double {
        held.filter { !$0.isRequired }.reduce(0) { $0 + $1.strength * $1.violation { solver.value(of: $0) } }
    }
}

/// A small seeded generator (SplitMix64), so random systems are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func constraint(over xs: [Variable]) -> Constraint {
        let coefficients: [Double] = [1, 1, -1, 2, -2, 0.5]
        let terms = (0..<int(1...3)).map { _ in Term(xs[int(0...(xs.count - 1))], coefficients[int(0...5)]) }
        let relations: [Constraint.Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
        let strengths = [Strength.required, Strength.required, Strength.strong, Strength.medium, Strength.weak]
        return Constraint(
            Expression(terms, constant: Double(int(-100...100))), relations[int(0...2)], strength: strengths[int(0...4)])
    }
}
