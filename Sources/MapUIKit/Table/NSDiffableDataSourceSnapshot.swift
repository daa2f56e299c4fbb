import Foundation
import Logging

/// The state of a list's sections and items by identifier, as UIKit's
/// `NSDiffableDataSourceSnapshot`. Identifiers are unique: an item or section added twice, or
/// an operation naming one that is not there (UIKit raises), is ignored with a logged warning.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    nonisolated static var logger: Logger { Logger(label: "OpenMaps.UIKit") }

    private var sections: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []
    /// Each item's section.
    private var sectionOfItem: [ItemIdentifierType: SectionIdentifierType] = [:]
    /// Items asked to be reloaded or reconfigured (kept for the data source).
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []

    /// An empty snapshot.
    public init() {}

    public var numberOfItems: Int { sectionOfItem.count }
    public var numberOfSections: Int { sections.count }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    /// The items in a section (none for a section not there).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        itemIdentifiers(inSection: identifier).count
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        guard let index = sections.firstIndex(of: identifier) else { return [] }
        return items[index]
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier]
    }

    /// An item's place among all items, in order.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let section = sectionOfItem[identifier], let sectionIndex = sections.firstIndex(of: section),
            let row = items[sectionIndex].firstIndex(of: identifier)
        else { return nil }
        return items[..<sectionIndex].reduce(0) { $0 + $1.count } + row
    }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex(of: identifier) }

    /// An item's index path.
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let section = sectionOfItem[identifier], let sectionIndex = sections.firstIndex(of: section),
            let row = items[sectionIndex].firstIndex(of: identifier)
        else { return nil }
        return IndexPath(row: row, section: sectionIndex)
    }

    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.section >= 0, indexPath.section < items.count, indexPath.row >= 0,
            indexPath.row < items[indexPath.section].count
        else { return nil }
        return items[indexPath.section][indexPath.row]
    }

    func section(at index: Int) -> SectionIdentifierType? {
        index >= 0 && index < sections.count ? sections[index] : nil
    }

    // MARK: Items

    /// Adds items at the end of a section (the last section when nil).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        guard let index = sectionIdentifier.map({ sections.firstIndex(of: $0) }) ?? (sections.isEmpty ? nil : sections.count - 1) else {
            Self.logger.warning("appendItems: no such section (or no sections); items not added")
            return
        }
        items[index].append(contentsOf: unique(identifiers, in: sections[index]))
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insert(identifiers, near: beforeIdentifier, after: false)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insert(identifiers, near: afterIdentifier, after: true)
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], near anchor: ItemIdentifierType, after: Bool) {
        guard let path = indexPath(of: anchor) else {
            Self.logger.warning("insertItems: the anchor item is not in the snapshot; items not added")
            return
        }
        let new = unique(identifiers, in: sections[path.section])
        items[path.section].insert(contentsOf: new, at: path.row + (after ? 1 : 0))
    }

    /// The identifiers not yet present (in order, each once), recorded in a section.
    private mutating func unique(_ identifiers: [ItemIdentifierType], in section: SectionIdentifierType) -> [ItemIdentifierType] {
        var new: [ItemIdentifierType] = []
        for identifier in identifiers {
            if sectionOfItem[identifier] != nil {
                Self.logger.warning("item identifiers must be unique; a duplicate was ignored")
                continue
            }
            sectionOfItem[identifier] = section
            new.append(identifier)
        }
        return new
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        for identifier in gone { sectionOfItem[identifier] = nil }
        for index in items.indices { items[index].removeAll { gone.contains($0) } }
    }

    public mutating func deleteAllItems() {
        sections = []
        items = []
        sectionOfItem = [:]
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        move(identifier, near: toIdentifier, after: false)
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        move(identifier, near: toIdentifier, after: true)
    }

    private mutating func move(_ identifier: ItemIdentifierType, near anchor: ItemIdentifierType, after: Bool) {
        guard identifier != anchor, let from = indexPath(of: identifier), indexPath(of: anchor) != nil else {
            Self.logger.warning("moveItem: an item is not in the snapshot; nothing moved")
            return
        }
        items[from.section].remove(at: from.row)
        sectionOfItem[identifier] = nil
        insert([identifier], near: anchor, after: after)
    }

    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        reloadedItemIdentifiers.append(contentsOf: identifiers.filter { sectionOfItem[$0] != nil })
    }

    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        reconfiguredItemIdentifiers.append(contentsOf: identifiers.filter { sectionOfItem[$0] != nil })
    }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            guard !sections.contains(identifier) else {
                Self.logger.warning("section identifiers must be unique; a duplicate was ignored")
                continue
            }
            sections.append(identifier)
            items.append([])
        }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, near: toIdentifier, after: false)
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, near: toIdentifier, after: true)
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], near anchor: SectionIdentifierType, after: Bool) {
        guard var index = sections.firstIndex(of: anchor) else {
            Self.logger.warning("insertSections: the anchor section is not in the snapshot; sections not added")
            return
        }
        if after { index += 1 }
        for identifier in identifiers where !sections.contains(identifier) {
            sections.insert(identifier, at: index)
            items.insert([], at: index)
            index += 1
        }
    }

    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            guard let index = sections.firstIndex(of: identifier) else { continue }
            for item in items[index] { sectionOfItem[item] = nil }
            sections.remove(at: index)
            items.remove(at: index)
        }
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, near: toIdentifier, after: false)
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, near: toIdentifier, after: true)
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, near anchor: SectionIdentifierType, after: Bool) {
        guard identifier != anchor, let from = sections.firstIndex(of: identifier), sections.contains(anchor) else { return }
        let moved = items.remove(at: from)
        sections.remove(at: from)
        guard let to = sections.firstIndex(of: anchor) else { return }
        let index = to + (after ? 1 : 0)
        sections.insert(identifier, at: index)
        items.insert(moved, at: index)
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        reloadedSectionIdentifiers.append(contentsOf: identifiers.filter { sections.contains($0) })
    }

    public mutating func reconfigureSections(_ identifiers: [SectionIdentifierType]) { reloadSections(identifiers) }
}
