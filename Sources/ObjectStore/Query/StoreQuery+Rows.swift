import GRDB

extension StoreQuery {
    /// The condition that selects the query's rows in a statement on its entity's table named
    /// `t` (`UPDATE table AS t … WHERE condition`), with its arguments: the filters themselves
    /// when they read no related row and the query has no limit or offset (so its order does
    /// not matter), else membership in the query's keys.
    func rowCondition() -> (text: String, arguments: [DatabaseValue]) {
        if limit == nil && offset == 0 && filters.allSatisfy({ $0.joinPaths.isEmpty }) {
            var arguments: [DatabaseValue] = []
            let text = filters.isEmpty ? "1" : filters.map { "(" + $0.sqlCondition(entity: entity, arguments: &arguments) + ")" }.joined(separator: " AND ")
            return (text, arguments)
        }
        let (selection, arguments) = sql(.ids)
        return ("t.Z_PK IN (\(selection))", arguments)
    }
}
