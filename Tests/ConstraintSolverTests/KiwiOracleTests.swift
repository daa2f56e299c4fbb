import ConstraintSolver
import Foundation
import Testing

/// The solver against Python's kiwisolver: every system in `Oracle/kiwi-systems.jsonl`
/// (2,000 random systems from `tools/solver/kiwi_oracle.py`, with kiwisolver 1.5.1's answers)
/// is replayed here. `OPENMAPS_SOLVER_ORACLE=path` replays another file
/// (`make solver-oracle SEED=… COUNT=…` writes fresh ones).
@Suite struct KiwiOracleTests {
    static var oraclePath: String {
        if let path = ProcessInfo.processInfo.environment["OPENMAPS_SOLVER_ORACLE"] { return path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Oracle/kiwi-systems.jsonl").path
    }

    @Test func rule41SolverAgreesWithKiwisolverOnRandomSystems() throws {
        let text = try String(contentsOfFile: Self.oraclePath, encoding: .utf8)
        var report = OracleReport()
        for (number, line) in text.split(separator: "\n").enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            let system = try #require(OracleSystem(object), "line \(number + 1) is not a system")
            system.replay(line: number + 1, into: &report)
        }
        #expect(report.systems >= 1000)
        #expect(report.failures.isEmpty, "\(report.failures.prefix(5).joined(separator: "\n"))")
        print("kiwi oracle: \(report.systems) systems, \(report.checks) checks (\(report.sameValues) same values, \(report.sameError) same error at another optimum), \(report.refusals) refusals")
    }
}

struct OracleReport {
    var systems = 0
    var checks = 0
    var sameValues = 0
    var sameError = 0
    var refusals = 0
    var failures: [String] = []
}

/// One line of the oracle file.
struct OracleSystem {
    struct Spec {
        var terms: [(Int, Double)]
        var constant: Double
        var relation: Constraint.Relation
        var strength: Double
    }

    var count: Int
    var specs: [Spec]
    var ops: [[Any]]

    init?(_ object: Any) {
        guard let object = object as? [String: Any], let count = object["n"] as? Int,
              let raw = object["c"] as? [[Any]], let ops = object["ops"] as? [[Any]] else { return nil }
        var specs: [Spec] = []
        for entry in raw {
            guard entry.count == 4, let terms = entry[0] as? [[Double]], let constant = entry[1] as? Double,
                  let relation = entry[2] as? String, let strength = entry[3] as? Double else { return nil }
            let kind: Constraint.Relation = relation == "<=" ? .lessThanOrEqual : relation == ">=" ? .greaterThanOrEqual : .equal
            specs.append(Spec(terms: terms.map { (Int($0[0]), $0[1]) }, constant: constant, relation: kind, strength: strength))
        }
        self.count = count
        self.specs = specs
        self.ops = ops
    }

    func replay(line: Int, into report: inout OracleReport) {
        report.systems += 1
        let xs = (0..<count).map { Variable("x\($0)") }
        let constraints = specs.map { spec in
            Constraint(Expression(spec.terms.map { Term(xs[$0.0], $0.1) }, constant: spec.constant), spec.relation, strength: spec.strength)
        }
        let solver = Solver()
        var active = Set<Int>()
        var edits: [Int: (strength: Double, value: Double)] = [:]
        for (step, op) in ops.enumerated() {
            guard let name = op.first as? String else { continue }
            let where_ = "line \(line), step \(step) (\(name))"
            switch name {
            case "add":
                guard let index = op[1] as? Int, let accepted = op[2] as? Bool else { continue }
                do {
                    try solver.addConstraint(constraints[index])
                    active.insert(index)
                    if !accepted { report.failures.append("\(where_): kiwisolver refused constraint \(index), we accepted it") }
                } catch {
                    report.refusals += 1
                    if accepted { report.failures.append("\(where_): we refused constraint \(index): \(error)") }
                }
            case "remove":
                guard let index = op[1] as? Int else { continue }
                active.remove(index)
                do { try solver.removeConstraint(constraints[index]) } catch {
                    report.failures.append("\(where_): \(error)")
                }
            case "edit":
                guard let index = op[1] as? Int, let strength = op[2] as? Double else { continue }
                edits[index] = (strength, 0)
                do { try solver.addEditVariable(xs[index], strength: strength) } catch {
                    report.failures.append("\(where_): \(error)")
                }
            case "unedit":
                guard let index = op[1] as? Int else { continue }
                edits[index] = nil
                do { try solver.removeEditVariable(xs[index]) } catch {
                    report.failures.append("\(where_): \(error)")
                }
            case "suggest":
                guard let index = op[1] as? Int, let value = op[2] as? Double else { continue }
                edits[index]?.value = value
                do { try solver.suggestValue(value, for: xs[index]) } catch {
                    report.failures.append("\(where_): \(error)")
                }
            case "check":
                guard let expected = op[1] as? [Double] else { continue }
                report.checks += 1
                let ours = xs.map { solver.value(of: $0) }
                if zip(ours, expected).allSatisfy({ abs($0 - $1) <= 1e-6 }) {
                    report.sameValues += 1
                    continue
                }
                // Another optimum: both must hold every required constraint and have the same error.
                let held = active.sorted().map { specs[$0] }
                let ourError = error(of: ours, held, edits), kiwiError = error(of: expected, held, edits)
                let ourBreak = requiredViolation(of: ours, held), kiwiBreak = requiredViolation(of: expected, held)
                let tolerance = 1e-6 * max(1, abs(kiwiError))
                if ourBreak <= 1e-6, kiwiBreak <= 1e-6, abs(ourError - kiwiError) <= tolerance {
                    report.sameError += 1
                } else {
                    report.failures.append("\(where_): ours \(ours) error \(ourError) (required off by \(ourBreak)); kiwisolver \(expected) error \(kiwiError) (off by \(kiwiBreak))")
                }
            default:
                report.failures.append("\(where_): unknown operation")
            }
        }
    }

    private func violation(_ spec: Spec, _ values: [Double]) -> Double {
        let value = spec.terms.reduce(spec.constant) { $0 + $1.1 * values[$1.0] }
        switch spec.relation {
        case .equal: return abs(value)
        case .lessThanOrEqual: return max(value, 0)
        case .greaterThanOrEqual: return max(-value, 0)
        }
    }

    private func error(of values: [Double], _ held: [Spec], _ edits: [Int: (strength: Double, value: Double)]) -> Double {
        var total = 0.0
        for spec in held where spec.strength < Strength.required { total += spec.strength * violation(spec, values) }
        for (index, edit) in edits { total += edit.strength * abs(values[index] - edit.value) }
        return total
    }

    private func requiredViolation(of values: [Double], _ held: [Spec]) -> Double {
        held.filter { $0.strength >= Strength.required }.map { violation($0, values) }.max() ?? 0
    }
}
