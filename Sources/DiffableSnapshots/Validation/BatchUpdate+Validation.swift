extension BatchUpdate {
    /// Checks the update against the snapshots it claims to turn one into the other, and throws
    /// the first rule it breaks.
    ///
    /// The rules, listed in <doc:BatchUpdateRules>, are those UIKit applies in
    /// `performBatchUpdates(_:)`, plus identity: applying the update to `old`'s identifiers must
    /// give exactly `new`'s. They are checked in order, rule 1 to rule 6, so the error thrown is
    /// the one with the lowest ``BatchUpdateError/rule``. Marks in the snapshots
    /// (`reloadItems`, `reconfigureItems`, `reloadSections`) are not checked: a valid update need
    /// not refresh what the new snapshot marks.
    ///
    /// ```swift
    /// let update = BatchUpdate(itemInserts: [ItemPath(section: 0, item: 3)])
    /// do {
    ///     try update.validate(from: old, to: new)
    /// } catch {
    ///     print(error)  // e.g. "Invalid number of items in section 0: 3 before, 1 inserted, ..."
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - old: The snapshot the update starts from.
    ///   - new: The snapshot the update claims to produce.
    /// - Throws: The first ``BatchUpdateError`` found.
    /// - Complexity: O(*s* + *n* + *u* log *u*): *s* sections in the snapshots, *n* items in the
    ///   surviving sections that some operation touches (or whose item arrays differ), and *u*
    ///   operations in the update.
    @inlinable
    public func validate<S, I>(
        from old: DiffableDataSourceSnapshot<S, I>,
        to new: DiffableDataSourceSnapshot<S, I>
    ) throws(BatchUpdateError) {
        var validator = BatchUpdateValidator(self, from: old, to: new, collectsEveryError: false)
        try validator.run()
    }

    /// Every way in which the update breaks the rules for the two snapshots, in rule order; empty
    /// when the update is valid.
    ///
    /// The first element, if any, is the error ``validate(from:to:)`` throws. Collecting stops
    /// early where later checks could only echo earlier problems:
    /// - if any of rules 1 to 3 is broken (an index out of range, listed twice, or naming an item
    ///   of a replaced section), counts and identities are not checked;
    /// - if the section count is wrong, item counts are not checked (surviving sections cannot be
    ///   paired); if an item count is wrong, identities are not checked (items cannot be paired).
    ///
    /// Once the counts hold, every identity (rule 5) and refresh (rule 6) problem is listed, so a
    /// reloaded item missing from the new snapshot appears both as a misplaced item and as a
    /// reload of an item that is not there.
    ///
    /// - Complexity: The same as ``validate(from:to:)``, plus the errors listed.
    @inlinable
    public func validationErrors<S, I>(
        from old: DiffableDataSourceSnapshot<S, I>,
        to new: DiffableDataSourceSnapshot<S, I>
    ) -> [BatchUpdateError] {
        var validator = BatchUpdateValidator(self, from: old, to: new, collectsEveryError: true)
        do {
            try validator.run()
        } catch {
            preconditionFailure("A validator that collects errors threw. \(error)")
        }
        return validator.errors
    }
}
