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

    /// A derived attribute (of this entity or another) that reads one of `columns` of this
    /// entity's rows: its entity and attribute names and the column it reads; nil when none does.
    func derivationSource(among columns: [Int]) -> (owner: String, attribute: String, column: Int)? {
        for derivation in derivations {
            if case .own(let column) = derivation.source, columns.contains(column) { return (name, derivation.name, column) }
        }
        for trigger in derivationTriggers {
            let read: [Int]
            switch trigger.kind {
            case .destination(let column, _): read = [column]
            case let .member(keyColumn, valueColumn): read = [keyColumn] + (valueColumn.map { [$0] } ?? [])
            }
            guard let column = read.first(where: { columns.contains($0) }) else { continue }
            return (trigger.owner.name, trigger.attribute, column)
        }
        return nil
    }
}
