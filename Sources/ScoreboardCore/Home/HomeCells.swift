import Foundation
package import ListDataSources
import ObjectStore

/// What the home screen's rows show, read from the objects their identifiers name.
package enum HomeCells {
    /// The row of `item`: objects are resolved from the identifier on the context's queue; a
    /// row whose object is gone (deleted by a change still on its way) shows so, never fails.
    package static func cell(for item: HomeItem, in home: HomeScreen) -> TerminalCell {
        let context = home.controllers.context
        let slip = home.isOnBetSlip(item) ? "[slip] " : ""
        switch item {
        case .banner(let id):
            let banner = home.banners.first { $0.id == id }
            return TerminalCell(banner?.title ?? id, detail: banner?.detail ?? "")
        case .sport(let id):
            return context.performAndWait {
                guard let sport = try? context.existingObject(with: id, as: Sport.self) else { return TerminalCell("(gone)") }
                return TerminalCell(sport.name)
            }
        case .featured(let id), .standard(let id), .live(let id):
            return context.performAndWait {
                guard let match = try? context.existingObject(with: id, as: Match.self) else { return TerminalCell("(gone)") }
                return matchCell(match, slip: slip, showsSport: item == .featured(id))
            }
        }
    }

    private static func matchCell(_ match: Match, slip: String, showsSport: Bool) -> TerminalCell {
        let teams = "\(slip)\(match.home) v \(match.away)"
        let sport = showsSport ? "  (\(match.sport?.name ?? "?"))" : ""
        let odds = LiveFeed.oddsText(match)
        switch match.status {
        case .upcoming:
            return TerminalCell(teams + sport, detail: "\(kickOffText(match.start))  \(odds)")
        case .live:
            return TerminalCell(teams + sport, detail: "LIVE \(match.homeScore):\(match.awayScore)  \(odds)")
        case .finished:
            return TerminalCell(teams + sport, detail: "FT \(match.homeScore):\(match.awayScore)")
        }
    }

    /// A kick-off time as `HH:mm` (UTC, the feed's clock).
    static func kickOffText(_ date: Date) -> String {
        let minutes = Int(date.timeIntervalSince1970 / 60)
        let minuteOfDay = ((minutes % 1_440) + 1_440) % 1_440
        return String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60)
    }
}
