/// The keyboard's state machine: browsing, or typing the team filter after `/`.
///
/// Browsing: `q` or Ctrl-C quits, arrows and `j`/`k` move the selection, page keys scroll,
/// `b` toggles the bet slip of the selected row, space pauses the feed, `/` starts the filter,
/// Ctrl-L redraws. Typing the filter: characters and backspace edit it (each edit filters at
/// once), Enter keeps it and goes back to browsing, Escape clears it; arrows still move.
package struct InputState: Hashable, Sendable {
    /// The filter text, typed or kept.
    package private(set) var filter = ""
    /// Whether keys go to the filter.
    package private(set) var isEditingFilter = false

    package init() {}

    /// The actions `key` asks for (none for a key that means nothing here).
    package mutating func handle(_ key: Key) -> [InputAction] {
        switch key {
        case .control("c"): return [.quit]
        case .control("l"): return [.redraw]
        case .up: return [.moveSelection(-1)]
        case .down: return [.moveSelection(1)]
        case .pageUp: return [.page(-1)]
        case .pageDown: return [.page(1)]
        default: break
        }
        return isEditingFilter ? editFilter(key) : browse(key)
    }

    private mutating func browse(_ key: Key) -> [InputAction] {
        switch key {
        case .character("q"), .character("Q"): return [.quit]
        case .character("/"):
            isEditingFilter = true
            return []
        case .character("b"), .character("B"): return [.toggleBetSlip]
        case .character(" "): return [.togglePause]
        case .character("j"): return [.moveSelection(1)]
        case .character("k"): return [.moveSelection(-1)]
        case .escape where !filter.isEmpty:
            filter = ""
            return [.filter("")]
        default: return []
        }
    }

    private mutating func editFilter(_ key: Key) -> [InputAction] {
        switch key {
        case .character(let character):
            filter.append(character)
            return [.filter(filter)]
        case .backspace:
            guard !filter.isEmpty else { return [] }
            filter.removeLast()
            return [.filter(filter)]
        case .enter:
            isEditingFilter = false
            return []
        case .escape:
            isEditingFilter = false
            guard !filter.isEmpty else { return [] }
            filter = ""
            return [.filter("")]
        default:
            return []
        }
    }
}
