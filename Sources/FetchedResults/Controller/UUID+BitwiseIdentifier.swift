public import DiffableSnapshots
public import Foundation

// A UUID is equal to another exactly when their 16 bytes are: snapshots hash it by its two
// halves (see `BitwiseIdentifier`).
extension UUID: BitwiseIdentifier {}
