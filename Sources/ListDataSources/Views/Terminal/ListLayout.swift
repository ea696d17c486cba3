import DiffableSnapshots

/// What one line of a terminal list shows, with its identifiers.
enum ListRow<SectionIdentifierType, ItemIdentifierType> {
    case header(index: Int, section: SectionIdentifierType)
    case item(ItemPath, ItemIdentifierType, section: SectionIdentifierType)
}

/// Where each section header and item of a snapshot falls on the lines of a terminal list: a
/// section takes one header line, then one line per item.
struct ListLayout {
    /// The line of each section's header.
    private(set) var headerLines: [Int] = []
    /// The index, in the whole snapshot, of each section's first item.
    private(set) var firstItems: [Int] = []
    /// The number of lines of the whole list.
    private(set) var lineCount = 0
    /// The number of items of the whole list.
    private(set) var itemCount = 0

    init() {}

    /// The layout of `snapshot`. O(*s*) for *s* sections.
    init<S, I>(_ snapshot: DiffableDataSourceSnapshot<S, I>) {
        headerLines.reserveCapacity(snapshot.numberOfSections)
        firstItems.reserveCapacity(snapshot.numberOfSections)
        for section in snapshot.sectionIdentifiers {
            headerLines.append(lineCount)
            firstItems.append(itemCount)
            let count = snapshot.numberOfItems(inSection: section)
            lineCount += 1 + count
            itemCount += count
        }
    }

    /// The line of the item at `path`.
    func line(of path: ItemPath) -> Int {
        headerLines[path.section] + 1 + path.item
    }

    /// What the lines `lines` of `snapshot` (laid out by this layout) show, in one walk.
    ///
    /// - Complexity: O(log *s* + *l*) for *l* lines and *s* sections crossed.
    func rows<S, I>(of snapshot: DiffableDataSourceSnapshot<S, I>, lines: Range<Int>) -> [ListRow<S, I>] {
        let end = min(lines.upperBound, lineCount)
        guard lines.lowerBound >= 0, lines.lowerBound < end else { return [] }
        var rows: [ListRow<S, I>] = []
        rows.reserveCapacity(end - lines.lowerBound)
        let sections = snapshot.sectionIdentifiers
        var sectionIndex = lastIndex(in: headerLines, atMost: lines.lowerBound)
        var offset = lines.lowerBound - headerLines[sectionIndex]
        var line = lines.lowerBound
        while line < end {
            let section = sections[sectionIndex]
            let items = snapshot.itemIdentifiers(inSection: section)
            if offset == 0 {
                rows.append(.header(index: sectionIndex, section: section))
                offset = 1
                line += 1
            }
            while line < end, offset <= items.count {
                rows.append(.item(ItemPath(section: sectionIndex, item: offset - 1), items[offset - 1], section: section))
                offset += 1
                line += 1
            }
            sectionIndex += 1
            offset = 0
        }
        return rows
    }

    /// The path of the item at `index` in the whole snapshot. O(log *s*).
    ///
    /// - Precondition: `0 <= index < itemCount`.
    func path(ofItemAt index: Int) -> ItemPath {
        // Empty sections share their first index with the next section: take the last of them.
        let section = lastIndex(in: firstItems, atMost: index)
        return ItemPath(section: section, item: index - firstItems[section])
    }

    /// The index of `path` in the whole snapshot.
    func index(of path: ItemPath) -> Int {
        firstItems[path.section] + path.item
    }

    /// The last position of the ascending `values` whose value is at most `value`.
    private func lastIndex(in values: [Int], atMost value: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}
