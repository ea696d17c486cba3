public import DiffableSnapshots
public import ObjectStore

/// Snapshots check a large append of object IDs for repeats by each ID's word, as they check
/// integers: the row numbers of one entity then share no bit of the check's bitmap.
extension ObjectID: WordIdentifier {}
