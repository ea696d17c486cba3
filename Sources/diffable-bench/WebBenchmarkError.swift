/// Why a run of the `web` benchmark could not finish.
struct WebBenchmarkError: Error, CustomStringConvertible {
    var description: String
}
