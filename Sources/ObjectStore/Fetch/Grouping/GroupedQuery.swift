package import GRDB

/// A grouped dictionary fetch resolved against the entity (``FetchRequest/propertiesToGroupBy``,
/// computed columns, ``FetchRequest/havingPredicate``, ``FetchRequest/returnsDistinctResults``):
/// what each row of the entity gives (its *inputs*: the group key's values, then the arguments
/// of the computed columns), how rows fold into groups, and the columns each group gives.
///
/// The store runs it as SQL (``sql(dialect:)``); contexts with unsaved changes, and stores
/// that cannot write a filter in their SQL, fold rows in memory with a ``GroupTable`` and give
/// the same result.
package struct GroupedQuery: Sendable {
    /// The filters, with the inputs as projections: the ``keyWidth`` group key values first.
    package var query: StoreQuery
    /// How many of the inputs form the group key.
    package var keyWidth: Int
    /// The computed columns.
    package var aggregates: [AggregateColumn]
    /// The output columns, in the order of ``FetchRequest/propertiesToFetch``.
    package var columns: [Column]
    /// The condition on groups.
    var having: GroupCondition?
    /// The order of the output rows before the grouped keys (``FetchRequest/sortDescriptors``);
    /// groups that tie on every term come in ascending order of the grouped keys.
    package var orders: [GroupOrder] = []
    /// Whether the request asked for distinct rows without grouping (`SELECT DISTINCT`).
    package var isDistinct: Bool
    /// At most this many groups (nil for all), after skipping ``offset``.
    package var limit: Int?
    package var offset: Int

    /// One output column: a value of the group key or a computed column.
    package struct Column: Sendable {
        package enum Source: Sendable {
            /// The group key's value at this index.
            case key(Int)
            /// The computed column at this index of ``GroupedQuery/aggregates``.
            case aggregate(Int)
        }

        package var name: String
        package var source: Source
        var decoding: GroupedValueDecoding
    }

    /// The value of each output column of a group, from its key and its aggregates' states.
    ///
    /// - Throws: ``ObjectStoreError/integerSumOverflow(entity:column:)`` when an integer sum
    ///   passes the range of `Int64`.
    package func row(key: GroupKey, states: [AggregateState]) throws(ObjectStoreError) -> ContiguousArray<DatabaseValue> {
        var row = ContiguousArray<DatabaseValue>()
        row.reserveCapacity(columns.count)
        for column in columns {
            switch column.source {
            case .key(let index):
                row.append(key.values[index])
            case .aggregate(let index):
                guard let value = states[index].value(aggregates[index]) else {
                    throw .integerSumOverflow(entity: query.entity.name, column: column.name)
                }
                row.append(value)
            }
        }
        return row
    }

    /// A row of output values as a result dictionary (nil values left out).
    package func dictionary(_ row: ContiguousArray<DatabaseValue>, context: ManagedObjectContext) -> [String: any Sendable] {
        var dictionary: [String: any Sendable] = [:]
        for (column, value) in zip(columns, row) {
            if let decoded = column.decoding.decode(value, context) { dictionary[column.name] = decoded }
        }
        return dictionary
    }

    /// Whether a request is a grouped fetch: it groups, computes, or asks for distinct rows.
    static func isGrouped<Entity: ManagedObject>(_ request: FetchRequest<Entity>) -> Bool {
        request.propertiesToGroupBy != nil || request.havingPredicate != nil || request.returnsDistinctResults
            || request.propertiesToFetch?.contains { $0.computed != nil } == true
    }
}
