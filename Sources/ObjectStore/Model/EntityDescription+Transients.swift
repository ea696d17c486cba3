import GRDB

extension EntityDescription {
    /// Whether the entity declares transient attributes.
    var hasTransients: Bool { !transientAttributes.isEmpty }

    /// The stored part of an object's value array: its columns, without the transient values.
    func storedPart(of values: ContiguousArray<DatabaseValue>) -> ContiguousArray<DatabaseValue> {
        guard values.count > columnNames.count else { return values }
        return ContiguousArray(values[..<columnNames.count])
    }

    /// A whole value array from stored `columns`: the columns followed by the transient values of
    /// `current` (an object's whole value array), or the defaults when `current` has none.
    func completed(_ columns: ContiguousArray<DatabaseValue>,
                   transientsFrom current: ContiguousArray<DatabaseValue>? = nil) -> ContiguousArray<DatabaseValue> {
        guard hasTransients, columns.count == columnNames.count else { return columns }
        let source = current.flatMap { $0.count == defaultValues.count ? $0 : nil } ?? defaultValues
        var result = columns
        result.append(contentsOf: source[columnNames.count...])
        return result
    }

    /// `values` with every transient value back at its default.
    func resettingTransients(_ values: ContiguousArray<DatabaseValue>) -> ContiguousArray<DatabaseValue> {
        completed(storedPart(of: values))
    }
}
