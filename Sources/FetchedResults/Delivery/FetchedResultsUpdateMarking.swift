/// How a delivered snapshot marks the objects that changed and stayed in the results.
public enum FetchedResultsUpdateMarking: Sendable, Hashable {
    /// `reconfigureItems`: the list updates the existing cell in place (the default).
    case reconfigure
    /// `reloadItems`: the list replaces the cell.
    case reload
    /// No marks: only inserts, deletes and moves are delivered.
    case none
}
