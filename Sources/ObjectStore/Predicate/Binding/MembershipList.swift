import GRDB

/// The elements of an `IN` list, its constants indexed by ``ValueKey`` when the list is
/// compiled, so that evaluating the list looks a value up once instead of comparing it with
/// every element.
///
/// Elements read from objects (keys), and constants without a key under the collation, are
/// compared one by one in list order, as before; ``constantPosition(equalTo:)`` tells where the
/// first equal constant stands among them, so that the elements before it are read first and
/// evaluation reads the same elements, throws the same errors and gives the same answer as
/// comparing every element in order.
///
/// A class, so that the tree's nodes share one list instead of copying its parts.
final class MembershipList: Sendable {
    let elements: [BoundOperand]
    /// What `==` means between the tested value and an element.
    let collation: SortCollation
    /// Per key, the position of the first constant element with that key.
    private let constantPositions: [ValueKey: Int]
    /// The positions of the elements compared one by one, in increasing order.
    let scannedPositions: [Int]
    /// Whether a constant element is NULL (which makes a value found nowhere unknown).
    let hasNullConstant: Bool

    /// Indexes the constants of `elements` under `collation`.
    init(_ elements: [BoundOperand], collation: SortCollation) {
        var positions: [ValueKey: Int] = [:]
        var scanned: [Int] = []
        var hasNull = false
        for (position, element) in elements.enumerated() {
            guard case .constant(let value) = element.source else {
                scanned.append(position)
                continue
            }
            if value.isNull {
                hasNull = true
            } else if let key = ValueKey(value, collation: collation) {
                if positions[key] == nil { positions[key] = position }
            } else {
                scanned.append(position)
            }
        }
        self.elements = elements
        self.collation = collation
        constantPositions = positions
        scannedPositions = scanned
        hasNullConstant = hasNull
    }

    private init(replacing elements: [BoundOperand], of list: MembershipList) {
        precondition(elements.count == list.elements.count, "An IN list's elements are replaced one for one.")
        self.elements = elements
        collation = list.collation
        constantPositions = list.constantPositions
        scannedPositions = list.scannedPositions
        hasNullConstant = list.hasNullConstant
    }

    /// The position of the first indexed constant equal to `value` under the collation, or nil
    /// (always nil for NULL).
    func constantPosition(equalTo value: DatabaseValue) -> Int? {
        OperationCounts.record(\.membershipComparisons)
        guard !constantPositions.isEmpty, let key = ValueKey(value, collation: collation) else { return nil }
        return constantPositions[key]
    }

    /// The list with `elements` in place of its own, one for one, its index kept: the
    /// constants must stay as they are (elements read from objects may become constants).
    func replacingElements(_ elements: [BoundOperand]) -> MembershipList {
        MembershipList(replacing: elements, of: self)
    }
}
