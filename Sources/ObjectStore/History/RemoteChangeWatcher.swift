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
/// an inotify watch of the store's ``CommitSignal``, which every container's store writes once
/// a commit is visible, so it wakes once per commit; an idle store costs nothing but one check
/// a second (and the history keeping of ``ContainerCore/keepHistory(now:)``), which also finds
/// commits of programs that do not signal. Where inotify is missing, the thread checks every
/// 20 ms.
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
        let loop = Loop(signalPath: CommitSignal.path(forStore: file.path), stop: stopPipe, idleMilliseconds: Int32(idleInterval * 1000))
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

    /// The thread's work: wait for a signal, a stop or the time of the next check; check.
    private struct Loop: Sendable {
        let signalPath: String
        let stop: StopPipe
        /// How long to sleep when nothing happens, with a watch.
        let idleMilliseconds: Int32

        /// Calls `follow` (nil once the container is gone) at each wake-up until stopped.
        func run(_ follow: () -> Bool?) {
            let inotify = Self.openInotify()
            defer {
                if inotify >= 0 { close(inotify) }
            }
            var watching = false
            while true {
                if inotify >= 0 && !watching { watching = Self.watch(signalPath, with: inotify) }
                var descriptors = [pollfd(fd: stop.readEnd, events: Int16(POLLIN), revents: 0), pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
                // Without inotify, checks every 20 ms; with it, a signal file that could not be
                // watched (removed with the store's folder) leaves the idle checks.
                _ = poll(&descriptors, nfds_t(watching ? 2 : 1), inotify >= 0 ? max(idleMilliseconds, 2) : 20)
                if descriptors[0].revents != 0 { return }
                // A signal file removed (or its file system unmounted) ends its watch: it is
                // watched again, as the store recreates it, at the next turn.
                if watching && descriptors[1].revents != 0 && Self.drain(inotify) { watching = false }
                guard follow() != nil else { return }
            }
        }

        /// An inotify descriptor, or -1 where there is none.
        private static func openInotify() -> Int32 {
            #if os(Linux) || os(Android)
            return inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            #else
            return -1
            #endif
        }

        /// Watches the file at `path` for writes; whether it could.
        private static func watch(_ path: String, with inotify: Int32) -> Bool {
            #if os(Linux) || os(Android)
            return inotify_add_watch(inotify, path, UInt32(IN_MODIFY)) >= 0
            #else
            return false
            #endif
        }

        /// Reads the waiting events; whether the watch ended.
        private static func drain(_ inotify: Int32) -> Bool {
            #if os(Linux) || os(Android)
            var ended = false
            let capacity = 4096
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
            defer { buffer.deallocate() }
            while true {
                let count = read(inotify, buffer, capacity)
                guard count > 0 else { return ended }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    if event.mask & UInt32(IN_IGNORED) != 0 { ended = true }
                    offset += MemoryLayout<inotify_event>.size + Int(event.len)
                }
            }
            #else
            return false
            #endif
        }
    }
}
