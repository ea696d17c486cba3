/// Opens a store on a database server for a container: the part of a store module (the
/// PostgreSQL store's) that a ``StoreDescription`` of ``StoreDescription/Location/server(_:)``
/// carries, so that the object store itself builds no networking code.
package protocol PersistentStoreOpener: Sendable {
    /// Opens (creating or migrating as needed) the store `description` names, for `model`.
    func open(_ description: StoreDescription, model: ManagedObjectModel) throws(ObjectStoreError) -> any PersistentStore
}
