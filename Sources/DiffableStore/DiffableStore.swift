@_exported public import DiffableSnapshots
@_exported public import ListDataSources
@_exported public import ObjectStore
