import Foundation
import ObjectStore

/// A remembered moment: the single-section and several-entities examples list them by day.
final class Memory: ManagedObject {
    @Attribute var title = ""
    @Attribute var day = 0
}

/// Something to do, in a column of a board: the sections-by-key example groups them by column.
final class Chore: ManagedObject {
    @Attribute var title = ""
    /// The column's name, which sorts the columns: "1 todo", "2 doing", "3 done".
    @Attribute(.indexed) var column = ""
}

/// A plan for a day to come: the several-entities example lists them beside the memories.
final class Plan: ManagedObject {
    @Attribute var title = ""
    @Attribute var day = 0
}

enum ExampleModel {
    static let model = ManagedObjectModel([Memory.self, Chore.self, Plan.self])

    static func container() throws -> PersistentContainer {
        try PersistentContainer(name: "examples", model: model, store: .inMemory)
    }
}
