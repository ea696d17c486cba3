import Foundation

/// A number from the environment (for longer runs), or `defaultValue`.
func environmentCount(_ name: String, default defaultValue: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? defaultValue
}
