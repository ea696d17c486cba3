import Foundation

/// The process-wide, append-only table of entity bindings that object IDs refer to by
/// number.
///
/// Appending takes a lock; reading does not. Bindings live in pages that are allocated once and
/// never move or change once written, and a number is only ever read through an object ID made
/// after its binding was recorded: whoever hands the ID to another thread synchronises with that
/// thread, so the binding's write happens before any read of it. The table keeps every binding
/// (each one a pointer to an entity description and a store UUID) for the life of the process,
/// about 100 bytes per entity per store opened.
final class EntityBindingTable: @unchecked Sendable {
    private static let pageSize = 1 << 10
    private static let pageLimit = 1 << 14

    private let lock = NSLock()
    private var reserved = 0
    private let pages: UnsafeMutablePointer<UnsafeMutablePointer<Unmanaged<EntityBinding>>?>

    init() {
        pages = .allocate(capacity: Self.pageLimit)
        pages.initialize(repeating: nil, count: Self.pageLimit)
    }

    /// The number the next recorded binding gets.
    func reserveNumber() -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        guard reserved < Self.pageSize * Self.pageLimit else {
            fatalError("ObjectStore made more than \(Self.pageSize * Self.pageLimit) entity bindings in one process (every store opened binds each of its entities); open fewer stores.")
        }
        let number = reserved
        reserved += 1
        let page = number / Self.pageSize
        if pages[page] == nil {
            let storage = UnsafeMutablePointer<Unmanaged<EntityBinding>>.allocate(capacity: Self.pageSize)
            pages[page] = storage
        }
        return UInt32(number)
    }

    /// Stores `binding` under its number, for good.
    func record(_ binding: EntityBinding) {
        lock.lock()
        defer { lock.unlock() }
        let number = Int(binding.number)
        (pages[number / Self.pageSize].unsafelyUnwrapped + number % Self.pageSize).initialize(to: .passRetained(binding))
    }

    /// The binding recorded under `number`.
    subscript(number: UInt32) -> EntityBinding {
        let number = Int(number)
        return pages[number / Self.pageSize].unsafelyUnwrapped[number % Self.pageSize].takeUnretainedValue()
    }
}
