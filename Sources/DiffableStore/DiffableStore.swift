@_exported public import DiffableSnapshots
@_exported public import FetchedResults
@_exported public import ListDataSources
@_exported public import ObjectStore
