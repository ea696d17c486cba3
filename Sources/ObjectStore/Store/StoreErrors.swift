import DiffableSupport
import GRDB

/// Maps GRDB and SQLite errors to ``ObjectStoreError``.
enum StoreErrors {
    static func map(_ error: any Error, path: String, timeout: Double) -> ObjectStoreError {
        if let error = error as? ObjectStoreError { return error }
        guard let databaseError = error as? DatabaseError else {
            return .storeFailure(path: path, reason: "\(error)")
        }
        let message = databaseError.message ?? "\(databaseError.resultCode)"
        switch databaseError.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .databaseLocked(path: path, timeoutSeconds: timeout)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .notADatabase(path: path, reason: message)
        case .SQLITE_CANTOPEN:
            return .cannotOpenStore(path: path, reason: message)
        default:
            return .storeFailure(path: path, reason: message)
        }
    }

    /// The entity and columns named by a "UNIQUE constraint failed: Event.a, Event.b" message.
    static func uniqueness(from error: any Error) -> ValidationFailure? {
        guard let databaseError = error as? DatabaseError,
              databaseError.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE || databaseError.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY,
              let message = databaseError.message,
              let range = message.range(of: "constraint failed: ") else { return nil }
        let pairs = message[range.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let entity = pairs.first.flatMap { $0.split(separator: ".").first.map(String.init) } ?? "?"
        let keys = pairs.compactMap { $0.split(separator: ".").last.map(String.init) }
        return .uniquenessViolated(entity: entity, keys: keys)
    }
}
