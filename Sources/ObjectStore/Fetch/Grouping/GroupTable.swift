package import GRDB

/// The groups of a ``GroupedQuery`` folded in memory: each group's row count and aggregate
/// states, which rows (their inputs) join and leave one at a time.
///
/// A group exists while it has rows; without a group key there is one group, always, as SQL
/// aggregates over no rows give one row.
package struct GroupTable: Sendable {
    package let grouped: GroupedQuery
    private var members: [GroupKey: Members] = [:]

    private struct Members: Sendable {
        var count = 0
        var states: [AggregateState]
    }

    package init(_ grouped: GroupedQuery) {
        self.grouped = grouped
    }

    /// The number of groups with rows.
    package var count: Int { members.count }

    /// The group of a row with `inputs`.
    package func key(of inputs: ContiguousArray<DatabaseValue>) -> GroupKey {
        GroupKey(Array(inputs.prefix(grouped.keyWidth)))
    }

    /// Adds a row to its group.
    package mutating func add(_ inputs: ContiguousArray<DatabaseValue>) {
        apply(inputs, sign: 1)
    }

    /// Takes a row, added before with the same `inputs`, out of its group.
    package mutating func remove(_ inputs: ContiguousArray<DatabaseValue>) {
        apply(inputs, sign: -1)
    }

    private mutating func apply(_ inputs: ContiguousArray<DatabaseValue>, sign: Int) {
        let key = key(of: inputs)
        var group = members.removeValue(forKey: key) ?? Members(states: grouped.aggregates.map(AggregateState.init))
        group.count += sign
        for (index, column) in grouped.aggregates.enumerated() {
            group.states[index].apply(column.argument(of: inputs), sign: sign)
        }
        if group.count > 0 { members[key] = group }
    }

    /// The output row of the group `key`, or nil when it has no rows (or does not satisfy the
    /// condition on groups).
    ///
    /// - Throws: ``ObjectStoreError/integerSumOverflow(entity:column:)``.
    package func row(of key: GroupKey) throws(ObjectStoreError) -> ContiguousArray<DatabaseValue>? {
        let states: [AggregateState]
        if let group = members[key] {
            states = group.states
        } else if grouped.keyWidth == 0 {
            states = grouped.aggregates.map(AggregateState.init)
        } else {
            return nil
        }
        let row = try grouped.row(key: key, states: states)
        if let having = grouped.having, having.evaluate(row) != true { return nil }
        return row
    }

    /// The keys of the groups with rows, in ascending order (the one empty key without a
    /// group key).
    package func sortedKeys() -> [GroupKey] {
        grouped.keyWidth == 0 ? [GroupKey([])] : members.keys.sorted()
    }

    /// The rows of the groups that satisfy the condition on groups, in the query's order (its
    /// sort terms, then ascending keys), offset and limited as the query says: what the store's
    /// SQL returns.
    ///
    /// - Throws: ``ObjectStoreError/integerSumOverflow(entity:column:)``.
    package func rows() throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] {
        var keyed: [(key: GroupKey, row: ContiguousArray<DatabaseValue>)] = []
        for key in sortedKeys() {
            if let row = try row(of: key) { keyed.append((key, row)) }
        }
        if !grouped.orders.isEmpty {
            keyed.sort { grouped.precedes($0.row, key: $0.key, $1.row, key: $1.key) }
        }
        let all = keyed.map(\.row)
        let start = min(grouped.offset, all.count)
        let end = grouped.limit.map { min(all.count, start + $0) } ?? all.count
        return Array(all[start..<end])
    }
}
