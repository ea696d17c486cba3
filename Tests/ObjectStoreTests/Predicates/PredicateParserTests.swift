import Foundation
import ObjectStore
import Testing

@Suite struct PredicateParserTests {
    private func parse(_ format: String, _ arguments: (any PredicateArgument)?...) throws -> PredicateNode {
        try FetchPredicate<Player>(format: format, argumentArray: arguments).node
    }

    private func key(_ name: String) -> PredicateTerm { .key(.name(name)) }

    private func compare(_ lhs: PredicateTerm, _ op: PredicateOperator, _ rhs: PredicateTerm, options: ComparisonOptions = [], quantifier: PredicateQuantifier? = nil) -> PredicateNode {
        .comparison(PredicateComparison(quantifier: quantifier, lhs, op, rhs, options: options))
    }

    @Test func everyComparisonOperatorAndSpelling() throws {
        let spellings: [(String, PredicateOperator)] = [
            ("==", .equal), ("=", .equal), ("!=", .notEqual), ("<>", .notEqual), ("<", .less), ("<=", .lessOrEqual),
            ("=<", .lessOrEqual), (">", .greater), (">=", .greaterOrEqual), ("=>", .greaterOrEqual),
            ("BEGINSWITH", .beginsWith), ("endswith", .endsWith), ("Contains", .contains), ("LIKE", .like), ("MATCHES", .matches),
        ]
        for (spelling, op) in spellings {
            #expect(try parse("age \(spelling) 3") == compare(key("age"), op, .value(.integer(3))), "\(spelling)")
        }
        #expect(try parse("age IN {1, 2}") == compare(key("age"), .in, .list([.value(.integer(1)), .value(.integer(2))])))
        #expect(try parse("age IN %@", [1, 2]) == compare(key("age"), .in, .value(.collection([.integer(1), .integer(2)]))))
        #expect(try parse("age IN %@", Set([7])) == compare(key("age"), .in, .value(.collection([.integer(7)]))))
        #expect(try parse("age BETWEEN {1, 5}") == compare(key("age"), .between, .list([.value(.integer(1)), .value(.integer(5))])))
        #expect(try parse("age in {}") == compare(key("age"), .in, .list([])))
    }

    @Test func modifiers() throws {
        #expect(try parse("name ==[c] 'a'") == compare(key("name"), .equal, .value(.string("a")), options: .caseInsensitive))
        #expect(try parse("name BEGINSWITH[d] 'a'") == compare(key("name"), .beginsWith, .value(.string("a")), options: .diacriticInsensitive))
        #expect(try parse("name LIKE[cd] 'a'") == compare(key("name"), .like, .value(.string("a")), options: [.caseInsensitive, .diacriticInsensitive]))
        #expect(try parse("name IN[dc] {'a'}") == compare(key("name"), .in, .list([.value(.string("a"))]), options: [.caseInsensitive, .diacriticInsensitive]))
    }

    @Test func literals() throws {
        let cases: [(String, PredicateValue)] = [
            ("42", .integer(42)), ("-42", .integer(-42)), ("0x1F", .integer(31)), ("1.5", .double(1.5)), ("-2.5e3", .double(-2500)),
            ("1e-3", .double(0.001)), ("-9223372036854775808", .integer(.min)), ("9223372036854775807", .integer(.max)),
            ("YES", .bool(true)), ("no", .bool(false)), ("TRUE", .bool(true)), ("false", .bool(false)), ("nil", .null), ("NULL", .null),
            ("'single'", .string("single")), ("\"double\"", .string("double")), (#"'it\'s'"#, .string("it's")),
            (#""q\"uote""#, .string("q\"uote")), (#"'back\\slash'"#, .string("back\\slash")), (#"'tab\tnew\nline'"#, .string("tab\tnew\nline")),
            (#"'nul\0'"#, .string("nul\u{0}")), (#"'\u00c4'"#, .string("Ä")), (#"'star\*'"#, .string("star\\*")), ("'Ärger ✓'", .string("Ärger ✓")),
            ("CAST(700000000, \"NSDate\")", .date(Date(timeIntervalSinceReferenceDate: 700_000_000))),
            ("CAST('1.25', 'NSDecimalNumber')", .decimal(Decimal(string: "1.25")!)),
        ]
        for (literal, value) in cases {
            #expect(try parse("age == \(literal)") == compare(key("age"), .equal, .value(value)), "\(literal)")
        }
    }

    @Test func arguments() throws {
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        let uuid = UUID()
        let container = try PredicateModel.inMemory()
        let context = container.newBackgroundContext()
        let (club, id) = try context.performAndWait { () throws -> (PredicateValue, ObjectID) in
            let club = try context.insert(Club.self)
            return (club.predicateValue, club.objectID)
        }
        let values: [((any PredicateArgument)?, PredicateValue)] = [
            ("text", .string("text")), (7, .integer(7)), (Int16(-3), .integer(-3)), (2.5, .double(2.5)), (Float(0.5), .double(0.5)),
            (true, .bool(true)), (date, .date(date)), (uuid, .uuid(uuid)), (Data([1, 2]), .data(Data([1, 2]))),
            (Decimal(string: "9.99")!, .decimal(Decimal(string: "9.99")!)), (URL(string: "https://a.b/c")!, .string("https://a.b/c")),
            (id, .objectID(id)), (nil, .null), (Optional<String>.none, .null), (["a", "b"], .collection([.string("a"), .string("b")])),
        ]
        for (argument, value) in values {
            #expect(try parse("name == %@", argument) == compare(key("name"), .equal, .value(value)))
        }
        #expect(club == .objectID(id))
        #expect(try parse("%K == 1", "club.rank") == compare(key("club.rank"), .equal, .value(.integer(1))))
        #expect(try parse("%K.rank == 1", "club") == compare(key("club.rank"), .equal, .value(.integer(1))))
        #expect(try parse("age == %d AND age == %i AND age == %ld AND age == %u", 1, 2, 3, 4) == parse("age == 1 AND age == 2 AND age == 3 AND age == 4"))
        #expect(try parse("score > %f", 1.5) == compare(key("score"), .greater, .value(.double(1.5))))
        #expect(try parse("score > %f", 2) == compare(key("score"), .greater, .value(.double(2))))
        #expect(try parse("name == '%@'") == compare(key("name"), .equal, .value(.string("%@"))))
    }

    @Test func keysSelfVariablesQuantifiersAndCount() throws {
        #expect(try parse("club.region.title == 'x'") == compare(key("club.region.title"), .equal, .value(.string("x"))))
        #expect(try parse("SELF == %@", nil) == compare(.evaluatedObject, .equal, .value(.null)))
        #expect(try parse("SELF.age == 1") == compare(key("age"), .equal, .value(.integer(1))))
        #expect(try parse("#in == 1") == compare(key("in"), .equal, .value(.integer(1))))
        #expect(try parse("age > $MIN") == compare(key("age"), .greater, .variable("MIN")))
        #expect(try parse("ANY players.age > 3") == compare(key("players.age"), .greater, .value(.integer(3)), quantifier: .any))
        #expect(try parse("SOME players.age > 3") == compare(key("players.age"), .greater, .value(.integer(3)), quantifier: .any))
        #expect(try parse("ALL players.age > 3") == compare(key("players.age"), .greater, .value(.integer(3)), quantifier: .all))
        #expect(try parse("NONE players.age > 3") == compare(key("players.age"), .greater, .value(.integer(3)), quantifier: PredicateQuantifier.none))
        #expect(try parse("players.@count > 3") == compare(key("players.@count"), .greater, .value(.integer(3))))
        #expect(try parse("TRUEPREDICATE") == .constant(true))
        #expect(try parse("falsepredicate") == .constant(false))
    }

    @Test func precedenceAndAssociativity() throws {
        let a = compare(key("a"), .equal, .value(.integer(1)))
        let b = compare(key("b"), .equal, .value(.integer(2)))
        let c = compare(key("c"), .equal, .value(.integer(3)))
        #expect(try parse("a == 1 OR b == 2 AND c == 3") == .or([a, .and([b, c])]))
        #expect(try parse("a == 1 AND b == 2 OR c == 3") == .or([.and([a, b]), c]))
        #expect(try parse("(a == 1 OR b == 2) AND c == 3") == .and([.or([a, b]), c]))
        #expect(try parse("NOT a == 1 AND b == 2") == .and([.not(a), b]))
        #expect(try parse("!(a == 1 && b == 2) || c == 3") == .or([.not(.and([a, b])), c]))
        #expect(try parse("a == 1 AND b == 2 AND c == 3") == .and([a, b, c]))
        #expect(try parse("a == 1 OR b == 2 OR c == 3") == .or([a, b, c]))
        // Chains are flat however they are grouped: AND and OR are associative.
        #expect(try parse("(a == 1 OR b == 2) OR (c == 3)") == .or([a, b, c]))
        #expect(try parse("a == 1 AND (b == 2 AND c == 3)") == .and([a, b, c]))
        #expect(try parse("NOT NOT a == 1") == .not(.not(a)))
    }

    /// Found by fuzzing: a quote, backslash or digit followed by a combining mark is one
    /// character, but the lexer must still see the quote, backslash or digit.
    @Test func stringsWithCombiningMarksAfterQuotesAndEscapesReadBack() throws {
        let formats = [
            "name < \"a\u{0618}b\\\"\u{0618}c\"", "name == \"\u{17}\u{34B}x\"", "name == \"\\\\\u{301}\"",
            "name == \"\u{301}\" OR nick == 'e\u{301}'", "e\u{308}x == 1",
        ]
        for format in formats {
            let parsed = try FetchPredicate<Player>(format: format)
            let reparsed = try FetchPredicate<Player>(format: parsed.predicateFormat)
            #expect(reparsed == parsed, "\(format) formats as \(parsed.predicateFormat), which reads back as \(reparsed.predicateFormat)")
        }
        // An escaped quote followed by a combining mark is the quote and the mark.
        let quoted = try FetchPredicate<Player>(format: "name == \"\\\"\u{301}\"")
        #expect(quoted.node == .comparison(PredicateComparison(.key(.name("name")), .equal, .value(.string("\"\u{301}")))))
    }

    @Test func formatRoundTrips() throws {
        let formats = [
            "a == 1 OR b == 2 AND c == 3", "(a == 1 OR b == 2) AND c == 3", "a == 1 AND (b == 2 AND c == 3)", "NOT (a == 1 OR b == 2)",
            "name BEGINSWITH[cd] \"x\\\"y\\\\z\\0\"", "ANY players.age IN {1, 2, nil}", "age BETWEEN {-5, 2.5}", "SELF == nil",
            "#in == $VALUE", "players.@count >= 3", "born > CAST(12.5, \"NSDate\")", "TRUEPREDICATE OR NOT FALSEPREDICATE",
        ]
        for format in formats {
            let parsed = try parse(format)
            let printed = FetchPredicate<Player>(node: parsed).predicateFormat
            #expect(try parse(printed) == parsed, "\(format) printed as \(printed)")
        }
    }

    @Test func errorsNameTheTokenAndItsOffset() throws {
        func error(_ format: String, _ arguments: (any PredicateArgument)?...) -> FetchPredicateError? {
            do {
                _ = try FetchPredicate<Player>(format: format, argumentArray: arguments)
                return nil
            } catch {
                return error
            }
        }
        let unexpected = error("name == AND x")
        guard case .unexpectedToken("AND", 8, "name == AND x", _)? = unexpected else {
            Issue.record("got \(String(describing: unexpected))")
            return
        }
        #expect(
            unexpected!.description
                == "Unexpected token 'AND' at offset 8 in \"name == AND x\"; expected a key, a value, a variable or a list."
        )
        #expect(error("name ==") == .unexpectedEnd(offset: 7, format: "name ==", expected: "a key, a value, a variable or a list"))
        #expect(error("(a == 1") == .unexpectedEnd(offset: 7, format: "(a == 1", expected: "')'"))
        if case .unexpectedToken("b", 7, _, _)? = error("a == 1 b == 2") {} else { Issue.record("trailing token") }
        if case .unexpectedToken("1", 2, _, _)? = error("a 1") {} else { Issue.record("missing operator") }
        if case .unexpectedToken(")", 0, _, _)? = error(") == 1") {} else { Issue.record("leading parenthesis") }
        if case .unexpectedToken("^", 6, _, _)? = error("age > ^") {} else { Issue.record("stray character") }
        #expect(error("name == 'abc") == .unterminatedString(offset: 8, format: "name == 'abc"))
        #expect(error("age == 99999999999999999999") == .invalidNumber("99999999999999999999", offset: 7, format: "age == 99999999999999999999"))
        #expect(error("age == 12abc") == .invalidNumber("12abc", offset: 7, format: "age == 12abc"))
        #expect(error("name ==[x] 'a'") == .invalidModifier("x", offset: 7, format: "name ==[x] 'a'"))
        #expect(error("name == %@ AND age == %@", "a") == .missingArgument("%@", offset: 22, format: "name == %@ AND age == %@"))
        #expect(error("name == %@", "a", "b") == .unusedArguments(1, format: "name == %@"))
        if case .invalidArgument("%K", 0, _, _)? = error("%K == 1", 5) {} else { Issue.record("%K with a number") }
        if case .invalidArgument("%d", 6, _, _)? = error("age > %d", 1.5) {} else { Issue.record("%d with a double") }
        if case .unexpectedToken("%x", 6, _, _)? = error("age > %x", 1) {} else { Issue.record("unknown specifier") }
        if case .unexpectedToken("ANY", 7, _, _)? = error("age == ANY") {} else { Issue.record("keyword as value") }
        if case .unexpectedToken("ÄRGER", 12, _, _)? = error("näme == 'a' ÄRGER") {} else { Issue.record("offsets count characters") }
    }
}
