import GRDB

/// What an object sorts by under one ``CompiledFetchRequest``: the values of its sort keys as the
/// store's `ORDER BY` compares them, and its object ID, which breaks ties.
///
/// Keep an object's sort key while it sits in an ordered list and compare keys
/// (``CompiledFetchRequest/compare(_:_:)-(FetchSortKey,FetchSortKey)``): the values are read (and
/// case-folded where the comparator folds) once, and the list stays ordered by what it was
/// sorted by even while newer values of its objects are on their way.
public struct FetchSortKey: Sendable {
    /// The object the key was read from.
    public let objectID: ObjectID
    let values: ContiguousArray<DatabaseValue>
}
