/// Inserts many objects of an entity, in the store, with a handful of SQL statements and no
/// object created in a context: Core Data's `NSBatchInsertRequest`.
///
/// With a uniqueness constraint (a unique attribute or a unique ``CompoundIndex``), the request
/// upserts: a row whose constraint values match an object's updates that object with the values
/// the row sets, and the others are inserted; rows of the same request that match each other are
/// one object, the later row's values winning. The insert is a commit like any save: one history
/// transaction, and one change set merged into every context that merges, so the controllers
/// showing those objects deliver the change.
///
/// ```swift
/// let request = BatchInsertRequest<Team>(objects: [
///     ["name": "Lions", "rating": 1_510],
///     ["name": "Tigers", "rating": 1_475],
/// ])
/// let result = try context.execute(request)
/// print(result.insertedObjectIDs.count, "new teams,", result.updatedObjectIDs.count, "updated")
/// ```
///
/// Rows set attributes only: relationships of the inserted objects start empty.
public struct BatchInsertRequest<Entity: ManagedObject>: Sendable {
    /// Where the rows come from.
    enum Source: Sendable {
        case objects([[String: any AttributeValue]])
        case rows([BatchInsertRow<Entity>])
        case fill(count: Int, @Sendable (Int, inout BatchInsertRow<Entity>) -> Void)
    }

    let source: Source

    /// The names of the attributes whose values match rows to existing objects: those of one of
    /// the entity's uniqueness constraints, in any order. Nil (the default) takes the entity's
    /// only constraint when it has one, and inserts every row when it has none; an entity with
    /// several constraints needs it set.
    public var uniquenessConstraint: [String]?

    /// A request that inserts one object per dictionary, its keys attribute names.
    public init(objects: [[String: any AttributeValue]]) {
        source = .objects(objects)
    }

    /// A request that inserts one object per row.
    public init(rows: [BatchInsertRow<Entity>]) {
        source = .rows(rows)
    }

    /// A request of `count` rows that `fill` sets one at a time, given each row's number from 0,
    /// when the request runs: Core Data's handler-based batch insert, without an array of
    /// dictionaries. The rows are all taken before the store is written, so `fill` never runs
    /// while the store is locked.
    ///
    /// ```swift
    /// let request = BatchInsertRequest<Team>(count: 1_000) { number, row in
    ///     row.set(\.name, to: "team \(number)")
    /// }
    /// ```
    public init(count: Int, fill: @escaping @Sendable (_ number: Int, _ row: inout BatchInsertRow<Entity>) -> Void) {
        source = .fill(count: count, fill)
    }

    /// Calls `body` with each row's assignments, in order.
    func forEachRow(_ body: ([BatchAssignment]) throws(ObjectStoreError) -> Void) throws(ObjectStoreError) {
        switch source {
        case .objects(let objects):
            for object in objects {
                try body(object.sorted { $0.key < $1.key }.map { BatchAssignment(name: $0.key, value: $0.value) })
            }
        case .rows(let rows):
            for row in rows { try body(row.assignments) }
        case let .fill(count, fill):
            for number in 0..<max(count, 0) {
                var row = BatchInsertRow<Entity>()
                fill(number, &row)
                try body(row.assignments)
            }
        }
    }
}
