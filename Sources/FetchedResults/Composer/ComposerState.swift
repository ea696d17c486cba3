import DiffableSnapshots

/// Everything a ``SnapshotComposer`` holds, changed under its lock: the slots, the composed list,
/// the decorations, and the compositions and errors of the current step, which the composer
/// hands on in order before it unlocks.
struct ComposerState<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    typealias Content = any SlotContent<SectionIdentifierType, ItemIdentifierType>

    /// What a step produced, in order.
    enum Output {
        case composition(SnapshotComposition<SectionIdentifierType, ItemIdentifierType>)
        case error(SnapshotComposerError)
    }

    var slots: [SlotState<SectionIdentifierType, ItemIdentifierType>] = []
    /// The composed list without marks: what the next step edits.
    var base = Snapshot()
    /// The last composition's snapshot (``base`` with that step's marks).
    var shown = Snapshot()
    var generation = 0
    /// The slot (by index) that shows each section of the composed list.
    var sectionOwner: [SectionIdentifierType: Int] = [:]
    var decorations: [ItemIdentifierType: any Hashable & Sendable] = [:]
    var lastError: SnapshotComposerError?
    /// The tasks that follow controllers and sequences; cancelled with the composer.
    var tasks: [Task<Void, Never>] = []
    /// How many compositions translated a controller's batch update, and how many diffed a
    /// slot's sections.
    var translatedCount = 0
    var diffedCount = 0
    /// What the current step produced, not handed on yet.
    var output: [Output] = []

    // MARK: Slots

    /// Adds a slot and composes its first content (its placeholder when it has none, or when the
    /// first content is held back).
    mutating func addSlot(_ name: String, source: SlotState<SectionIdentifierType, ItemIdentifierType>.Source, placeholder: SectionIdentifierType?, content: Content) -> ComposerSlot {
        if let other = slots.first(where: { $0.slot.name == name }) {
            preconditionFailure("The composer already has a slot named '\(name)' (\(other.slot)), so SnapshotComposer.addSlot cannot add another; give each slot its own name.")
        }
        let slot = ComposerSlot(name: name, index: slots.count)
        slots.append(SlotState(slot: slot, source: source, placeholder: placeholder, shown: SnapshotSlotContent<SectionIdentifierType, ItemIdentifierType>(snapshot: Snapshot())))
        receive(content, at: slot.index)
        if slots[slot.index].pending != nil, placeholder != nil {
            // Held back from the start: the slot shows what an empty slot shows.
            try? replaceRegion(of: slot.index, with: slots[slot.index].shown)
        }
        return slot
    }

    /// The state of `slot`, which must be one of this composer's slots.
    func index(of slot: ComposerSlot, _ caller: StaticString) -> Int {
        guard slot.index >= 0, slot.index < slots.count, slots[slot.index].slot == slot else {
            preconditionFailure("The \(slot), passed to SnapshotComposer.\(caller), is not a slot of this composer; pass a slot this composer returned.")
        }
        return slot.index
    }

    /// The index in the composed list of the slot's first section (or of where it would be).
    func sectionStart(of index: Int) -> Int {
        var start = 0
        for slot in slots[..<index] { start += slot.sections.count }
        return start
    }

    // MARK: Receiving content

    /// New content for a slot: composed now, or held back while it conflicts with another slot.
    mutating func receive(_ content: Content, at index: Int) {
        var content = content
        if let pending = slots[index].pending { content = content.carryingMarks(of: pending) }
        slots[index].pending = content
        if attempt(index) { retryHeldBack() }
    }

    /// Composes a slot's pending content; on a conflict keeps it pending and reports the error
    /// (once per conflict). Returns whether it was composed.
    mutating func attempt(_ index: Int) -> Bool {
        guard let content = slots[index].pending else { return false }
        do {
            try replaceRegion(of: index, with: content)
        } catch {
            if slots[index].conflict?.error != error.error { report(error.error) }
            slots[index].conflict = error
            return false
        }
        slots[index].pending = nil
        if slots[index].conflict != nil {
            slots[index].conflict = nil
            if !slots.contains(where: { $0.conflict != nil }) { lastError = nil }
        }
        return true
    }

    /// Composes every held-back slot whose conflict is gone, until none is left that can be.
    mutating func retryHeldBack() {
        var progress = true
        while progress {
            progress = false
            for index in slots.indices {
                guard let conflict = slots[index].conflict, isCleared(conflict, for: index) else { continue }
                if attempt(index) { progress = true }
            }
        }
    }

    /// Whether the identifier that held a slot back is free for it now.
    func isCleared(_ conflict: SlotConflict<SectionIdentifierType, ItemIdentifierType>, for index: Int) -> Bool {
        switch conflict.identifier {
        case .section(let section):
            return sectionOwner[section].map { $0 == index } ?? true
        case .item(let item):
            return base.sectionIdentifier(containingItem: item).map { sectionOwner[$0] == index } ?? true
        case .ownMapping:
            return false
        }
    }

    mutating func report(_ error: SnapshotComposerError) {
        lastError = error
        output.append(.error(error))
    }

    // MARK: Composing

    /// Makes `new` (edited from ``base`` with `update`) the composed list: one composition, the
    /// items `update` reconfigures or reloads marked in its snapshot.
    mutating func commit(_ new: Snapshot, update: BatchUpdate, changedSlots: [ComposerSlot]) {
        base = new
        var snapshot = new
        let reconfigured = update.itemReconfigures.compactMap { new.itemIdentifier(at: $0) }
        if !reconfigured.isEmpty { snapshot.reconfigureItems(reconfigured) }
        let reloaded = update.itemReloads.compactMap { shown.itemIdentifier(at: $0) }
        if !reloaded.isEmpty { snapshot.reloadItems(reloaded) }
        generation += 1
        output.append(.composition(SnapshotComposition(snapshot: snapshot, previousSnapshot: shown, batchUpdate: update, generation: generation, changedSlots: changedSlots)))
        shown = snapshot
    }

    // MARK: Decorations

    /// Sets or removes an item's decoration; a change of an item in the list composes a step
    /// that reconfigures it.
    mutating func setDecoration(_ decoration: (any Hashable & Sendable)?, for item: ItemIdentifierType) {
        let old = decorations[item]
        switch (old, decoration) {
        case (nil, nil): return
        case (let old?, let new?) where AnyHashable(old) == AnyHashable(new): return
        default: break
        }
        decorations[item] = decoration
        guard let path = base.itemPath(of: item) else { return }
        commit(base, update: BatchUpdate(itemReconfigures: [path]), changedSlots: [])
    }
}
