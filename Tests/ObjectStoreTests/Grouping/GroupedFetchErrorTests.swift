import Foundation
import ObjectStore
import Testing

/// A grouped fetch that breaks a rule throws `invalidFetchRequest`, naming the key and the fix.
@Suite struct GroupedFetchErrorTests {
    /// The error fetching `request` throws, described.
    static func failure(_ configure: (inout FetchRequest<Event>) throws -> Void) throws -> String {
        let context = try TestModel.inMemory().newBackgroundContext()
        var request = FetchRequest<Event>()
        request.resultType = .dictionaries
        request.propertiesToGroupBy = ["sport.name"]
        request.propertiesToFetch = ["sport.name", .count(\.title, as: "n")]
        try configure(&request)
        return context.performAndWait {
            do {
                _ = try context.fetchDictionaries(request)
                return "no error"
            } catch let error as ObjectStoreError {
                guard case .invalidFetchRequest(let reason) = error else { return "other error: \(error)" }
                return "\(reason)"
            } catch {
                return "other error: \(error)"
            }
        }
    }

    @Test func groupingNeedsDictionaryResults() throws {
        #expect(try Self.failure { $0.resultType = .managedObjectIDs }.contains("resultType = .dictionaries"))
    }

    @Test func aHavingPredicateNeedsGrouping() throws {
        let message = try Self.failure {
            $0.propertiesToGroupBy = nil
            $0.propertiesToFetch = [.count(\.title, as: "n")]
            $0.havingPredicate = try FetchPredicate(format: "n > 1")
        }
        #expect(message.contains("set propertiesToGroupBy too"))
    }

    @Test func aSortByAKeyThatIsNotFetchedNamesItAndTheFetchedNames() throws {
        let message = try Self.failure { $0.sortDescriptors = [FetchSortDescriptor("n"), FetchSortDescriptor(\.title, ascending: false)] }
        #expect(message.contains("title") && message.contains("not fetched") && message.contains("(sport.name, n)"))
        #expect(try Self.failure { $0.sortDescriptors = [FetchSortDescriptor("most")] }.contains("most"))
    }

    @Test func aStringComparatorOnACountedColumnIsAnError() throws {
        let message = try Self.failure { $0.sortDescriptors = [FetchSortDescriptor("n", comparator: .caseInsensitive)] }
        #expect(message.contains("n") && message.contains("applies to strings only"))
    }

    @Test func anEmptyGroupByListIsRejected() throws {
        #expect(try Self.failure { $0.propertiesToGroupBy = [] }.contains("is empty"))
    }

    @Test func expressionsCannotBeGroupedBy() throws {
        #expect(try Self.failure { $0.propertiesToGroupBy = [.count(\.title, as: "n")] }.contains("takes keys, not expressions"))
    }

    @Test func everyFetchedKeyMustBeGrouped() throws {
        let message = try Self.failure { $0.propertiesToFetch = ["sport.name", "title", .count(\.title, as: "n")] }
        #expect(message.contains("title") && message.contains("add it to propertiesToGroupBy"))
    }

    @Test func keysBesideExpressionsWithoutGroupingAreRejected() throws {
        let message = try Self.failure {
            $0.propertiesToGroupBy = nil
            $0.propertiesToFetch = ["title", .count(\.title, as: "n")]
        }
        #expect(message.contains("group by it (propertiesToGroupBy)"))
    }

    @Test func twoColumnsCannotShareAName() throws {
        #expect(try Self.failure { $0.propertiesToFetch = ["sport.name", .count(\.title, as: "n"), .sum(\.attendance, as: "n")] }.contains("names two columns"))
    }

    @Test func sumsAndAveragesTakeNumbersOnly() throws {
        #expect(try Self.failure { $0.propertiesToFetch = [.sum(\.title, as: "s")] }.contains("takes integer, boolean and double attributes"))
        #expect(try Self.failure { $0.propertiesToFetch = [.average("price", as: "p")] }.contains("decimal attribute"))
    }

    @Test func minimumsAndMaximumsTakeAttributesNotRelationships() throws {
        #expect(try Self.failure { $0.propertiesToFetch = [.min(\.sport, as: "s")] }.contains("is a relationship"))
    }

    @Test func anExpressionResultTypeIsIntegerOrDouble() throws {
        let message = try Self.failure {
            $0.propertiesToFetch = [.expression(ExpressionDescription(name: "n", expression: .count(\.title), resultType: .string))]
        }
        #expect(message.contains("resultType string"))
    }

    @Test func aHavingPredicateNamesFetchedColumns() throws {
        #expect(try Self.failure { $0.havingPredicate = try FetchPredicate(format: "total > 1") } == "\(FetchPredicateError.unknownKey(entity: "Event", key: "total"))")
    }

    @Test func aHavingPredicateComparesNamesConstantsAndArithmeticOnly() throws {
        #expect(try Self.failure { $0.havingPredicate = try FetchPredicate(format: "sport.name BEGINSWITH 'F'") }.contains("using ==, !=, <, <=, > or >="))
        #expect(try Self.failure { $0.havingPredicate = try FetchPredicate(format: "n == SELF") }.contains("constants and arithmetic on them"))
    }

    @Test func toManyRelationshipsCannotBeGroupedBy() throws {
        #expect(try Self.failure { $0.propertiesToGroupBy = ["tags"] }.contains("propertiesToGroupBy takes attributes and to-one relationships only"))
    }

    @Test func unknownKeysAreNamed() throws {
        #expect(try Self.failure { $0.propertiesToGroupBy = ["sport.nickname"] }.contains("nickname"))
    }
}
