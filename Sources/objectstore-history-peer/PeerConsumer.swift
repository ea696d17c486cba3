import Foundation
import ObjectStore

/// Reads the history as the named consumer, from where it last marked: prints `resume <token>`
/// (or `resume none`) once, then `applied <token>` for each transaction and marks it processed,
/// polling every few milliseconds until killed or, with `untilIdle`, until a poll finds nothing.
struct PeerConsumer {
    let path: String
    let name: String
    let untilIdle: Bool

    func run() throws {
        let container = try PeerModel.container(path: path)
        let context = container.newBackgroundContext(name: "consumer")
        let consumer = HistoryConsumer(name: name)
        try context.performAndWait { () throws in
            PeerOutput.write("resume", try context.historyPosition(of: consumer))
        }
        while true {
            let count = try context.performAndWait { () throws -> Int in
                let transactions = try context.fetchHistory(for: consumer, limit: 50)
                for transaction in transactions {
                    PeerOutput.write("applied", transaction.token)
                    try context.markHistoryProcessed(through: transaction.token, for: consumer)
                }
                return transactions.count
            }
            if count == 0 {
                if untilIdle { return }
                Thread.sleep(forTimeInterval: 0.005)
            }
        }
    }
}
