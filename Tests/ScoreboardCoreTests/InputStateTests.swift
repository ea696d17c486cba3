import ScoreboardCore
import Testing

@Suite struct InputStateTests {
    @Test func browsingKeysMapToTheirActions() {
        var input = InputState()
        #expect(input.handle(.character("b")) == [.toggleBetSlip])
        #expect(input.handle(.character(" ")) == [.togglePause])
        #expect(input.handle(.up) == [.moveSelection(-1)])
        #expect(input.handle(.down) == [.moveSelection(1)])
        #expect(input.handle(.pageDown) == [.page(1)])
        #expect(input.handle(.character("x")).isEmpty)
        #expect(input.handle(.character("q")) == [.quit])
        #expect(input.handle(.control("c")) == [.quit])
    }

    @Test func slashStartsAFilterThatNarrowsWithEveryKey() {
        var input = InputState()
        #expect(input.handle(.character("/")).isEmpty)
        #expect(input.isEditingFilter)
        #expect(input.handle(.character("a")) == [.filter("a")])
        #expect(input.handle(.character("r")) == [.filter("ar")])
        // While typing, `q` and `b` are letters of the team name.
        #expect(input.handle(.character("q")) == [.filter("arq")])
        #expect(input.handle(.backspace) == [.filter("ar")])
        #expect(input.handle(.enter).isEmpty)
        #expect(!input.isEditingFilter)
        #expect(input.filter == "ar")
        #expect(input.handle(.character("q")) == [.quit])
    }

    @Test func escapeClearsTheFilter() {
        var input = InputState()
        _ = input.handle(.character("/"))
        _ = input.handle(.character("s"))
        #expect(input.handle(.escape) == [.filter("")])
        #expect(!input.isEditingFilter)
        #expect(input.filter.isEmpty)
        // A filter kept with Enter is cleared by Escape while browsing.
        _ = input.handle(.character("/"))
        _ = input.handle(.character("s"))
        _ = input.handle(.enter)
        #expect(input.handle(.escape) == [.filter("")])
        #expect(input.handle(.escape).isEmpty)
    }

    @Test func ctrlCQuitsEvenWhileTypingAFilter() {
        var input = InputState()
        _ = input.handle(.character("/"))
        #expect(input.handle(.control("c")) == [.quit])
    }
}
