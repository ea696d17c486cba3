import DiffableStore
import Foundation
import Testing

/// A value type of the app's own, stored through `StoredValue` (this module imports only
/// `DiffableStore`: nothing of the SQLite layer is needed to conform a type).
struct Celsius: AttributeValue, Equatable {
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

@Test func aValueTypeOfTheAppsOwnIsSavedAndFetchedThroughStoredValue() throws {
    let container = try PersistentContainer(name: "Readings", model: ManagedObjectModel([Reading.self]),
                                            store: StoreDescription(location: .inMemory))
    let context = container.newBackgroundContext()
    try context.performAndWait { () throws in
        let reading = try context.insert(Reading.self)
        reading.temperature = Celsius(degrees: 36.6)
        try context.save()
    }
    let other = container.newBackgroundContext()
    let fetched = try other.performAndWait { () throws in try other.fetch(Reading.self).map { ($0.temperature, $0.note) } }
    #expect(fetched.map(\.0) == [Celsius(degrees: 36.6)])
    #expect(fetched.map(\.1) == [nil])
    let attribute = try #require(container.model.entities.first?.attributes.first { $0.name == "temperature" })
    #expect(attribute.defaultValue == .real(20))
    #expect(Celsius(storedValue: .text("warm")) == nil)
    #expect(Int(storedValue: .integer(7)) == 7 && Int16(storedValue: .integer(70_000)) == nil)
}
