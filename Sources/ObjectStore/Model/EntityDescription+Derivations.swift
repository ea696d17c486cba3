import GRDB

extension EntityDescription {
    /// Whether writing rows of this entity can change derived values: it has derived
    /// attributes, or derived attributes read its rows.
    var isReadByDerivations: Bool { !derivations.isEmpty || !derivationTriggers.isEmpty }

    /// `values` with the derived columns of `source` (both stored value arrays of this entity).
    func takingDerivedValues(of source: ContiguousArray<DatabaseValue>, into values: ContiguousArray<DatabaseValue>) -> ContiguousArray<DatabaseValue> {
        var result = values
        for derivation in derivations { result[derivation.column] = source[derivation.column] }
        return result
    }
}
