extension SortKeyChunks {
    /// Where the key whose words are `probe` is, or would be inserted: ``slot(of:order:)`` over
    /// the keys' words, compared in place. Only while the keys are kept as words.
    ///
    /// - Complexity: O(log *n*) comparisons of ``width`` words.
    func slot(ofWords probe: [UInt64]) -> (index: Int, found: Bool) {
        let width = self.width
        guard !lastWords.isEmpty else { return (0, false) }
        return probe.withUnsafeBufferPointer { probe in
            let probe = probe.baseAddress!
            let low = lastWords.withUnsafeBufferPointer { lasts in
                let base = lasts.baseAddress!
                var low = 0, high = lasts.count / width
                while low < high {
                    let middle = (low + high) / 2
                    if Self.compare(base + middle * width, probe, width) < 0 { low = middle + 1 } else { high = middle }
                }
                return low
            }
            guard low < words.count else { return (count, false) }
            let start = low == 0 ? 0 : ends[low - 1]
            return words[low].withUnsafeBufferPointer { keys in
                let base = keys.baseAddress!
                var lower = 0, upper = keys.count / width
                while lower < upper {
                    let middle = (lower + upper) / 2
                    let comparison = Self.compare(base + middle * width, probe, width)
                    if comparison < 0 {
                        lower = middle + 1
                    } else if comparison > 0 {
                        upper = middle
                    } else {
                        return (start + middle, true)
                    }
                }
                return (start + lower, false)
            }
        }
    }

    /// -1, 0 or 1 as the `width` words at `lhs` come before, equal or after those at `rhs`.
    @inline(__always)
    private static func compare(_ lhs: UnsafePointer<UInt64>, _ rhs: UnsafePointer<UInt64>, _ width: Int) -> Int {
        for index in 0..<width where lhs[index] != rhs[index] {
            return lhs[index] < rhs[index] ? -1 : 1
        }
        return 0
    }
}
