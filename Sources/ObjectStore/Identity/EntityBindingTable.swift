import Foundation

/// The process-wide, append-only table of entity bindings that object IDs refer to by
/// number.
///
/// Appending takes a lock; reading does not. Bindings live in pages that are allocated once and
/// never move or change once written, and a number is only ever read through an object ID made
/// after its binding was recorded: whoever hands the ID to another thread synchronises with that
/// thread, so the binding's write happens before any read of it. Each page holds twice as many
/// bindings as the one before (1,024 in the first), so the directory of pages, allocated with
/// the table and never moved, covers every number an ``ObjectID`` can hold (32 bits). The table
/// keeps every binding (each one a pointer to an entity description and a store UUID) for the
/// life of the process, about 100 bytes per entity per store opened.
///
/// Numbers run out only after 2³² bindings, which no process holds: each one is an object of at
/// least 32 bytes (its header, entity reference, UUID and number) kept alive by the table, so
/// 2³² of them would take more than 128 GiB.
final class EntityBindingTable: @unchecked Sendable {
    /// The first page holds `1 << firstPageShift` bindings; page *k* holds `1 << (firstPageShift + k)`.
    private static let firstPageShift = 10
    /// Enough pages for every `UInt32` number.
    private static let pageCount = UInt32.bitWidth + 1 - firstPageShift

    private let lock = NSLock()
    private var reserved = 0
    private let pages: UnsafeMutablePointer<UnsafeMutablePointer<Unmanaged<EntityBinding>>?>

    init() {
        pages = .allocate(capacity: Self.pageCount)
        pages.initialize(repeating: nil, count: Self.pageCount)
    }

    /// The page of `number` and its offset there. Page *k* starts at number 1,024 × (2*ᵏ* − 1),
    /// so `number` + 1,024 has its top bit at position 10 + *k*, and the bits below it are the
    /// offset.
    @inline(__always)
    private static func location(of number: UInt32) -> (page: Int, offset: Int) {
        let shifted = UInt64(number) + (1 << firstPageShift)
        let top = UInt64.bitWidth - 1 - shifted.leadingZeroBitCount
        return (top - firstPageShift, Int(shifted ^ (1 << top)))
    }

    /// The number the next recorded binding gets.
    func reserveNumber() -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        let number = UInt32(reserved)
        reserved += 1
        let page = Self.location(of: number).page
        if pages[page] == nil {
            pages[page] = .allocate(capacity: 1 << (Self.firstPageShift + page))
        }
        return number
    }

    /// Stores `binding` under its number, for good.
    func record(_ binding: EntityBinding) {
        lock.lock()
        defer { lock.unlock() }
        let (page, offset) = Self.location(of: binding.number)
        (pages[page].unsafelyUnwrapped + offset).initialize(to: .passRetained(binding))
    }

    /// The binding recorded under `number`.
    subscript(number: UInt32) -> EntityBinding {
        let (page, offset) = Self.location(of: number)
        return pages[page].unsafelyUnwrapped[offset].takeUnretainedValue()
    }
}
