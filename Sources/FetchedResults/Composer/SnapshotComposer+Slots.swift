public import DiffableSnapshots
public import ObjectStore

extension SnapshotComposer {
    /// Adds a slot that shows a fetched results controller's results, mapped into the composer's
    /// identifiers.
    ///
    /// The slot starts from the controller's last delivery (nothing before its first
    /// `performFetch()`) and follows every delivery after it; it never reads the controller's
    /// `fetchedObjects` or `sections`. Call it from any thread, before or after the controller's
    /// `performFetch()`.
    ///
    /// ```swift
    /// composer.addSlot("standard", controller: standardMatches,   // sectioned by "sport.name"
    ///                  section: { .standard(sport: $0) }, item: { .match($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - name: The slot's name, unique in the composer (errors and compositions use it).
    ///   - controller: The controller; the composer keeps it alive while it lives.
    ///   - placeholder: The section shown while the controller has no result (nil: the slot shows
    ///     no section then).
    ///   - section: Maps a controller section name (`""` without a section key path) to the
    ///     composer's section identifier.
    ///   - item: Maps a controller item identifier to the composer's item identifier.
    /// - Returns: The slot, numbered after the slots added before it.
    /// - Precondition: No other slot of the composer has this name.
    @discardableResult
    public func addSlot<ResultType: ManagedObject, ControllerItem: Hashable & Sendable>(
        _ name: String,
        controller: IdentifiedFetchedResultsController<ResultType, ControllerItem>,
        placeholder: SectionIdentifierType? = nil,
        section: @escaping @Sendable (String) -> SectionIdentifierType,
        item: @escaping @Sendable (ControllerItem) -> ItemIdentifierType
    ) -> ComposerSlot {
        let (last, deliveries) = controller.deliveriesFromLast()
        let mapping = SlotMapping(section: section, item: item)
        let content = MappedSlotContent(snapshot: last?.snapshot ?? .init(), generation: last?.generation ?? 0, mapping: mapping)
        let slot = withState { $0.addSlot(name, source: .controller, placeholder: placeholder, content: content) }
        follow(slot) { [weak self] in
            for await delivery in deliveries {
                self?.withState { $0.receive(delivery, at: slot.index, mapping: mapping) }
            }
            // The task keeps the controller alive while the composer follows it.
            withExtendedLifetime(controller) {}
        }
        return slot
    }

    /// Adds a slot whose content is a snapshot in the composer's identifiers, replaced with
    /// ``replace(_:with:)``: banners decoded from a file, a fixed header.
    ///
    /// ```swift
    /// var banners = DiffableDataSourceSnapshot<HomeSection, HomeItem>()
    /// banners.appendSections([.banners])
    /// banners.appendItems(ads.map { .banner($0.id) })
    /// let slot = composer.addStaticSlot("banners", snapshot: banners)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The slot's name, unique in the composer.
    ///   - snapshot: The first content (empty by default). Its sections without items are shown
    ///     as they are, unless the whole snapshot has no item.
    ///   - placeholder: The section shown while the content has no item (nil: no section).
    /// - Returns: The slot, numbered after the slots added before it.
    /// - Precondition: No other slot of the composer has this name.
    @discardableResult
    public func addStaticSlot(
        _ name: String,
        snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> = .init(),
        placeholder: SectionIdentifierType? = nil
    ) -> ComposerSlot {
        withState { $0.addSlot(name, source: .staticSnapshot, placeholder: placeholder, content: SnapshotSlotContent(snapshot: snapshot)) }
    }

    /// Adds a slot that shows each snapshot of an asynchronous sequence as it arrives (snapshots
    /// already in the composer's identifiers).
    ///
    /// The slot is empty until the first element. Each element replaces the slot's content, as
    /// ``replace(_:with:)`` does. When the sequence ends the slot keeps its last content; when
    /// it throws, ``SnapshotComposerError/sourceFailed(slot:message:)`` is reported as well.
    ///
    /// - Parameters:
    ///   - name: The slot's name, unique in the composer.
    ///   - snapshots: The sequence, iterated on a task of the composer's until it ends or the
    ///     composer is released.
    ///   - placeholder: The section shown while the content has no item (nil: no section).
    /// - Returns: The slot, numbered after the slots added before it.
    /// - Precondition: No other slot of the composer has this name.
    @discardableResult
    public func addSlot<Snapshots: AsyncSequence & Sendable>(
        _ name: String,
        snapshots: Snapshots,
        placeholder: SectionIdentifierType? = nil
    ) -> ComposerSlot
    where Snapshots.Element == DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        let empty = SnapshotSlotContent(snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>())
        let slot = withState { $0.addSlot(name, source: .sequence, placeholder: placeholder, content: empty) }
        follow(slot) { [weak self] in
            do {
                for try await snapshot in snapshots {
                    self?.withState { $0.receive(SnapshotSlotContent(snapshot: snapshot), at: slot.index) }
                }
            } catch {
                self?.withState { $0.report(.sourceFailed(slot: slot, message: "\(error)")) }
            }
        }
        return slot
    }

    /// Replaces a static slot's content; one composition follows if anything changed (an item
    /// or section added, removed or moved, or an item marked with `reconfigureItems` or
    /// `reloadItems` in `snapshot`).
    ///
    /// - Complexity: O(*k*) for the slot's *k* items, old and new: the slot's sections are
    ///   diffed, the other slots' are not touched.
    /// - Precondition: `slot` is a static slot of this composer (from ``addStaticSlot(_:snapshot:placeholder:)``).
    public func replace(_ slot: ComposerSlot, with snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
        withState { state in
            let index = state.index(of: slot, "replace(_:with:)")
            precondition(state.slots[index].source == .staticSnapshot, "The \(slot), passed to SnapshotComposer.replace(_:with:), is not a static slot; replace only slots from addStaticSlot(_:snapshot:placeholder:).")
            state.receive(SnapshotSlotContent(snapshot: snapshot), at: index)
        }
    }

    /// Runs `work` on a task the composer cancels when it is released.
    func follow(_ slot: ComposerSlot, _ work: @escaping @Sendable () async -> Void) {
        let task = Task { await work() }
        state.withLock { $0.tasks.append(task) }
    }
}
