import Foundation
import Logging

extension NSLayoutConstraint {
    /// Options of the visual format: views aligned on an attribute, and the direction of
    /// horizontal formats, with UIKit's raw values.
    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let spacingEdgeToEdge = FormatOptions([])
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
    }

    /// The longest visual format read (docs/limits.md); longer ones make no constraints.
    nonisolated public static let maximumVisualFormatLength = 4_096

    /// Constraints from Auto Layout's visual format language, as UIKit makes them:
    /// `H:|-[a]-8-[b(>=60@750)]-|`, `V:|[map][picker(height)]|`. Views and metrics are named in
    /// the dictionaries; `-` alone is the standard spacing (8 points between views, 20 to the
    /// superview). A format that does not parse, or names a view or metric not given, makes no
    /// constraints and logs why (UIKit raises).
    public class func constraints(
        withVisualFormat format: String, options opts: FormatOptions = [], metrics: [String: Any]?, views: [String: Any]
    ) -> [NSLayoutConstraint] {
        guard format.utf8.count <= maximumVisualFormatLength else {
            layoutLogger.error("visual format longer than \(maximumVisualFormatLength) characters: no constraints")
            return []
        }
        var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
        do {
            return try parser.constraints(options: opts)
        } catch {
            layoutLogger.error("Unable to parse constraint format: \(error.message)\n\(format)")
            return []
        }
    }
}

private let layoutLogger = Logger(label: "OpenMaps.UIKit.Layout")

/// Why a visual format did not parse.
struct VisualFormatError: Error {
    let message: String
}

/// One pass over a visual format, making its constraints.
@MainActor
struct VisualFormatParser {
    private let text: [Character]
    private var index = 0
    private let metrics: [String: Any]
    private let views: [String: Any]

    /// A predicate: a relation to a constant or a view, at a priority.
    private struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var view: UIView?
        var priority: Float = 1000
    }

    /// What joins two items: nothing (0), the standard spacing, or predicates.
    private enum Connection {
        case flush
        case standard
        case predicates([Predicate])
    }

    init(format: String, metrics: [String: Any], views: [String: Any]) {
        text = Array(format)
        self.metrics = metrics
        self.views = views
    }

    mutating func constraints(options: NSLayoutConstraint.FormatOptions) throws(VisualFormatError) -> [NSLayoutConstraint] {
        var vertical = false
        if peek("H:") { index += 2 } else if peek("V:") {
            index += 2
            vertical = true
        }
        let leadingAttribute: NSLayoutConstraint.Attribute = vertical ? .top : (options.contains(.directionLeftToRight) ? .left : .leading)
        let trailingAttribute: NSLayoutConstraint.Attribute = vertical ? .bottom : (options.contains(.directionLeftToRight) ? .right : .trailing)
        let sizeAttribute: NSLayoutConstraint.Attribute = vertical ? .height : .width
        var made: [NSLayoutConstraint] = []
        var laidOut: [UIView] = []
        var previous: UIView?
        var pending: Connection?
        var startsAtSuperview = false
        if take("|") {
            startsAtSuperview = true
            pending = try connection()
        }
        while index < text.count {
            if take("|") {
                guard let last = previous, let superview = last.superview else { throw VisualFormatError(message: "| needs a view with a superview before it") }
                for predicate in predicates(of: pending ?? .flush, standard: 20) {
                    made.append(edge(superview, trailingAttribute, predicate.relation, last, trailingAttribute, predicate.constant, predicate.priority))
                }
                pending = nil
                break
            }
            let view = try viewItem(sizeAttribute: sizeAttribute, into: &made)
            if let previous {
                for predicate in predicates(of: pending ?? .flush, standard: 8) {
                    made.append(edge(view, leadingAttribute, predicate.relation, previous, trailingAttribute, predicate.constant, predicate.priority))
                }
            } else if startsAtSuperview {
                guard let superview = view.superview else { throw VisualFormatError(message: "| needs the view after it to have a superview") }
                for predicate in predicates(of: pending ?? .flush, standard: 20) {
                    made.append(edge(view, leadingAttribute, predicate.relation, superview, leadingAttribute, predicate.constant, predicate.priority))
                }
            }
            laidOut.append(view)
            previous = view
            pending = index < text.count ? try connection() : nil
        }
        guard index >= text.count else { throw VisualFormatError(message: "unexpected text after the last |") }
        if let pending, case .predicates = pending { throw VisualFormatError(message: "a connection must end at a view or |") }
        made += alignments(of: laidOut, options: options, vertical: vertical)
        return made
    }

    // MARK: Items

    private mutating func viewItem(sizeAttribute: NSLayoutConstraint.Attribute, into made: inout [NSLayoutConstraint]) throws(VisualFormatError) -> UIView {
        guard take("[") else { throw VisualFormatError(message: "expected a view in [ ] at \(index)") }
        let name = identifier()
        guard let view = views[name] as? UIView else { throw VisualFormatError(message: "\(name) is not a key in the views dictionary") }
        if take("(") {
            for predicate in try predicateList(closing: ")") {
                if let other = predicate.view {
                    made.append(edge(view, sizeAttribute, predicate.relation, other, sizeAttribute, predicate.constant, predicate.priority))
                } else {
                    let size = NSLayoutConstraint(
                        item: view, attribute: sizeAttribute, relatedBy: predicate.relation, toItem: nil, attribute: .notAnAttribute,
                        multiplier: 1, constant: predicate.constant)
                    size.priority = UILayoutPriority(predicate.priority)
                    made.append(size)
                }
            }
        }
        guard take("]") else { throw VisualFormatError(message: "expected ] after \(name)") }
        return view
    }

    private mutating func connection() throws(VisualFormatError) -> Connection {
        guard take("-") else { return .flush }
        if peek("[") || peek("|") || index >= text.count { return .standard }
        let list: [Predicate]
        if take("(") {
            list = try predicateList(closing: ")")
        } else {
            list = [try predicate()]
        }
        guard take("-") else { throw VisualFormatError(message: "expected - after a spacing at \(index)") }
        return .predicates(list)
    }

    private mutating func predicateList(closing: Character) throws(VisualFormatError) -> [Predicate] {
        var list = [try predicate()]
        while take(",") { list.append(try predicate()) }
        guard take(String(closing)) else { throw VisualFormatError(message: "expected \(closing) at \(index)") }
        return list
    }

    private mutating func predicate() throws(VisualFormatError) -> Predicate {
        var result = Predicate()
        if take("==") { result.relation = .equal } else if take("<=") { result.relation = .lessThanOrEqual } else if take(">=") {
            result.relation = .greaterThanOrEqual
        }
        if let number = number() {
            result.constant = number
        } else {
            let name = identifier()
            guard !name.isEmpty else { throw VisualFormatError(message: "expected a number, metric or view at \(index)") }
            if let value = metric(name) {
                result.constant = value
            } else if let view = views[name] as? UIView {
                result.view = view
            } else {
                throw VisualFormatError(message: "\(name) is not a key in the metrics or views dictionaries")
            }
        }
        if take("@") {
            if let number = number() {
                result.priority = Float(min(max(number, 1), 1000))
            } else {
                let name = identifier()
                guard let value = metric(name) else { throw VisualFormatError(message: "priority \(name) is not a metric") }
                result.priority = Float(min(max(value, 1), 1000))
            }
        }
        return result
    }

    private func predicates(of connection: Connection, standard: CGFloat) -> [Predicate] {
        switch connection {
        case .flush: [Predicate()]
        case .standard: [Predicate(constant: standard)]
        case .predicates(let list): list
        }
    }

    private func edge(
        _ first: UIView, _ firstAttribute: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation, _ second: UIView,
        _ secondAttribute: NSLayoutConstraint.Attribute, _ constant: CGFloat, _ priority: Float
    ) -> NSLayoutConstraint {
        let constraint = NSLayoutConstraint(
            item: first, attribute: firstAttribute, relatedBy: relation, toItem: second, attribute: secondAttribute, multiplier: 1,
            constant: constant)
        constraint.priority = UILayoutPriority(priority)
        return constraint
    }

    /// Every view after the first aligned with it on the options' attributes.
    private func alignments(of views: [UIView], options: NSLayoutConstraint.FormatOptions, vertical: Bool) -> [NSLayoutConstraint] {
        let pairs: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX), (.alignAllCenterY, .centerY),
            (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        guard let first = views.first else { return [] }
        var made: [NSLayoutConstraint] = []
        for (option, attribute) in pairs where options.contains(option) {
            for view in views.dropFirst() { made.append(edge(view, attribute, .equal, first, attribute, 0, 1000)) }
        }
        return made
    }

    // MARK: Characters

    private func peek(_ string: String) -> Bool {
        let characters = Array(string)
        guard index + characters.count <= text.count else { return false }
        return Array(text[index..<(index + characters.count)]) == characters
    }

    private mutating func take(_ string: String) -> Bool {
        guard peek(string) else { return false }
        index += string.count
        return true
    }

    private mutating func identifier() -> String {
        var name = ""
        while index < text.count, text[index].isLetter || text[index].isNumber || text[index] == "_" {
            if name.isEmpty, text[index].isNumber { break }
            name.append(text[index])
            index += 1
        }
        return name
    }

    private mutating func number() -> CGFloat? {
        let start = index
        var digits = ""
        while index < text.count, text[index].isNumber || text[index] == "." {
            digits.append(text[index])
            index += 1
        }
        guard let value = Double(digits), value.isFinite else {
            index = start
            return nil
        }
        return CGFloat(value)
    }

    private func metric(_ name: String) -> CGFloat? {
        switch metrics[name] {
        case let value as Double: value.isFinite ? CGFloat(value) : nil
        case let value as Float: value.isFinite ? CGFloat(value) : nil
        case let value as CGFloat: value.isFinite ? value : nil
        case let value as Int: CGFloat(value)
        case let value as NSNumber: value.doubleValue.isFinite ? CGFloat(value.doubleValue) : nil
        default: nil
        }
    }
}
