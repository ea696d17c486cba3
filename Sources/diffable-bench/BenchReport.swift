/// Prints results as they are measured: a table for people, or JSON lines for tools.
struct BenchReport {
    let json: Bool
    private var printedHeader = false

    init(json: Bool) {
        self.json = json
    }

    mutating func add(_ result: BenchResult) {
        if json {
            print(result.jsonLine)
            return
        }
        if !printedHeader {
            printedHeader = true
            if BenchClock.measuresCPUTime { print("times are the measuring thread's CPU time (--cpu-time), not wall time") }
            print(row(["bench", "case", "ids", "ours ms", "baseline", "baseline ms", "vs baseline", "floor ms", "ours/floor"]))
        }
        let ours = result.oursMilliseconds.median
        let versusBaseline = result.baselineMilliseconds.map { baseline in
            baseline.median >= ours
                ? formatted(baseline.median / ours, decimals: 1) + "× faster"
                : formatted(ours / baseline.median, decimals: 2) + "× slower"
        }
        let versusFloor = result.floorMilliseconds.map { formatted(ours / $0.median, decimals: 2) }
        print(row([
            result.bench,
            result.caseName,
            result.ids ?? "-",
            formatted(ours, decimals: 3),
            result.baseline,
            result.baselineMilliseconds.map { formatted($0.median, decimals: 3) } ?? "skipped",
            versusBaseline ?? "-",
            result.floorMilliseconds.map { formatted($0.median, decimals: 3) } ?? "-",
            versusFloor ?? "-",
        ]))
        var spreads = ["ours \(result.oursMilliseconds.spread)"]
        if let baseline = result.baselineMilliseconds { spreads.append("baseline \(baseline.spread)") }
        if let floor = result.floorMilliseconds { spreads.append("floor \(floor.spread)") }
        print("    runs, fastest–slowest ms: " + spreads.joined(separator: ", "))
        if let note = result.note { print("    note: \(note)") }
    }

    private func row(_ cells: [String]) -> String {
        let widths = [6, 18, 5, 10, 34, 12, 16, 9, 7]
        return zip(cells, widths).map { cell, width in
            cell.count >= width ? cell : cell + String(repeating: " ", count: width - cell.count)
        }.joined(separator: " ")
    }
}
