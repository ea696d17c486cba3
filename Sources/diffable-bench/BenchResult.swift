/// One measured case: our time beside a baseline (and, where one exists, a floor).
struct BenchResult {
    var bench: String
    var caseName: String
    var ids: String?
    var oursMilliseconds: Measurement
    var baseline: String
    /// `nil` when the baseline was skipped (for example, too slow at that size).
    var baselineMilliseconds: Measurement?
    var floorMilliseconds: Measurement?
    /// Memory held per item by what was built, where measured.
    var bytesPerItem: Double?
    var note: String?
    /// More named figures, in milliseconds (`p50_ms`, `p99_ms`), for JSON.
    var extra: [(String, Double)] = []

    var jsonLine: String {
        var fields: [(String, String)] = [
            ("bench", quoted(bench)),
            ("case", quoted(caseName)),
        ]
        if let ids { fields.append(("ids", quoted(ids))) }
        fields.append(("ours_ms", number(oursMilliseconds.median)))
        fields.append(("ours_fastest_ms", number(oursMilliseconds.fastest)))
        fields.append(("ours_slowest_ms", number(oursMilliseconds.slowest)))
        fields.append(("baseline", quoted(baseline)))
        fields.append(("baseline_ms", baselineMilliseconds.map { number($0.median) } ?? "null"))
        if let baselineMilliseconds {
            fields.append(("baseline_fastest_ms", number(baselineMilliseconds.fastest)))
            fields.append(("baseline_slowest_ms", number(baselineMilliseconds.slowest)))
        }
        if let floorMilliseconds { fields.append(("floor_ms", number(floorMilliseconds.median))) }
        if let bytesPerItem { fields.append(("bytes_per_item", number(bytesPerItem))) }
        for (name, value) in extra { fields.append((name, number(value))) }
        if BenchClock.measuresCPUTime { fields.append(("clock", quoted("thread-cpu"))) }
        if let note { fields.append(("note", quoted(note))) }
        return "{" + fields.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    private func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "\"\(escaped)\""
    }

    private func number(_ value: Double) -> String {
        formatted(value, decimals: 4)
    }
}

func formatted(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}
