public import ObjectStore
import DiffableSnapshots
import DiffableSupport

/// What can go wrong when a ``IdentifiedFetchedResultsController`` fetches or follows its
/// context: a request that cannot group or order its results, identifiers the data does not keep
/// unique, or the store.
///
/// Every case names the entity, and the key or objects involved, and its description says what
/// to change. None of them traps: they come from requests and data, not from misuse of the API.
public enum FetchedResultsError: Error, Sendable, CustomStringConvertible {
    /// The request has no sort descriptor: a list needs an order.
    case missingSortDescriptors(entity: String)
    /// The request's first sort descriptor does not order by the section key path (or orders it
    /// with a comparator that folds case or diacritics, which would mix sections): sections would
    /// split.
    case sectionKeyNotFirstSort(entity: String, sectionKey: String, firstSortKey: String?)
    /// A key of the request, the section key path or the item identifier key path does not fit
    /// the entity (unknown, a to-many relationship, a computed property).
    case invalidKey(entity: String, key: String, reason: String)
    /// Two objects in the results have the same item identifier value.
    case duplicateItemIdentifier(entity: String, key: String, value: String, first: ObjectID, second: ObjectID)
    /// The store or the request failed (see the wrapped error).
    case store(ObjectStoreError)

    /// Sentences that say what went wrong, where, and what to do.
    public var description: String {
        switch self {
        case .missingSortDescriptors(let entity):
            return "The fetch request for \(entity) has no sort descriptors, but a fetched results controller needs an order; add at least one sort descriptor."
        case .sectionKeyNotFirstSort(let entity, let sectionKey, let firstSortKey):
            let first = firstSortKey.map { "'\($0)'" } ?? "none"
            return "In the fetch request for \(entity), the section key path '\(sectionKey)' must be the key of the first sort descriptor (first sort key: \(first)), compared without case or diacritic folding, so that each section's objects are adjacent; sort by '\(sectionKey)' first."
        case .invalidKey(let entity, let key, let reason):
            return "In the fetch request for \(entity), the key '\(key)' \(clause(reason))."
        case .duplicateItemIdentifier(let entity, let key, let value, let first, let second):
            return "The \(entity) objects \(first) and \(second) have the same item identifier \(key) = \(value), but item identifiers must be unique among the results; make '\(key)' unique or identify items by ObjectID."
        case .store(let error):
            return "The fetched results controller could not fetch. \(error)"
        }
    }

    /// The error for a failed store operation, with unknown keys and type mismatches of the
    /// request as ``invalidKey(entity:key:reason:)``.
    static func wrapping(_ error: ObjectStoreError) -> FetchedResultsError {
        if case .invalidFetchRequest(let predicateError) = error {
            switch predicateError {
            case .unknownKey(let entity, let key):
                return .invalidKey(entity: entity, key: key, reason: "is not a property of the entity; use the name of an attribute or relationship")
            case .typeMismatch(let entity, let key, let reason):
                return .invalidKey(entity: entity, key: key, reason: "does not fit: \(reason)")
            case .transientKey(let entity, let key):
                return .invalidKey(entity: entity, key: key, reason: "is a transient attribute, which the store does not hold; sort, filter and section by stored attributes")
            default:
                break
            }
        }
        return .store(error)
    }
}
