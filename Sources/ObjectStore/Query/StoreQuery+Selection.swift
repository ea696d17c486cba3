extension StoreQuery {
    /// What the query returns.
    package enum Selection: Sendable, Equatable {
        /// `Z_PK, Z_OPT`, every column, then the sort keys (``StoreQuery/sortKeys(of:)``).
        case rows
        /// `Z_PK` and the sort keys.
        case keys
        /// `Z_PK` only.
        case ids
        /// `Z_PK` and the ``StoreQuery/projections``.
        case projections
        /// `COUNT(*)`.
        case count
    }
}
