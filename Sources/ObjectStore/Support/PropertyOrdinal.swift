internal import ObjectStoreThreadLocal

/// Numbers the persistent-property wrappers in the order they are constructed, per thread.
///
/// Swift initialises a class's stored properties in declaration order before the superclass
/// initialiser runs, so the wrappers of one object are numbered consecutively. `ManagedObject`'s
/// initialiser reads the counter once the wrappers exist; the difference between a wrapper's number
/// and the object's base is the wrapper's ordinal within its entity. This gives every property
/// access an array index without hashing a key path.
@usableFromInline
enum PropertyOrdinal {
    // The counter is kept doubled; its lowest bit says whether a prototype's declarations are
    // being recorded on this thread, so ordinary wrappers cost one read and one write of TLS.

    /// The number the next wrapper constructed on this thread receives.
    static var current: Int {
        objectstore_property_counter_get() >> 1
    }

    /// Returns the current number and advances the counter.
    @usableFromInline
    static func next() -> Int {
        nextAndRecording().ordinal
    }

    private static func nextAndRecording() -> (ordinal: Int, recording: Bool) {
        let raw = objectstore_property_counter_get()
        objectstore_property_counter_set(raw &+ 2)
        return (raw >> 1, raw & 1 == 1)
    }

    private static func setRecording(_ recording: Bool) {
        let raw = objectstore_property_counter_get()
        objectstore_property_counter_set((raw & ~1) | (recording ? 1 : 0))
    }

    /// The declarations recorder of the prototype being built on this thread, if any.
    static var recorder: DeclarationRecorder? {
        objectstore_property_recorder_get().map { Unmanaged<DeclarationRecorder>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with `recorder` receiving the declarations of every wrapper built meanwhile.
    static func recording<T>(into recorder: DeclarationRecorder, _ body: () -> T) -> T {
        objectstore_property_recorder_set(Unmanaged.passUnretained(recorder).toOpaque())
        setRecording(true)
        defer {
            setRecording(false)
            objectstore_property_recorder_set(nil)
        }
        return withExtendedLifetime(recorder) { body() }
    }

    /// Numbers an attribute wrapper; while a prototype is built, also records its default,
    /// options and rules (ordinary objects skip computing them, so wrappers only store their number).
    @usableFromInline
    static func nextAttribute(default value: @autoclosure () -> StoredValue?, options: AttributeOptions,
                              rules: @autoclosure () -> [ValidationRule] = []) -> Int {
        let (ordinal, recording) = nextAndRecording()
        if recording, let recorder { recorder.attributes[ordinal] = (value(), options, rules()) }
        return ordinal
    }

    /// Numbers a derived-attribute wrapper; while a prototype is built, also records its
    /// derivation, options and default.
    @usableFromInline
    static func nextDerived(_ derivation: @autoclosure () -> DerivationExpression, options: AttributeOptions,
                            default value: @autoclosure () -> StoredValue) -> Int {
        let (ordinal, recording) = nextAndRecording()
        if recording, let recorder {
            recorder.attributes[ordinal] = (value(), options, [])
            recorder.derivations[ordinal] = derivation()
        }
        return ordinal
    }

    /// Numbers a relationship wrapper, recording its declaration while a prototype is built.
    @usableFromInline
    static func nextRelationship(deleteRule: DeleteRule, inverse: @autoclosure () -> AnyKeyPath?, isOptional: Bool) -> Int {
        let (ordinal, recording) = nextAndRecording()
        if recording, let recorder { recorder.relationships[ordinal] = (deleteRule, inverse().map(SendableKeyPath.init), isOptional) }
        return ordinal
    }
}

/// What the wrappers of a prototype declared, by wrapper number.
final class DeclarationRecorder {
    var attributes: [Int: (defaultValue: StoredValue?, options: AttributeOptions, rules: [ValidationRule])] = [:]
    var relationships: [Int: (deleteRule: DeleteRule, inverse: SendableKeyPath?, isOptional: Bool)] = [:]
    var derivations: [Int: DerivationExpression] = [:]
}
