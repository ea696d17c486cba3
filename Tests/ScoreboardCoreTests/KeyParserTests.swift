import ScoreboardCore
import Testing

@Suite struct KeyParserTests {
    @Test func plainCharactersAndControlKeysAreKeysOfTheirOwn() {
        var parser = KeyParser()
        #expect(parser.parse(Array("q/b ".utf8)) == [.character("q"), .character("/"), .character("b"), .character(" ")])
        #expect(parser.parse([0x03, 0x0D, 0x7F, 0x09, 0x0C]) == [.control("c"), .enter, .backspace, .tab, .control("l")])
    }

    @Test func arrowsArriveInBothCursorKeyModes() {
        var parser = KeyParser()
        #expect(parser.parse([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42]) == [.up, .down])
        #expect(parser.parse([0x1B, 0x4F, 0x43, 0x1B, 0x4F, 0x44]) == [.right, .left])
    }

    @Test func pagingKeysCarryParameters() {
        var parser = KeyParser()
        #expect(parser.parse(Array("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~".utf8)) == [.pageUp, .pageDown, .home, .end])
        // Modifiers (`ESC [ 1 ; 5 A`, Ctrl-Up) still read as the arrow.
        #expect(parser.parse(Array("\u{1B}[1;5A".utf8)) == [.up])
    }

    @Test func aSequenceSplitAcrossReadsWaitsForItsEnd() {
        var parser = KeyParser()
        #expect(parser.parse([0x1B]).isEmpty)
        #expect(parser.hasPending)
        #expect(parser.parse([0x5B]).isEmpty)
        #expect(parser.parse([0x41, 0x71]) == [.up, .character("q")])
        #expect(!parser.hasPending)
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnceFlushed() {
        var parser = KeyParser()
        #expect(parser.parse([0x1B]).isEmpty)
        #expect(parser.flush() == [.escape])
        #expect(parser.flush().isEmpty)
        // Escape before a plain key reads as Escape, then the key.
        #expect(parser.parse([0x1B, 0x71]) == [.escape, .character("q")])
    }

    @Test func utf8CharactersAreWholeEvenWhenSplit() {
        var parser = KeyParser()
        let bytes = Array("é€".utf8)
        #expect(parser.parse(bytes.prefix(1)).isEmpty)
        #expect(parser.parse(bytes.dropFirst().prefix(2)) == [.character("é")])
        #expect(parser.parse(bytes.dropFirst(3)) == [.character("€")])
    }

    @Test func unknownSequencesAndBrokenBytesNeverTrap() {
        var parser = KeyParser()
        #expect(parser.parse(Array("\u{1B}[15~".utf8)) == [.unknown(Array("\u{1B}[15~".utf8))])
        #expect(parser.parse([0xFF, 0x61]) == [.unknown([0xFF]), .character("a")])
        #expect(parser.parse([0xE2, 0x41]) == [.unknown([0xE2]), .character("A")])
        #expect(parser.parse([0x1B, 0x5B, 0x01]) == [.unknown([0x1B, 0x5B, 0x01])])
    }
}
