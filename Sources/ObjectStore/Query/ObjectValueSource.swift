/// Which values of an object in-memory evaluation reads.
///
/// A fetch request with ``FetchRequest/includesPendingChanges`` true (the default) sees what its
/// context shows, unsaved changes included: the current values. With `false` it sees what the
/// context's parent (or the store) holds: the committed values, last saved to or merged from
/// there.
public enum ObjectValueSource: Sendable, Hashable {
    /// The values the context shows, unsaved changes included. Objects inserted or deleted and
    /// not saved yet are there, or gone.
    case current
    /// The values last saved to (or merged from) the parent or store. Objects inserted and not
    /// saved yet do not exist; objects deleted and not saved yet still do.
    case committed
}
