// Stands for other processes on one store file in the cross-process history tests (and, with
// `postgres://…#schema` for <store>, for other hosts of a PostgreSQL store in the benchmarks):
//
//   objectstore-history-peer write <store> <seed> <saves> <pause-ms> [<history-retention-s>]
//   objectstore-history-peer follow <store>
//   objectstore-history-peer consume <store> <consumer-name> [--until-idle]
//   objectstore-history-peer populate <store> <count>
//   objectstore-history-peer bench-node <store> <index> <nodes> <saves-per-second> <seconds>
//   objectstore-history-peer host <store> <seed> <saves> <pause-ms> [<history-retention-s>]
//
// Each prints one line per event on standard output (see PeerWriter, PeerFollower and
// PeerConsumer), so a test can kill it at any moment and read what it did.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: objectstore-history-peer write <store> <seed> <saves> <pause-ms> [<history-retention-s>]
           objectstore-history-peer follow <store>
           objectstore-history-peer consume <store> <consumer-name> [--until-idle]
           objectstore-history-peer populate <store> <count>
           objectstore-history-peer bench-node <store> <index> <nodes> <saves-per-second> <seconds>
           objectstore-history-peer host <store> <seed> <saves> <pause-ms> [<history-retention-s>]

    """

do {
    switch (arguments.first, arguments.count) {
    case (let mode?, 5...6) where ["write", "host"].contains(mode) && UInt64(arguments[2]) != nil && Int(arguments[3]) != nil
        && Int(arguments[4]) != nil && (arguments.count == 5 || Double(arguments[5]) != nil):
        let writer = PeerWriter(
            path: arguments[1], seed: UInt64(arguments[2])!, saves: Int(arguments[3])!, pauseMilliseconds: Int(arguments[4])!,
            historyRetention: arguments.count == 6 ? Double(arguments[5]) : nil
        )
        if mode == "host" { try PeerHost(writing: writer).run() } else { try writer.run() }
    case ("follow", 2):
        try PeerFollower(path: arguments[1]).run()
    case ("consume", 3), ("consume", 4):
        try PeerConsumer(path: arguments[1], name: arguments[2], untilIdle: arguments.count == 4 && arguments[3] == "--until-idle").run()
    case ("populate", 3) where Int(arguments[2]) != nil:
        try PeerPopulate(path: arguments[1], count: Int(arguments[2])!).run()
    case ("bench-node", 6) where Int(arguments[2]) != nil && Int(arguments[3]) != nil && Int(arguments[4]) != nil && Double(arguments[5]) != nil:
        try PeerBenchNode(
            path: arguments[1], index: Int(arguments[2])!, nodes: Int(arguments[3])!, savesPerSecond: Int(arguments[4])!, seconds: Double(arguments[5])!
        ).run()
    default:
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("objectstore-history-peer: \(error)\n".utf8))
    exit(1)
}
