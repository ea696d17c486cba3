import GRDB

/// The base class of every entity: an object that lives in a ``ManagedObjectContext``.
///
/// Declare an entity as a subclass whose persistent properties use ``Attribute`` and
/// ``Relationship``. Subclasses need no initialiser of their own; create objects through a context:
///
/// ```swift
/// final class Event: ManagedObject {
///     @Attribute var title = ""
///     @Attribute var isLive = false
/// }
///
/// let event = try context.insert(Event.self)   // or: try Event(context: context)
/// event.title = "Final"
/// try context.save()
/// ```
///
/// An object belongs to one context and must be used only on that context's queue; pass its
/// ``objectID`` (which is `Sendable`) to other contexts instead. Its identifier is permanent from
/// insertion.
///
/// Objects are `Observable`: a SwiftUI view, or any `withObservationTracking` scope, that reads
/// some of an object's properties is told when a change the context delivers (an edit at the end
/// of its queue turn, a merged save, a deletion) changes one of them, and not for the others.
/// Without a user interface, follow one object with
/// ``ManagedObjectContext/changes(for:)``.
open class ManagedObject: Hashable, CustomStringConvertible {
    /// The object's permanent identifier.
    public let objectID: ObjectID
    @usableFromInline final var entityDescription: EntityDescription
    @usableFromInline final var ordinalBase: Int
    /// The link to the owning context; nil once the object left its context (its deletion was
    /// saved or merged from another context, its insertion was rolled back, or the context was
    /// reset).
    final var contextLink: ContextLink?

    /// The owning context, while the object belongs to one.
    final var context: ManagedObjectContext? {
        get { contextLink?.context }
        set { contextLink = newValue?.link }
    }
    final var values: ContiguousArray<DatabaseValue>
    /// The values as last saved to (or read from) the parent; the base of change tracking.
    final var committedValues: ContiguousArray<DatabaseValue>
    /// The row version `committedValues` were read at (0 for objects never saved).
    final var version: Int64
    /// Columns where a merge brought a stored value while this object kept an unsaved edit
    /// (policy `.error`): the value originally read, so the next save still detects the conflict.
    final var conflictBase: [Int: DatabaseValue] = [:]
    /// While the object is among the changes the context's next pending-changes event reports:
    /// the values the context showed when the object first changed since its last event.
    final var reportBase = ContiguousArray<DatabaseValue>()
    final var state: ObjectState
    /// The object's observation tracking, from its first property read on: held without
    /// reference counting, so that the reads, which all reach it, pay no retain and release;
    /// released with the object.
    @exclusivity(unchecked) final var observationStorage: Unmanaged<ObjectObservation>?

    /// Creates an object; called by contexts and the model, never directly.
    ///
    /// Subclasses that declare their own designated initialisers must implement this one too,
    /// calling `super.init(construction)`.
    public required init(_ construction: Construction) {
        objectID = construction.objectID
        entityDescription = construction.entity
        ordinalBase = PropertyOrdinal.current &- construction.entity.slots.count
        contextLink = construction.contextLink
        values = construction.entity.completed(construction.values)
        committedValues = values
        version = construction.version
        state = construction.state
    }

    deinit {
        observationStorage?.release()
    }

    /// Creates and inserts a new object into `context`.
    ///
    /// - Throws: ``ObjectStoreError`` when no key can be reserved for the object (an I/O failure).
    public convenience init(context: ManagedObjectContext) throws {
        let construction = try context.insertionConstruction(for: Self.self)
        self.init(construction)
        context.registerInserted(self)
        awakeFromInsert()
    }

    /// The entity (and table) name; the class name unless overridden.
    open class var entityName: String {
        String(describing: self)
    }

    /// Indexes over several properties (or unique combinations); none unless overridden.
    open class var indexes: [CompoundIndex] {
        []
    }

    /// The entity's name in the previous model version, when it was renamed (Core Data's
    /// `renamingIdentifier`); nil unless overridden. A lightweight migration stage renames the
    /// entity's table instead of dropping it and creating a new one.
    open class var renamingIdentifier: String? {
        nil
    }

    /// The previous model version's names of renamed attributes and relationships, by their
    /// current names (`["title": "name"]` for `name` renamed to `title`); none unless overridden.
    /// A lightweight migration stage keeps their values.
    open class var renamingIdentifiers: [String: String] {
        [:]
    }

    /// The entity of this object.
    public final var entity: EntityDescription { entityDescription }

    // Overridable checks and life cycle methods. Each runs on the context's queue, never while the
    // store or a context holds a lock; the base implementations do nothing, so a model that
    // overrides none pays one dynamic call per saved, fetched or inserted object.

    /// Checks an inserted object before the save that writes it; throw to refuse the save.
    ///
    /// The model's rules (``ValidationRule``, non-optional keys, delete rules) are checked by the
    /// context whether or not you override this; add the checks that span several properties or
    /// objects. Whatever you throw becomes one ``ValidationFailure`` of the save's
    /// ``ObjectStoreError/validation(_:)`` (throw a ``ValidationFailure`` to choose it). Read,
    /// but do not change, objects here.
    open func validateForInsert() throws {}

    /// Checks a changed object before the save that writes it; throw to refuse the save.
    ///
    /// As ``validateForInsert()``, for objects that were saved before and have changes.
    open func validateForUpdate() throws {}

    /// Checks a deleted object before the save that removes it; throw to refuse the save.
    ///
    /// As ``validateForInsert()``, for objects deleted since the last save (deny delete rules
    /// are checked by the context).
    open func validateForDelete() throws {}

    /// Called once when the object is inserted into a context, after it holds the model's
    /// defaults: set initial values here (they are the insert's values, not a later change).
    open func awakeFromInsert() {}

    /// Called when the object's values were read from the store (or the parent context): when a
    /// fetch or a fault brings them in. Set up what is derived from them; values you change here
    /// are unsaved changes like any other.
    open func awakeFromFetch() {}

    /// Called on every inserted, changed and deleted object at the start of a save. Changes made
    /// here are part of the same save, and the objects they touch get `willSave()` too (an object
    /// is called again only when it changed since its last call). A save whose `willSave()` calls
    /// keep changing objects stops with ``ObjectStoreError/saveHooksDidNotSettle(rounds:objects:)``.
    open func willSave() {}

    /// Called on every inserted, changed and deleted object after its save succeeded and the
    /// context published it.
    open func didSave() {}

    /// Called when the object is deleted (``ManagedObjectContext/delete(_:)``), before its
    /// delete rules are applied: its relationships still hold what they held.
    open func prepareForDeletion() {}

    /// The context the object belongs to: nil once the object left it (its deletion was saved, or
    /// merged from another context's save; its insertion was rolled back; the context was reset)
    /// or the context is gone. Writing to such an object changes nothing that can be saved.
    public final var managedObjectContext: ManagedObjectContext? { context }

    /// Whether the object's values have not been loaded yet.
    public final var isFault: Bool { state.contains(.fault) }

    /// Whether the object was inserted and not yet saved.
    public final var isInserted: Bool { state.contains(.inserted) }

    /// Whether the object was deleted (pending a save, or saved as deleted).
    public final var isDeleted: Bool { state.contains(.deleted) || state.contains(.invalid) }

    /// Whether the object has unsaved changes of its attributes or relationships.
    public final var isUpdated: Bool {
        !state.contains(.inserted) && !state.contains(.deleted) && !changedColumns().isEmpty
    }

    /// Whether the object has any unsaved change, including insertion and deletion.
    public final var hasChanges: Bool {
        state.contains(.inserted) || state.contains(.deleted) || !changedColumns().isEmpty
    }

    /// The entity name and key.
    open var description: String {
        "<\(entityDescription.name) \(objectID)\(isFault ? " (fault)" : "")>"
    }

    /// Objects are equal when they are the same instance (uniquing makes that one per ID per context).
    public static func == (lhs: ManagedObject, rhs: ManagedObject) -> Bool {
        lhs === rhs
    }

    /// Hashes the instance identity.
    public final func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Takes values read from (or saved to) the parent as both the current and the saved values;
    /// transient values the parent does not hold stay as they are.
    final func load(_ values: ContiguousArray<DatabaseValue>, version: Int64) {
        self.values = entityDescription.completed(values, transientsFrom: self.values)
        committedValues = self.values
        self.version = version
        conflictBase = [:]
        state.subtract([.fault, .goneFromParent])
    }

    /// Drops the unsaved changes: the object shows its committed values again.
    final func revertToCommittedValues() {
        values = committedValues
        conflictBase = [:]
    }

    /// Leaves the context for good, in `state`. An object the context's next event reports keeps
    /// what it was shown as, to be reported as gone.
    final func detach(as state: ObjectState) {
        self.state = state.union(self.state.intersection([.reported, .wasShown, .unannounced]))
        context = nil
    }

    /// The committed values as originally read, for optimistic locking.
    final var lockingValues: ContiguousArray<DatabaseValue> {
        guard !conflictBase.isEmpty else { return committedValues }
        var result = committedValues
        for (column, value) in conflictBase { result[column] = value }
        return result
    }

    /// The columns whose values differ from the committed values.
    final func changedColumns() -> [Int] {
        guard !state.contains(.fault) else { return [] }
        var result: [Int] = []
        for column in values.indices where !StoredValueOrder.isSame(values[column], committedValues[column]) {
            result.append(column)
        }
        return result
    }
}
