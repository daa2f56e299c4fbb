import Benchmark
import ConstraintSolver

/// Auto Layout figures: the Cassowary solver on a system of 1,000 constraints.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )

    Benchmark("Solver: build a screen of 200 rows (1,000 constraints)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ScreenOfRows(count: 200))
        }
    }

    // A phone's window resized (390 to 375 points wide): every row follows, no pivot.
    Benchmark("Solver: an edit on 1,000 constraints (resize)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let screen = ScreenOfRows(count: 200)
        var width = 390.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            width = width == 390 ? 375 : 390
            try? screen.solver.suggestValue(width, for: screen.windowWidth)
            blackHole(screen.solver.value(of: screen.widths[199]))
        }
    }

    // The phone rotated (390 to 844 points wide): every row reaches its maximum width, so every
    // row pivots.
    Benchmark("Solver: an edit on 1,000 constraints (rotation)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let screen = ScreenOfRows(count: 200)
        var width = 390.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            width = width == 390 ? 844 : 390
            try? screen.solver.suggestValue(width, for: screen.windowWidth)
            blackHole(screen.solver.value(of: screen.widths[199]))
        }
    }

    Benchmark("Solver: add and remove one constraint on 1,000", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let screen = ScreenOfRows(count: 200)
        let extra = Constraint(Expression(screen.widths[100]), .equal, Expression(constant: 300), strength: Strength.strong)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try? screen.solver.addConstraint(extra)
            try? screen.solver.removeConstraint(extra)
        }
    }
}

/// A window of 200 rows stacked top to bottom, as a table-like screen lays them out: each
/// row is centred in the window, at least 16 points from its edges, at most 600 wide, and
/// would fill the window less 32 points (priority 750); each row is 44 high and 8 below the
/// one before. Five constraints a row; the window's width is an edit variable. The same
/// system is built for kiwisolver by `Benchmarks/solver_compare.py`.
struct ScreenOfRows {
    let solver = Solver()
    let windowWidth = Variable("window.width")
    var lefts: [Variable] = []
    var widths: [Variable] = []
    var tops: [Variable] = []

    init(count: Int) {
        lefts = (0..<count).map { Variable("row\($0).left") }
        widths = (0..<count).map { Variable("row\($0).width") }
        tops = (0..<count).map { Variable("row\($0).top") }
        for index in 0..<count {
            let left = lefts[index], width = widths[index]
            try? solver.addConstraint(Constraint(2 * left + width, .equal, Expression(windowWidth)))
            try? solver.addConstraint(Constraint(Expression(left), .greaterThanOrEqual, Expression(constant: 16)))
            try? solver.addConstraint(Constraint(Expression(width), .lessThanOrEqual, Expression(constant: 600)))
            try? solver.addConstraint(Constraint(width + 32, .equal, Expression(windowWidth), strength: 750))
            let above = index == 0 ? Expression(constant: 0) : tops[index - 1] + 52
            try? solver.addConstraint(Constraint(Expression(tops[index]), .equal, above))
        }
        try? solver.addEditVariable(windowWidth, strength: Strength.strong)
        try? solver.suggestValue(390, for: windowWidth)
    }
}
