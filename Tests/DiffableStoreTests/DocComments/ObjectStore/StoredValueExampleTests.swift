// Guards the example in the documentation comment of `StoredValue`:
// Sources/ObjectStore/Model/StoredValue.swift.
import DiffableStore
import Testing

@Suite struct StoredValueExampleTests {
    struct Celsius: AttributeValue {
        var degrees: Double
        static var attributeType: AttributeType { .double }
        static var attributeFallback: Celsius { Celsius(degrees: 0) }
        var storedValue: StoredValue { .real(degrees) }
        init?(storedValue: StoredValue) {
            guard let degrees = Double(storedValue: storedValue) else { return nil }
            self.degrees = degrees
        }
        init(degrees: Double) { self.degrees = degrees }
    }

    final class Reading: ManagedObject {
        @Attribute var temperature = Celsius(degrees: 20)
        @Attribute var note: String? = nil
    }

    /// The type's example, verbatim: a value type of the app's own, saved and fetched through
    /// `StoredValue` (this module imports only `DiffableStore`: nothing of the SQLite layer is
    /// needed to conform a type).
    @Test func aValueTypeOfTheAppsOwnIsSavedAndFetchedThroughStoredValue() throws {
        let container = try PersistentContainer(name: "Readings", model: ManagedObjectModel([Reading.self]),
                                                store: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let reading = try context.insert(Reading.self)
            reading.temperature = Celsius(degrees: 36.6)
            try context.save()
        }
        let other = container.newBackgroundContext()
        let fetched = try other.performAndWait { () throws in try other.fetch(Reading.self).map { ($0.temperature.degrees, $0.note) } }
        #expect(fetched.map(\.0) == [36.6])
        #expect(fetched.map(\.1) == [nil])
        let attribute = try #require(container.model.entities.first?.attributes.first { $0.name == "temperature" })
        #expect(attribute.defaultValue == .real(20))
        #expect(Celsius(storedValue: .text("warm")) == nil)
        #expect(Int(storedValue: .integer(7)) == 7 && Int16(storedValue: .integer(70_000)) == nil)
    }
}
