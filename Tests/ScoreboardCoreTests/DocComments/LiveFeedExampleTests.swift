// Guards the example in the documentation comment of `LiveFeed`:
// Sources/ScoreboardCore/Feed/LiveFeed.swift.
import ObjectStore
import ScoreboardCore
import Testing

/// The type's example, verbatim, with `print` captured.
@Test func aFeedStepSavesOneChangeAndSaysWhatItWas() throws {
    var printed: [String] = []
    func print(_ item: Any) { printed.append("\(item)") }

    let context = try ScoreboardStore.open(.inMemory, seed: 42).newBackgroundContext()
    var feed = LiveFeed(seed: 42)
    let event = try context.performAndWait { try feed.step(in: context) }
    print(event)  // Spurs v Lakers 2:1

    #expect(printed == ["Spurs v Lakers 2:1"])
}
