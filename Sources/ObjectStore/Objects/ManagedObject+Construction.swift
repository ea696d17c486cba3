import GRDB

extension ManagedObject {
    /// What a new instance needs: its identity, entity, context and initial values. Opaque.
    public struct Construction {
        let objectID: ObjectID
        let entity: EntityDescription
        let contextLink: ContextLink?
        let values: ContiguousArray<DatabaseValue>
        let version: Int64
        let state: ObjectState

        init(
            objectID: ObjectID,
            entity: EntityDescription,
            context: ManagedObjectContext?,
            values: ContiguousArray<DatabaseValue>,
            version: Int64,
            state: ObjectState
        ) {
            self.objectID = objectID
            self.entity = entity
            self.contextLink = context?.link
            self.values = values
            self.version = version
            self.state = state
        }
    }
}
