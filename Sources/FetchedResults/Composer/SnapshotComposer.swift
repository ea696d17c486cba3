public import DiffableSnapshots
import DiffableSupport
import ObjectStore

/// One list made of ordered slots: fetched results controllers, static snapshots (banners decoded
/// from JSON) and any asynchronous sequence of snapshots, composed into one
/// `DiffableDataSourceSnapshot` with the batch update of every change.
///
/// ```swift
/// let composer = SnapshotComposer<HomeSection, HomeItem>()
/// let banners = composer.addStaticSlot("banners", snapshot: decodedBanners)
/// composer.addSlot("sports", controller: sports,
///                  section: { _ in .sportsPicker }, item: { .sport($0) })
/// composer.addSlot("live", controller: liveMatches,
///                  section: { .live(sport: $0) }, item: { .match($0) })
///
/// for await composition in composer.compositions() {
///     try await dataSource.apply(composition.snapshot, using: composition.batchUpdate,
///                                from: composition.previousSnapshot)
/// }
/// ```
///
/// ### Slots
/// Slots keep the order they were added in: a slot's sections always come before the next slot's
/// first section, whatever changes. A change in one slot replaces that slot's sections in place
/// and composes one ``SnapshotComposition``; the other slots' sections are not touched. A slot
/// with no item shows no section, or its placeholder section (an empty section) when it was added
/// with one.
///
/// ### Controllers
/// A controller slot reads nothing but the controller's deliveries (its delivered snapshots and
/// their batch updates), never its live `fetchedObjects` or `sections`, so a list built from
/// several controllers cannot race against them. It may be added before or after the
/// controller's `performFetch()`, from any thread: it starts from the controller's last delivery,
/// if any, and follows every delivery after it. The composer keeps its controllers alive.
///
/// ### Cost
/// A delivery that changes *k* items of a controller slot is translated into the composed list:
/// its batch update is moved past the sections of the slots before it and its identifiers mapped
/// through the slot's closures, and the composed snapshot is edited in place, in about
/// O(*k* log *n* + *s*) for *n* items in *s* sections, whatever the size of the list. Where a
/// translation is not possible, the slot's own sections are diffed instead, in O(*k*) for the
/// slot's *k* items: a static replacement, an element of a snapshot sequence, a controller
/// delivery that moves sections, a slot that becomes empty or stops being empty while it has a
/// placeholder, and the first change after one was held back.
///
/// ### Decorations
/// State of an item that is not its identity (a bet slip flag) is a decoration
/// (``setDecoration(_:for:)``): a change reconfigures the item in a composition of its own,
/// never deleting and inserting it.
///
/// ### Errors
/// Two slots that map to the same section or item identifier are data, not a programmer error:
/// the later change is held back, and a ``SnapshotComposerError`` names the identifier and both
/// slots (see ``errors()``, ``lastError`` and ``conflicts``).
///
/// ### Threading
/// Every member can be called from any thread or actor. Compositions are made one at a time
/// under a lock, in order; the slot mappings run under that lock, so they must be quick and must
/// not call the composer.
///
/// ## Topics
///
/// ### Creating a composer
/// - ``init()``
///
/// ### Adding slots
/// - ``addSlot(_:controller:placeholder:section:item:)``
/// - ``addStaticSlot(_:snapshot:placeholder:)``
/// - ``addSlot(_:snapshots:placeholder:)``
/// - ``replace(_:with:)``
/// - ``ComposerSlot``
///
/// ### Reading the composed list
/// - ``compositions()``
/// - ``snapshot``
/// - ``generation``
/// - ``SnapshotComposition``
///
/// ### Decorations
/// - ``setDecoration(_:for:)``
/// - ``decoration(for:as:)``
///
/// ### Errors
/// - ``errors()``
/// - ``lastError``
/// - ``conflicts``
/// - ``SnapshotComposerError``
public final class SnapshotComposer<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    let state = Locked(ComposerState<SectionIdentifierType, ItemIdentifierType>())
    let compositionStreams = Broadcast<SnapshotComposition<SectionIdentifierType, ItemIdentifierType>>(keepsLast: true)
    let errorStreams = Broadcast<SnapshotComposerError>()

    /// An empty composer: no slot, an empty list, no composition yet.
    public init() {}

    deinit {
        state.withLock { state in
            for task in state.tasks { task.cancel() }
        }
        compositionStreams.finishAll()
        errorStreams.finishAll()
    }

    /// Runs `body` on the state under the lock, then hands on the compositions and errors it
    /// produced, still under the lock so that they keep their order.
    func withState<Result>(_ body: (inout ComposerState<SectionIdentifierType, ItemIdentifierType>) -> Result) -> Result {
        state.withLock { state in
            let result = body(&state)
            for output in state.output {
                switch output {
                case .composition(let composition): compositionStreams.yield(composition)
                case .error(let error): errorStreams.yield(error)
                }
            }
            state.output = []
            return result
        }
    }

    /// A new asynchronous sequence of the compositions: the last one so far first, when there is
    /// one, then every composition after it, in order, with no gap and no repeat (buffered
    /// without limit, so none is missed). Call it from any thread, before or after adding slots,
    /// and iterate it on any actor; it ends when the composer is released.
    ///
    /// Its first composition is the list as it is when the sequence is made, carrying the list
    /// before it in ``SnapshotComposition/previousSnapshot``: a data source that shows nothing
    /// yet reloads on the first apply, then performs each batch update as it comes.
    public func compositions() -> AsyncStream<SnapshotComposition<SectionIdentifierType, ItemIdentifierType>> {
        compositionStreams.makeStream()
    }

    /// The last composition's snapshot (empty before the first).
    public var snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        state.withLock { $0.shown }
    }

    /// The number of compositions so far: the last composition's generation.
    public var generation: Int {
        state.withLock { $0.generation }
    }

    /// The generation of the last delivery of a controller slot's controller that the composer
    /// has taken in (composed, or held back); 0 for other slots. Tests wait on it.
    func receivedGeneration(of slot: ComposerSlot) -> Int {
        state.withLock { state in
            let slotState = state.slots[state.index(of: slot, "receivedGeneration(of:)")]
            return (slotState.pending ?? slotState.shown).generation
        }
    }

    /// How the compositions so far were made: by translating a controller's batch update, or by
    /// diffing a slot's sections. Tests check that deliveries take the fast path.
    var compositionCounts: (translated: Int, diffed: Int) {
        state.withLock { ($0.translatedCount, $0.diffedCount) }
    }
}
