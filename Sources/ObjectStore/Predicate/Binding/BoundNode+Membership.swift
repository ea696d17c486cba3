extension BoundNode {
    /// The `OR` of `children`, with the equalities of one key to constants merged into one
    /// `IN` (with any `IN` list of that key), at the place of the first: `a == 1 OR b == 2 OR
    /// a == 3` becomes `a IN (1, 3) OR b == 2`. Both read the same under SQL's three-valued
    /// logic; the `IN` keeps a 10,000-term `OR` of ids one SQL expression, and one look-up in
    /// memory (``MembershipList``).
    static func mergingEqualities(_ children: [BoundNode]) -> BoundNode {
        var merged: [BoundNode] = []
        merged.reserveCapacity(children.count)
        /// Per key (its SQL text and collation), the index of its list in `lists`.
        var listOfKey: [MembershipKey: Int] = [:]
        /// Each key's `IN`: where it stands in `merged`, the operand, the constants, the terms.
        var lists: [(position: Int, needle: BoundOperand, elements: [BoundOperand], terms: Int, collation: SortCollation)] = []
        for child in children {
            guard let (key, needle, elements) = child.membershipTerm else {
                merged.append(child)
                continue
            }
            if let index = listOfKey[key] {
                // Appended in place: the list is not copied per term.
                lists[index].elements += elements
                lists[index].terms += 1
            } else {
                listOfKey[key] = lists.count
                lists.append((merged.count, needle, elements, 1, key.collation))
                merged.append(child)
            }
        }
        for list in lists where list.terms > 1 {
            merged[list.position] = .inList(list.needle, MembershipList(list.elements, collation: list.collation))
        }
        return merged.count == 1 ? merged[0] : .or(merged)
    }

    /// What identifies the key of an equality or `IN`: the SQL that reads it (path, column,
    /// folding) and the collation it compares under.
    struct MembershipKey: Hashable {
        let operand: String
        let collation: SortCollation
    }

    /// For `key == constant` (either way round) and `key IN (constants)`: the key, the operand
    /// that reads it and the constants.
    private var membershipTerm: (MembershipKey, BoundOperand, [BoundOperand])? {
        switch self {
        case .compare(let left, .equal, let right, let collation):
            if let key = PredicateSQLWriter.operandText(left), case .constant = right.source {
                return (MembershipKey(operand: key, collation: collation), left, [right])
            }
            if let key = PredicateSQLWriter.operandText(right), case .constant = left.source {
                return (MembershipKey(operand: key, collation: collation), right, [left])
            }
            return nil
        case .inList(let needle, let list):
            guard let key = PredicateSQLWriter.operandText(needle),
                  list.elements.allSatisfy({ if case .constant = $0.source { true } else { false } }) else { return nil }
            return (MembershipKey(operand: key, collation: list.collation), needle, list.elements)
        default:
            return nil
        }
    }
}
