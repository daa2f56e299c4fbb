import Foundation

/// UIKit's row, item and section accessors on `IndexPath`. A path with fewer than two
/// indexes reads 0 for what it lacks (UIKit would trap); setting one makes it two long.
extension IndexPath {
    /// A path to a table row.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// A path to a collection item.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// The section (the first index).
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set { self = IndexPath(indexes: [newValue, row]) }
    }
    /// The row in the section (the second index).
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set { self = IndexPath(indexes: [section, newValue]) }
    }
    /// The item in the section (the second index).
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}
