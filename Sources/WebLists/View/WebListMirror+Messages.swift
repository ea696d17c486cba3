import DiffableSnapshots

extension WebListMirror {
    /// The full list as a page receives it first:
    /// `{"t":"full","epoch":…,"g":…,"sections":[[key,header,[[key,cell],…]],…]}`.
    ///
    /// `epoch` names the server's run, so that a page coming back to a restarted server asks for
    /// nothing by a generation of the run before.
    func fullListMessage(epoch: String) -> String {
        var json = JSONText(reservingCapacity: 64 * snapshot.numberOfItems + 64)
        json.raw("{\"t\":\"full\",\"epoch\":")
        json.string(epoch)
        json.raw(",\"g\":")
        json.number(generation)
        json.raw(",\"sections\":")
        json.array(0..<snapshot.numberOfSections) { $0.section(sectionContent(at: $1)) }
        json.raw("}")
        return json.text
    }

    /// The message of one batch update, read after ``advance(to:fresh:leaving:)``: the same
    /// operations as the update (indexes and paths as `BatchUpdate` has them), with the content
    /// of inserted and reloaded sections, the keys and cells of inserted items and the cells of
    /// reloaded and reconfigured ones, and the generation.
    ///
    /// `{"t":"u","g":…,"sd":[s],"si":[[s,section]],"sm":[[from,to]],"sr":[[old,new,section]],`
    /// `"d":[[s,i]],"i":[[s,i,key,cell]],"m":[[s,i,s,i]],"r":[[s,i,cell]],"c":[[s,i,cell]]}`,
    /// empty operations left out.
    func updateMessage(for update: BatchUpdate, from old: Snapshot) -> String {
        var json = JSONText()
        json.raw("{\"t\":\"u\",\"g\":")
        json.number(generation)
        json.field("sd", update.sectionDeletes) { $0.number($1) }
        json.field("si", update.sectionInserts) { json, index in
            json.raw("[")
            json.number(index)
            json.raw(",")
            json.section(sectionContent(at: index))
            json.raw("]")
        }
        json.field("sm", update.sectionMoves) { $0.pair($1.from, $1.to) }
        json.field("sr", update.sectionReloads) { json, oldIndex in
            let newIndex = snapshot.indexOfSection(old.sectionIdentifiers[oldIndex]) ?? oldIndex
            json.raw("[")
            json.number(oldIndex)
            json.raw(",")
            json.number(newIndex)
            json.raw(",")
            json.section(sectionContent(at: newIndex))
            json.raw("]")
        }
        writeItemOperations(of: update, from: old, into: &json)
        json.raw("}")
        return json.text
    }

    private func writeItemOperations(of update: BatchUpdate, from old: Snapshot, into json: inout JSONText) {
        json.field("d", update.itemDeletes) { $0.pair($1.section, $1.item) }
        json.field("i", update.itemInserts) { json, path in
            let item = snapshot.itemIdentifier(at: path)
            json.raw("[")
            json.number(path.section)
            json.raw(",")
            json.number(path.item)
            json.raw(",")
            json.number(item.flatMap { itemKeys[$0] } ?? 0)
            json.raw(",")
            json.cell(item.flatMap { cells[$0] } ?? WebCell())
            json.raw("]")
        }
        json.field("m", update.itemMoves) { json, move in
            json.raw("[")
            json.number(move.from.section)
            json.raw(",")
            json.number(move.from.item)
            json.raw(",")
            json.number(move.to.section)
            json.raw(",")
            json.number(move.to.item)
            json.raw("]")
        }
        json.field("r", update.itemReloads) { json, path in
            json.pathAndCell(path, old.itemIdentifier(at: path).flatMap { cells[$0] })
        }
        json.field("c", update.itemReconfigures) { json, path in
            json.pathAndCell(path, snapshot.itemIdentifier(at: path).flatMap { cells[$0] })
        }
    }
}

extension JSONText {
    mutating func pair(_ first: Int, _ second: Int) {
        raw("[")
        number(first)
        raw(",")
        number(second)
        raw("]")
    }

    mutating func pathAndCell(_ path: ItemPath, _ cell: WebCell?) {
        raw("[")
        number(path.section)
        raw(",")
        number(path.item)
        raw(",")
        self.cell(cell ?? WebCell())
        raw("]")
    }
}
