@testable import DiffableSnapshots

/// A deliberately simple outline (child lists and parent links, everything recomputed on
/// demand) that the randomized tests hold the section snapshot against.
struct SectionSnapshotReferenceOutline: Equatable {
    typealias Outline = DiffableDataSourceSectionSnapshot<Int>
    static let top = -1  // the parent key of root items

    var children: [Int: [Int]] = [:]
    var parentOf: [Int: Int] = [:]
    var expanded: Set<Int> = []

    var items: [Int] { descendants(of: Self.top) }
    var rootItems: [Int] { children[Self.top, default: []] }
    var visibleItems: [Int] { items.filter(isVisible) }

    func descendants(of item: Int) -> [Int] {
        children[item, default: []].flatMap { [$0] + descendants(of: $0) }
    }

    func contains(_ item: Int) -> Bool { parentOf[item] != nil }

    func parent(of item: Int) -> Int? {
        guard let parent = parentOf[item], parent != Self.top else { return nil }
        return parent
    }

    func level(of item: Int) -> Int {
        var level = 0
        var current = item
        while let parent = parent(of: current) {
            level += 1
            current = parent
        }
        return level
    }

    func isVisible(_ item: Int) -> Bool {
        guard contains(item) else { return false }
        var current = item
        while let parent = parent(of: current) {
            if !expanded.contains(parent) { return false }
            current = parent
        }
        return true
    }

    mutating func append(_ items: [Int], to parent: Int?) {
        let parent = parent ?? Self.top
        graft(items.map { Self(single: $0) }, under: parent, at: children[parent, default: []].count)
    }

    mutating func insert(_ items: [Int], before anchor: Int) {
        let parent = parentOf[anchor]!
        graft(items.map { Self(single: $0) }, under: parent, at: children[parent]!.firstIndex(of: anchor)!)
    }

    mutating func insert(_ items: [Int], after anchor: Int) {
        let parent = parentOf[anchor]!
        graft(items.map { Self(single: $0) }, under: parent, at: children[parent]!.firstIndex(of: anchor)! + 1)
    }

    mutating func append(_ other: Self, to parent: Int?) {
        let parent = parent ?? Self.top
        graft([other], under: parent, at: children[parent, default: []].count)
    }

    mutating func insert(_ other: Self, before anchor: Int) {
        let parent = parentOf[anchor]!
        graft([other], under: parent, at: children[parent]!.firstIndex(of: anchor)!)
    }

    mutating func insert(_ other: Self, after anchor: Int) {
        let parent = parentOf[anchor]!
        graft([other], under: parent, at: children[parent]!.firstIndex(of: anchor)! + 1)
    }

    mutating func delete(_ items: [Int]) {
        for item in items {
            guard let parent = parentOf[item] else { continue }
            children[parent]!.removeAll { $0 == item }
            forget(item)
        }
    }

    mutating func replace(childrenOf parent: Int, using other: Self) {
        for child in children[parent, default: []] { forget(child) }
        children[parent] = []
        graft([other], under: parent, at: 0)
    }

    func snapshot(of parent: Int, includingParent: Bool) -> Self {
        var result = Self()
        let roots = includingParent ? [parent] : children[parent, default: []]
        result.children[Self.top] = roots
        for root in roots { result.parentOf[root] = Self.top }
        for item in roots.flatMap({ [$0] + descendants(of: $0) }) {
            if expanded.contains(item) { result.expanded.insert(item) }
            guard let list = children[item], !list.isEmpty else { continue }
            result.children[item] = list
            for child in list { result.parentOf[child] = item }
        }
        return result
    }

    /// The same outline built with appends and expands only.
    func build() -> Outline {
        var outline = Outline()
        outline.append(rootItems)
        for item in items where !children[item, default: []].isEmpty {
            outline.append(children[item]!, to: item)
        }
        outline.expand(Array(expanded))
        return outline
    }

    private init(single item: Int) {
        children[Self.top] = [item]
        parentOf[item] = Self.top
    }

    init() {}

    /// Inserts the root items of `others`, with their subtrees, under `parent` at child `index`.
    private mutating func graft(_ others: [Self], under parent: Int, at index: Int) {
        var roots: [Int] = []
        for other in others {
            roots += other.rootItems
            for (item, list) in other.children where item != Self.top { children[item] = list }
            for (item, itemParent) in other.parentOf { parentOf[item] = itemParent == Self.top ? parent : itemParent }
            expanded.formUnion(other.expanded)
        }
        children[parent, default: []].insert(contentsOf: roots, at: index)
    }

    private mutating func forget(_ item: Int) {
        for child in children[item, default: []] { forget(child) }
        children[item] = nil
        parentOf[item] = nil
        expanded.remove(item)
    }
}
