/// One apply's message as the pages receive it: its generation and its text, made once and
/// shared by every page.
struct PageUpdate: Equatable, Sendable {
    var generation: UInt64
    var text: String
}
