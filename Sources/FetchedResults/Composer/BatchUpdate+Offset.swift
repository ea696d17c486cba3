import DiffableSnapshots

extension BatchUpdate {
    /// The same update with every section index moved by `offset`: a slot's update placed after
    /// the sections of the slots before it. O(*u*) for *u* operations.
    func offsettingSections(by offset: Int) -> BatchUpdate {
        guard offset != 0 else { return self }
        func path(_ path: ItemPath) -> ItemPath { ItemPath(section: path.section + offset, item: path.item) }
        return BatchUpdate(
            sectionDeletes: sectionDeletes.map { $0 + offset },
            sectionInserts: sectionInserts.map { $0 + offset },
            sectionMoves: sectionMoves.map { Move(from: $0.from + offset, to: $0.to + offset) },
            sectionReloads: sectionReloads.map { $0 + offset },
            itemDeletes: itemDeletes.map(path),
            itemInserts: itemInserts.map(path),
            itemMoves: itemMoves.map { Move(from: path($0.from), to: path($0.to)) },
            itemReloads: itemReloads.map(path),
            itemReconfigures: itemReconfigures.map(path))
    }
}
