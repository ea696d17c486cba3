package import GRDB

/// The rows of a batch insert, resolved against the entity before the store is written: each
/// row's full values (the model's defaults where it sets nothing) and the columns it set, with
/// the uniqueness constraint that matches rows to objects, if any. Rows that match each other by
/// the constraint are merged into one, the later row's values winning.
package struct BatchInsertPlan {
    package struct Row {
        package var values: ContiguousArray<DatabaseValue>
        /// The columns the row set, in column order.
        package var given: [Int]
    }

    package let entity: EntityDescription
    package private(set) var rows: [Row] = []
    /// The columns of the uniqueness constraint rows are matched by; empty for none.
    package let constraint: [Int]
    /// Per constraint values: the position of their row.
    private var positions: [[DatabaseValue]: Int] = [:]

    init<Entity: ManagedObject>(_ request: BatchInsertRequest<Entity>, entity: EntityDescription) throws(ObjectStoreError) {
        self.entity = entity
        constraint = try Self.constraint(request.uniquenessConstraint, of: entity)
        if let relationship = entity.relationships.first(where: { !$0.isToMany && !$0.isOptional }) {
            throw .invalidBatchRequest(entity: entity.name, reason: "\(relationship.name) is a required relationship, which a batch insert cannot set; insert the objects in a context")
        }
        var resolver = BatchAssignmentResolver(entity: entity)
        let defaults = ContiguousArray(entity.columnNames.indices.map { column -> DatabaseValue in
            entity.attributes.first { $0.column == column }.map { $0.hasDefault ? $0.defaultValue.databaseValue : .null } ?? .null
        })
        let required = entity.attributes.filter { !$0.isOptional && !$0.hasDefault }
        var number = 0
        try request.forEachRow { (assignments) throws(ObjectStoreError) in
            let (columns, values) = try resolver.resolve(assignments)
            var row = Row(values: defaults, given: columns.sorted())
            for (column, value) in zip(columns, values) { row.values[column] = value }
            if let missing = required.first(where: { !columns.contains($0.column) }) {
                throw .invalidBatchRequest(entity: entity.name, reason: "row \(number) sets no \(missing.name), which is not optional and has no default")
            }
            add(row)
            number += 1
        }
    }

    /// Adds a row, or merges it into the earlier row it matches by the constraint.
    private mutating func add(_ row: Row) {
        guard let values = constraintValues(of: row) else {
            rows.append(row)
            return
        }
        if let position = positions[values] {
            for column in row.given { rows[position].values[column] = row.values[column] }
            rows[position].given = Array(Set(rows[position].given).union(row.given)).sorted()
        } else {
            positions[values] = rows.count
            rows.append(row)
        }
    }

    /// An object a row matched by the constraint, and what the row changes in it.
    package struct Update {
        /// The stored row before the update.
        package var row: StoreRow
        /// The columns the row sets to values other than the stored ones.
        package var columns: [Int]
        /// The row's values after the update.
        package var after: ContiguousArray<DatabaseValue>
    }

    /// The rows to insert, in row order, and the updates of the objects rows matched (`match`
    /// finds the stored row holding a row's constraint values), in key order; a row that
    /// changes nothing in the object it matched is neither.
    package func split(
        matching match: (_ constraintValues: [DatabaseValue]) throws -> StoreRow?
    ) rethrows -> (inserts: [Row], updates: [Update]) {
        var inserts: [Row] = []
        var updates: [Update] = []
        for row in rows {
            guard let values = constraintValues(of: row), let existing = try match(values) else {
                inserts.append(row)
                continue
            }
            let changed = row.given.filter { !StoredValueOrder.isSame(existing.values[$0], row.values[$0]) }
            guard !changed.isEmpty else { continue }
            var after = existing.values
            for column in changed { after[column] = row.values[column] }
            updates.append(Update(row: existing, columns: changed, after: after))
        }
        return (inserts, updates.sorted { $0.row.key < $1.row.key })
    }

    /// The row's values of the constraint's columns; nil without a constraint, or when one is
    /// NULL (NULLs never match, as in a unique index).
    package func constraintValues(of row: Row) -> [DatabaseValue]? {
        guard !constraint.isEmpty else { return nil }
        let values = constraint.map { row.values[$0] }
        return values.contains(where: \.isNull) ? nil : values
    }

    /// The columns of the uniqueness constraint `names` chooses among the entity's.
    private static func constraint(_ names: [String]?, of entity: EntityDescription) throws(ObjectStoreError) -> [Int] {
        let constraints = entity.indexes.filter(\.isUnique)
        let chosen: IndexDescription?
        if let names {
            chosen = constraints.first { Set($0.columns) == Set(names) }
            if chosen == nil {
                let known = constraints.map { "(\($0.columns.joined(separator: ", ")))" }.joined(separator: ", ")
                throw .invalidBatchRequest(entity: entity.name, reason: "(\(names.joined(separator: ", "))) is not a uniqueness constraint of \(entity.name); its constraints are \(known.isEmpty ? "none" : known)")
            }
        } else if constraints.count > 1 {
            let known = constraints.map { "(\($0.columns.joined(separator: ", ")))" }.joined(separator: ", ")
            throw .invalidBatchRequest(entity: entity.name, reason: "\(entity.name) has several uniqueness constraints, \(known); set uniquenessConstraint to the one rows are matched by")
        } else {
            chosen = constraints.first
        }
        return (chosen?.columns ?? []).compactMap(entity.column(named:))
    }
}
