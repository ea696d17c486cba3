extension BatchUpdateValidator {
    // MARK: Rule 4: counts

    @inlinable
    mutating func checkSectionCount() throws(BatchUpdateError) {
        let before = oldSections.count
        let after = newSections.count
        let inserted = update.sectionInserts.count
        let deleted = update.sectionDeletes.count
        if before - deleted + inserted != after {
            try report(.invalidNumberOfSections(before: before, inserted: inserted, deleted: deleted, after: after))
        }
    }

    /// Checks the item count of every surviving section, in new section order.
    @inlinable
    mutating func checkItemCounts(_ sections: SectionPlan, _ items: ItemPlan) throws(BatchUpdateError) {
        for target in newSections.indices {
            guard let source = sections.survivingSource(ofNew: target) else { continue }
            let before = oldItems[source].count
            let after = newItems[target].count
            let deleted = items.deletedCounts[source]
            let movedOut = items.removedCount(inOld: source) - deleted
            let inserted = items.insertedCounts[target]
            let movedIn = items.addedCount(inNew: target) - inserted
            if before - deleted - movedOut + inserted + movedIn != after {
                try report(
                    .invalidNumberOfItems(
                        section: target, before: before, inserted: inserted, deleted: deleted,
                        movedIn: movedIn, movedOut: movedOut, after: after
                    )
                )
            }
        }
    }
}
