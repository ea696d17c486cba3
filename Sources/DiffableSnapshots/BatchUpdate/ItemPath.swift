/// The position of an item in a snapshot: a section index and an item index within that section.
///
/// `ItemPath` is the platform-neutral counterpart of UIKit's `IndexPath` for lists. Paths order
/// by section first, then by item, which is the order UIKit walks a list in.
///
/// ```swift
/// let path = ItemPath(section: 1, item: 4)
/// path < ItemPath(section: 2, item: 0)  // true
/// ```
public struct ItemPath: Hashable, Comparable, Sendable {
    /// The index of the section.
    public var section: Int
    /// The index of the item within its section.
    public var item: Int

    /// Creates the path of the item at `item` in the section at `section`.
    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Whether `lhs` comes before `rhs`: an earlier section, or the same section and an earlier item.
    @inlinable
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}

extension ItemPath: CustomStringConvertible {
    /// The path as `(section,item)`, the notation of update logs.
    public var description: String { "(\(section),\(item))" }
}
