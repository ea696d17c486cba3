/// A key the demo reacts to, as read from a terminal in raw mode.
package enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, space, punctuation, any script).
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, backspace, tab, escape
    /// A control key other than the ones above: Ctrl-C is `.control("c")`.
    case control(Character)
    /// An escape sequence the demo does not know (a function key, say), kept whole.
    case unknown([UInt8])
}
