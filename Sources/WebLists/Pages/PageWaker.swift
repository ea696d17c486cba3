/// What a ``PageHub`` wakes after each publish: the writer of some of its pages (those of one
/// event loop), which then takes from the hub's window what each page has yet to be sent.
protocol PageWaker: AnyObject, Sendable {
    /// Has every page the waker writes look at its hub's window soon.
    func wakeEveryPage()
}
