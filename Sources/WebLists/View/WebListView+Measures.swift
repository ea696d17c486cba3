extension WebListView {
    /// How many times a page fell so far behind that it was sent the full list instead of the
    /// updates it missed.
    package var fullListsForLag: Int { hub.fullListsForLag }

    /// The size in bytes of the last update message sent to the pages (0 before the first).
    package var lastUpdateBytes: Int { hub.lastUpdate?.bytes.readableBytes ?? 0 }

    /// The size in bytes of the full list message now.
    package var fullListBytes: Int { hub.fullList().bytes.readableBytes }
}
