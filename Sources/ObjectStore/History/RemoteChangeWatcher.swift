#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Wakes a container when its store file may hold other containers' commits, on a thread of its
/// own, and has the container read and hand them on (``ContainerCore/followStore(newest:)``).
///
/// The wake-up is only a hint; the history is the truth. On Linux the thread sleeps in `poll` on
/// an inotify watch of the store's directory and wakes when the store's files are written (a
/// commit appends to the write-ahead log), so an idle store costs nothing but one check a second
/// (and the history keeping of ``ContainerCore/keepHistory(now:)``).
/// A write can be seen before the commit it belongs to is visible to readers (a commit writes
/// one page after another, and becomes visible after the last), so a wake-up that finds nothing
/// new is checked again every quarter of a millisecond while writes go on, and for 3 ms after the
/// last; writes seen meanwhile are read at each recheck instead of waking the thread once per
/// page. Where inotify is
/// missing, the thread checks every 20 ms.
///
/// The thread holds the container's core weakly (strongly only while it reads) and ends when
/// ``stop()`` is called (the container is released) or the core is gone.
final class RemoteChangeWatcher: CommitWatch {
    private let stopPipe = StopPipe()
    private let exited = DispatchSemaphore(value: 0)
    private static let threadName = "ObjectStore.remote-changes"

    /// Starts watching `file`, calling `follow` with the generation its probe read (see
    /// ``PersistentStore/watchCommits(idleInterval:follow:)``).
    init(file: URL, idleInterval: Double, follow: @escaping @Sendable (Int64?) -> Bool?) {
        let loop = Loop(
            directory: file.deletingLastPathComponent().path, fileName: file.lastPathComponent, stop: stopPipe,
            idleMilliseconds: Int32(idleInterval * 1000))
        let exited = exited
        let path = file.path
        let thread = Thread {
            let probe = GenerationProbe(path: path)
            loop.run { follow(probe?.generation()) }
            exited.signal()
        }
        thread.name = Self.threadName
        thread.start()
    }

    /// Stops the thread and waits (up to a few seconds) until it has ended, so that it no longer
    /// holds the core and the store closes with the container. Called on the thread itself (an
    /// observer it called released the container), it only asks it to end.
    func stop() {
        stopPipe.signal()
        guard Thread.current.name != Self.threadName else { return }
        _ = exited.wait(timeout: .now() + 5)
    }

    /// A pipe that stops the thread, closed when both the watcher and the thread are done with
    /// it (so a stop written after the thread ended meets an open pipe, never a broken one).
    private final class StopPipe: Sendable {
        let readEnd: Int32
        let writeEnd: Int32

        init() {
            var ends: [Int32] = [-1, -1]
            _ = pipe(&ends)
            readEnd = ends[0]
            writeEnd = ends[1]
        }

        func signal() {
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }
    }

    /// The thread's work: wait for a write, a stop or the time of the next check; check.
    private struct Loop: Sendable {
        let directory: String
        let fileName: String
        let stop: StopPipe
        /// How long to sleep when nothing happens, with a watch.
        let idleMilliseconds: Int32
        /// The time between rechecks, and how many follow the last write seen.
        static let recheckMicroseconds: UInt32 = 250
        static let rechecks = 12

        /// Calls `follow` (nil once the container is gone) at each wake-up until stopped.
        func run(_ follow: () -> Bool?) {
            let watch = Self.openWatch(directory)
            defer {
                if watch >= 0 { close(watch) }
            }
            var rechecks = 0
            while true {
                // While rechecking, the writes of the commit in progress (one per page it writes)
                // do not wake the thread: they are read at the next recheck.
                let watches = watch >= 0 && rechecks == 0
                var descriptors = [pollfd(fd: stop.readEnd, events: Int16(POLLIN), revents: 0), pollfd(fd: watch, events: Int16(POLLIN), revents: 0)]
                if rechecks > 0 { usleep(Self.recheckMicroseconds) }
                let timeout: Int32 = rechecks > 0 ? 0 : (watch >= 0 ? max(idleMilliseconds, 2) : 20)
                let ready = poll(&descriptors, nfds_t(watches ? 2 : 1), timeout)
                if descriptors[0].revents != 0 { return }
                let written = watch >= 0 && (watches ? descriptors[1].revents != 0 : true) && storeWasWritten(watch)
                guard written || ready == 0 else { continue }
                guard let found = follow() else { return }
                if found {
                    rechecks = 0
                } else if written {
                    rechecks = Self.rechecks
                } else if rechecks > 0 {
                    rechecks -= 1
                }
            }
        }

        /// An inotify descriptor watching `directory` for writes, or -1 where there is none.
        private static func openWatch(_ directory: String) -> Int32 {
            #if os(Linux) || os(Android)
            let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard watch >= 0 else { return -1 }
            guard inotify_add_watch(watch, directory, UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO)) >= 0 else {
                close(watch)
                return -1
            }
            return watch
            #else
            return -1
            #endif
        }

        /// Reads the waiting events; whether one names a file of the store (the database or its
        /// write-ahead log).
        private func storeWasWritten(_ watch: Int32) -> Bool {
            #if os(Linux) || os(Android)
            var written = false
            let capacity = 4096
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
            defer { buffer.deallocate() }
            while true {
                let count = read(watch, buffer, capacity)
                guard count > 0 else { return written }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
                    if event.len > 0 && String(cString: nameStart.assumingMemoryBound(to: CChar.self)).hasPrefix(fileName) {
                        written = true
                    }
                    offset += MemoryLayout<inotify_event>.size + Int(event.len)
                }
            }
            #else
            return false
            #endif
        }
    }
}
