extension BatchUpdate: CustomStringConvertible {
    /// The update in the compact notation of update logs: what a view is told to do, in the
    /// order UIKit reads it.
    ///
    /// Sections: `DS(i)` delete, `IS(i)` insert, `MS(i→j)` move, `RS(i)` reload. Items: `D(s,i)`
    /// delete, `I(s,i)` insert, `M(s,i→t,j)` move, `R(s,i)` reload, `C(s,i)` reconfigure.
    /// Deletes, reloads and move sources are positions in the old snapshot; inserts, move
    /// destinations and reconfigures in the new one. An empty update reads `(no changes)`.
    ///
    /// ```swift
    /// print(update)
    /// // DS(0) IS(2) MS(3→1) RS(4) D(0,3) I(1,2) M(0,1→2,0) R(1,4) C(1,5)
    /// ```
    public var description: String {
        func path(_ path: ItemPath) -> String { "\(path.section),\(path.item)" }
        var parts: [String] = []
        parts += sectionDeletes.map { "DS(\($0))" }
        parts += sectionInserts.map { "IS(\($0))" }
        parts += sectionMoves.map { "MS(\($0.from)→\($0.to))" }
        parts += sectionReloads.map { "RS(\($0))" }
        parts += itemDeletes.map { "D(\(path($0)))" }
        parts += itemInserts.map { "I(\(path($0)))" }
        parts += itemMoves.map { "M(\(path($0.from))→\(path($0.to)))" }
        parts += itemReloads.map { "R(\(path($0)))" }
        parts += itemReconfigures.map { "C(\(path($0)))" }
        return parts.isEmpty ? "(no changes)" : parts.joined(separator: " ")
    }
}
