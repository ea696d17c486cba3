extension DiffableDataSourceSnapshot {
    /// Marks items whose content changed so that their cells are replaced.
    ///
    /// A batch update computed to this snapshot reloads them (see <doc:BatchUpdateRules>). Prefer
    /// ``reconfigureItems(_:)``, which keeps the cells and is cheaper, unless a cell must be
    /// created anew.
    ///
    /// - Precondition: Every item is in the snapshot.
    @inlinable
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers {
            checkPresence(ofItem: identifier, "reloadItems(_:)")
            reloadedItems.insert(identifier)
        }
    }

    /// Marks items whose content changed so that their existing cells are updated in place.
    ///
    /// - Precondition: Every item is in the snapshot.
    @inlinable
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers {
            checkPresence(ofItem: identifier, "reconfigureItems(_:)")
            reconfiguredItems.insert(identifier)
        }
    }

    /// Marks sections whose content must be replaced as a whole.
    ///
    /// - Precondition: Every section is in the snapshot.
    @inlinable
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            _ = existingPosition(ofSection: identifier, "reloadSections(_:)")
            reloadedSections.insert(identifier)
        }
    }
}
