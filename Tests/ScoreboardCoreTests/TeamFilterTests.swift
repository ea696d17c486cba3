import ObjectStore
import ScoreboardCore
import Testing

@Suite struct TeamFilterTests {
    @Test func emptyOrBlankTextFiltersNothing() {
        #expect(TeamFilter().predicate == nil)
        #expect(TeamFilter("   ").predicate == nil)
    }

    @Test func theFilterMatchesEitherTeamIgnoringCaseAndDiacritics() throws {
        let container = try ScoreboardStore.open(.inMemory, seed: 1)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let sport = try context.insert(Sport.self)
            sport.name = "Curling"
            for (code, home, away) in [(900, "Malmö", "Perth"), (901, "Oslo", "MALMO"), (902, "Bern", "Perth"), (903, "O'Neil 100%", "Bern")] {
                let match = try context.insert(Match.self)
                match.code = code
                match.home = home
                match.away = away
                match.sport = sport
            }
            try context.save()
            func codes(_ text: String) throws -> [Int] {
                var request = FetchRequest<Match>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.code)])
                request.predicate = TeamFilter(text).narrowing(\Match.code >= 900)
                return try context.fetch(request).map(\.code)
            }
            #expect(try codes("malmo") == [900, 901])
            #expect(try codes("PERTH") == [900, 902])
            #expect(try codes(" bern ") == [902, 903])
            #expect(try codes("") == [900, 901, 902, 903])
            // Quotes and percent signs are plain text, not predicate syntax.
            #expect(try codes("o'neil 100%") == [903])
            #expect(try codes("zzz").isEmpty)
        }
    }

    @Test func theMatchRequestsKeepTheirBaseConditionsUnderAFilter() throws {
        let container = try ScoreboardStore.open(.inMemory, seed: 7)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let all = try context.fetch(FetchRequest<Match>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.code)]))
            let team = try #require(all.first?.home)
            let filter = TeamFilter(team)
            let live = try context.fetch(HomeControllers.liveRequest(filter))
            let standard = try context.fetch(HomeControllers.standardRequest(filter))
            let featured = try context.fetch(HomeControllers.featuredRequest(filter))
            #expect(live.allSatisfy { $0.status == .live && ($0.home == team || $0.away == team) })
            #expect(standard.allSatisfy { $0.status != .live && ($0.home == team || $0.away == team) })
            #expect(featured.allSatisfy { $0.isFeatured && $0.status != .finished && ($0.home == team || $0.away == team) })
            let playing = all.map(\.objectID).filter { id in
                let match = context.object(with: id) as! Match
                return match.home == team || match.away == team
            }
            #expect(Set(live.objectIDs + standard.objectIDs) == Set(playing))
        }
    }
}
