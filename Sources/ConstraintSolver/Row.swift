/// A row of the tableau: `basic = constant + Σ coefficient × symbol`, kept as the constant
/// and the cells of the parametric symbols, sorted by symbol id (rows are short: a sorted
/// array beats hashing, and the first matching cell is the lowest symbol).
final class Row {
    struct Cell {
        var symbol: Symbol
        var coefficient: Double
    }

    private(set) var constant: Double
    private(set) var cells: [Cell]
    /// The symbols whose coefficient is negative, kept for the objective (nil: not kept), so
    /// the simplex finds its entering symbol without reading the whole objective (a system
    /// with many soft constraints has as many terms there).
    private(set) var negativeSymbols: Set<Symbol>?

    init(constant: Double = 0, cells: [Cell] = []) {
        self.constant = constant
        self.cells = cells
    }

    func copy() -> Row { Row(constant: constant, cells: cells) }

    /// An empty row that keeps ``negativeSymbols``.
    static func keepingNegatives() -> Row {
        let row = Row()
        row.negativeSymbols = []
        return row
    }

    /// Notes a symbol's new coefficient (0 when its cell went) in ``negativeSymbols``.
    @inline(__always)
    private func note(_ symbol: Symbol, _ coefficient: Double) {
        guard negativeSymbols != nil else { return }
        if coefficient < 0 { negativeSymbols?.insert(symbol) } else { negativeSymbols?.remove(symbol) }
    }

    /// Works ``negativeSymbols`` out again from the cells.
    private func renoteAll() {
        guard negativeSymbols != nil else { return }
        negativeSymbols = Set(cells.lazy.filter { $0.coefficient < 0 }.map(\.symbol))
    }

    var isEmpty: Bool { cells.isEmpty }

    /// Adds a value to the constant; returns the new constant.
    @discardableResult
    func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// The index of a symbol's cell, or where it would go.
    @inline(__always)
    private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        var low = 0, high = cells.count
        while low < high {
            let middle = (low + high) / 2
            let id = cells[middle].symbol.id
            if id == symbol.id { return (middle, true) }
            if id < symbol.id { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    /// Adds `coefficient × symbol`, dropping the cell when it cancels out.
    func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        insert(symbol, coefficient) { _, _ in }
    }

    /// Adds `coefficient × symbol`; tells `changed` when a cell appears (true) or goes (false).
    @inline(__always)
    func insert(_ symbol: Symbol, _ coefficient: Double, changed: (Symbol, Bool) -> Void) {
        let (index, found) = position(of: symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if isNearZero(sum) {
                cells.remove(at: index)
                note(symbol, 0)
                changed(symbol, false)
            } else {
                cells[index].coefficient = sum
                note(symbol, sum)
            }
        } else if !isNearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
            note(symbol, coefficient)
            changed(symbol, true)
        }
    }

    /// Adds `coefficient × row` (a merge of the two sorted rows).
    func insert(_ row: Row, _ coefficient: Double = 1) {
        insert(row, coefficient) { _, _ in }
    }

    /// Adds `coefficient × row`; tells `changed` when a cell appears (true) or goes (false).
    func insert(_ row: Row, _ coefficient: Double, changed: (Symbol, Bool) -> Void) {
        constant += row.constant * coefficient
        let other = row.cells
        // Short rows (the common case) go in cell by cell, in place; long ones by a merge.
        if other.count <= 8 || other.count * 4 <= cells.count {
            for cell in other { insert(cell.symbol, cell.coefficient * coefficient, changed: changed) }
            return
        }
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + other.count)
        var i = 0, j = 0
        while i < cells.count || j < other.count {
            if j == other.count || (i < cells.count && cells[i].symbol.id < other[j].symbol.id) {
                merged.append(cells[i])
                i += 1
            } else if i == cells.count || other[j].symbol.id < cells[i].symbol.id {
                let value = other[j].coefficient * coefficient
                if !isNearZero(value) {
                    merged.append(Cell(symbol: other[j].symbol, coefficient: value))
                    note(other[j].symbol, value)
                    changed(other[j].symbol, true)
                }
                j += 1
            } else {
                let sum = cells[i].coefficient + other[j].coefficient * coefficient
                if isNearZero(sum) {
                    note(cells[i].symbol, 0)
                    changed(cells[i].symbol, false)
                } else {
                    merged.append(Cell(symbol: cells[i].symbol, coefficient: sum))
                    note(cells[i].symbol, sum)
                }
                i += 1
                j += 1
            }
        }
        cells = merged
    }

    func remove(_ symbol: Symbol) {
        let (index, found) = position(of: symbol)
        if found {
            cells.remove(at: index)
            note(symbol, 0)
        }
    }

    /// Removes a symbol's cell; returns its coefficient (nil when absent).
    private func take(_ symbol: Symbol) -> Double? {
        let (index, found) = position(of: symbol)
        guard found else { return nil }
        note(symbol, 0)
        return cells.remove(at: index).coefficient
    }

    func reverseSign() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
        renoteAll()
    }

    /// Solves `0 = row` for a symbol in it: the row becomes `symbol = …` without it.
    func solve(for symbol: Symbol) {
        guard let value = take(symbol) else { return }
        let factor = -1.0 / value
        constant *= factor
        for index in cells.indices { cells[index].coefficient *= factor }
        renoteAll()
    }

    /// Solves `lhs = row` for `rhs`: the row becomes `rhs = …` in terms of `lhs`.
    func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    func coefficient(for symbol: Symbol) -> Double {
        let (index, found) = position(of: symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Replaces a symbol with the row it equals.
    func substitute(_ symbol: Symbol, _ row: Row) {
        guard let coefficient = take(symbol) else { return }
        insert(row, coefficient)
    }

    /// Replaces a symbol with the row it equals; tells `changed` about cells that appear or go
    /// (not about the symbol itself).
    func substitute(_ symbol: Symbol, _ row: Row, changed: (Symbol, Bool) -> Void) {
        guard let coefficient = take(symbol) else { return }
        insert(row, coefficient, changed: changed)
    }
}
