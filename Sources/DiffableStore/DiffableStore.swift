@_exported public import DiffableSnapshots
