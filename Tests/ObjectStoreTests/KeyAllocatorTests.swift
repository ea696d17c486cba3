import Foundation
@testable import ObjectStore
import TestSupport
import Testing

@Suite struct KeyAllocatorTests {
    @Test func reservingKeysOfOneEntityDoesNotBlockAnother() async throws {
        let allocator = KeyAllocator(entityNames: ["A", "B"])
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let timedOut = Recorder<Bool>()
        // One thread reserves keys for A and stays inside the reservation until B got a key.
        let slow = Thread {
            _ = try? allocator.nextKey(entity: 0) { (_) throws(ObjectStoreError) -> Int64 in
                entered.signal()
                timedOut.append(release.wait(timeout: .now() + 20) == .timedOut)
                return 1
            }
        }
        slow.start()
        entered.wait()
        let key = try allocator.nextKey(entity: 1) { (_) throws(ObjectStoreError) -> Int64 in 100 }
        release.signal()
        #expect(key == 100)
        while timedOut.values.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(timedOut.values == [false])
    }
}
