import DiffableSupport
import FetchedResults
import ObjectStore

/// What the host's controllers last delivered, read from their delivery streams as an app's
/// data sources read them; prints `delivered-resync <controller>` for each delivery that follows
/// a resync.
final class DeliveredLists: Sendable {
    /// The last delivery's sections and items, by controller name.
    private let last = Locked<[String: (sections: [String], items: [ObjectID])]>([:])

    /// Reads the deliveries of `controller`, from its next one on, under `name`.
    func follow<Entity: ManagedObject>(_ controller: FetchedResultsController<Entity>, named name: String) {
        let stream = controller.deliveries()
        let last = last
        Task {
            for await delivery in stream {
                last.withLock { $0[name] = (delivery.snapshot.sectionIdentifiers, delivery.snapshot.itemIdentifiers) }
                if delivery.isResync { PeerOutput.write("delivered-resync \(name)") }
            }
        }
    }

    /// The name of the first controller of `lists` whose last delivery differs from its
    /// sections and objects, or nil. Call on the context's queue.
    func firstMismatch(with lists: FollowedLists) -> String? {
        let shown = [
            ("fixtures", Self.state(of: lists.fixtures)),
            ("top", Self.state(of: lists.topOfRankedTeams)),
            ("teams", Self.state(of: lists.teams)),
        ]
        let delivered = last.value
        for (name, state) in shown {
            guard let delivery = delivered[name], delivery.sections == state.sections, delivery.items == state.items else {
                return "\(name) delivery"
            }
        }
        return nil
    }

    private static func state<Entity: ManagedObject>(of controller: FetchedResultsController<Entity>) -> (sections: [String], items: [ObjectID]) {
        (controller.sections?.map(\.name) ?? [], controller.fetchedObjects?.map(\.objectID) ?? [])
    }
}
