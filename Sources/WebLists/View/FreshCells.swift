/// The cells and headers an apply makes before anything changes: a view that fails to make one
/// keeps showing what it showed.
struct FreshCells<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
    var cells: [Item: WebCell] = [:]
    var headers: [Section: WebCell] = [:]
}
