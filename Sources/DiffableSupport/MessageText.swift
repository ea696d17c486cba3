/// `text` (a reason, or another error's message) as part of a sentence: without the white space
/// around it and its final period, so that the sentence around it ends with one period.
package func clause(_ text: String) -> String {
    var text = Substring(text)
    while text.last?.isWhitespace == true { text.removeLast() }
    while text.first?.isWhitespace == true { text.removeFirst() }
    return String(text.hasSuffix(".") && !text.hasSuffix("..") ? text.dropLast() : text)
}

/// `text` with a capital first letter, to begin a sentence.
package func sentenceStart(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
}
