import Foundation

/// Case and diacritic folding of strings: the one function both the SQL function `ds_fold` and
/// in-memory evaluation call, so the two always fold alike.
enum TextFolding {
    /// `text` folded by `options` (unchanged when `options` is empty).
    ///
    /// ASCII text takes a fast path (lowercasing A–Z), which gives exactly what Foundation's
    /// folding gives for ASCII; other text is folded by Foundation without a locale.
    static func fold(_ text: String, _ options: ComparisonOptions) -> String {
        if options.isEmpty { return text }
        OperationCounts.record(\.textFolds)
        if let folded = foldASCII(text, options) { return folded }
        var foundationOptions: String.CompareOptions = []
        if options.contains(.caseInsensitive) { foundationOptions.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { foundationOptions.insert(.diacriticInsensitive) }
        return text.folding(options: foundationOptions, locale: nil)
    }

    /// Folds text made only of ASCII bytes, or returns nil for any other text.
    private static func foldASCII(_ text: String, _ options: ComparisonOptions) -> String? {
        var copy = text
        return copy.withUTF8 { bytes -> String?? in
            var needsLowering = false
            for byte in bytes {
                if byte >= 0x80 { return String??.none }
                if byte >= 0x41 && byte <= 0x5A { needsLowering = true }
            }
            guard needsLowering && options.contains(.caseInsensitive) else { return String?.none }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (index, byte) in bytes.enumerated() {
                    buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }.map { $0 ?? text }
    }
}
