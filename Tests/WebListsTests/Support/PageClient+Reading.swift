extension PageClient {
    /// Reads messages into `model` until it shows `generation`, and returns the kind of each
    /// full list or update read (`full` or `u`, one per update of a message that holds several);
    /// fails on a message the model cannot apply, or when none comes within `timeout`.
    func follow(_ model: inout PageModel, to generation: UInt64, timeout: Duration = .seconds(60)) async throws -> [String] {
        var kinds: [String] = []
        while model.generation != generation {
            guard let message = await next(timeout: timeout) else {
                let ending = await ending(timeout: .milliseconds(100)).map { "\($0)" } ?? "still open"
                throw PageModel.Failure(
                    description: "no message within \(timeout) at generation \(String(describing: model.generation)), waiting for \(generation); the connection: \(ending)")
            }
            kinds += try model.apply(message)
        }
        return kinds
    }
}
