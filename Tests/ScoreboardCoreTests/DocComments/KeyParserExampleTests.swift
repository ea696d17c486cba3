// Guards the example in the documentation comment of `KeyParser`:
// Sources/ScoreboardCore/Input/KeyParser.swift.
import ScoreboardCore
import Testing

/// The type's example, verbatim apart from the commented expressions, checked with `#expect`.
@Test func aSequenceSplitBetweenTwoReadsIsOneKey() {
    var parser = KeyParser()
    #expect(parser.parse([0x1B, 0x5B]) == [])
    #expect(parser.parse([0x41, 0x71]) == [.up, .character("q")])
}
