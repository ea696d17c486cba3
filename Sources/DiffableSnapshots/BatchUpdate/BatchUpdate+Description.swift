extension BatchUpdate: CustomStringConvertible {
    /// The update in the compact notation of update logs.
    ///
    /// Sections: `DS(i)` delete, `IS(i)` insert, `MS(i->j)` move, `RS(i)` reload. Items: `D(s,i)`
    /// delete, `I(s,i)` insert, `M((s,i)->(t,j))` move, `R(s,i)` reload, `C(s,i)` reconfigure. An
    /// empty update prints `(no changes)`.
    ///
    /// ```
    /// DS(0) IS(0) D(1,3) I(1,2) M((1,0)->(1,5))
    /// ```
    public var description: String {
        var parts: [String] = []
        parts += sectionDeletes.map { "DS(\($0))" }
        parts += sectionInserts.map { "IS(\($0))" }
        parts += sectionMoves.map { "MS(\($0.from)->\($0.to))" }
        parts += sectionReloads.map { "RS(\($0))" }
        parts += itemDeletes.map { "D\($0)" }
        parts += itemInserts.map { "I\($0)" }
        parts += itemMoves.map { "M(\($0.from)->\($0.to))" }
        parts += itemReloads.map { "R\($0)" }
        parts += itemReconfigures.map { "C\($0)" }
        return parts.isEmpty ? "(no changes)" : parts.joined(separator: " ")
    }
}
