import Foundation
import ObjectStore
import TestSupport

/// Builds random predicates as format strings with arguments and variables, over every
/// operator, modifier and attribute type of ``Player`` (and ``Club`` and ``Medal`` with their
/// to-many relationships), in every spelling the parser accepts: literals, `%@` `%K` `%d` `%i`
/// `%ld` `%u` `%f`, `$VARIABLE`, `CAST`, `SELF.key`, keys on either side, in `IN` lists and as
/// `BETWEEN` bounds, and quantifiers with the value first; long `IN` lists and `OR`s of
/// equalities on one key, which compile to an `IN` whose constants evaluation looks up;
/// `SUBQUERY(…).@count` (or `.@sum`, `.@avg`, `.@min`, `.@max` of a member's number) with
/// predicates on the members (nested too), collection operators
/// (`@sum`, `@avg`, `@min`, `@max`, the last two over every ordered kind), arithmetic on
/// numbers, keys and counts (with unary minus) and on dates and seconds, and the built-in
/// functions (`abs`, …, `modulus:by:`, `lowercase`, `uppercase`, `now`) in each spelling.
struct RandomPredicateGenerator {
    enum Kind: Equatable {
        case number, text, date, decimal, uuid, data, json, player, club
    }

    struct Key {
        var path: String
        var kind: Kind
    }

    static let playerKeys: [Key] = [
        Key(path: "name", kind: .text), Key(path: "nick", kind: .text), Key(path: "site", kind: .text), Key(path: "age", kind: .number),
        Key(path: "level", kind: .number), Key(path: "score", kind: .number), Key(path: "active", kind: .number), Key(path: "born", kind: .date),
        Key(path: "tag", kind: .uuid), Key(path: "blob", kind: .data), Key(path: "salary", kind: .decimal), Key(path: "stats", kind: .json),
        Key(path: "club.name", kind: .text), Key(path: "club.rank", kind: .number), Key(path: "club.region.title", kind: .text),
        Key(path: "club.region.code", kind: .number), Key(path: "mentor.name", kind: .text), Key(path: "mentor.age", kind: .number),
        Key(path: "mentor.score", kind: .number), Key(path: "mentor.club.name", kind: .text), Key(path: "mentor.born", kind: .date),
        Key(path: "mentor.salary", kind: .decimal), Key(path: "club", kind: .club), Key(path: "mentor", kind: .player),
        Key(path: "SELF", kind: .player), Key(path: "club.players.@count", kind: .number), Key(path: "medals.@count", kind: .number),
    ]

    static let clubKeys: [Key] = [
        Key(path: "name", kind: .text), Key(path: "rank", kind: .number), Key(path: "region.title", kind: .text),
        Key(path: "region.code", kind: .number), Key(path: "players.@count", kind: .number), Key(path: "SELF", kind: .club),
    ]

    static let medalKeys: [Key] = [Key(path: "label", kind: .text), Key(path: "holders.@count", kind: .number)]

    /// Member keys after a to-many relationship of players (`ANY players.<key>`).
    static let memberKeys: [Key] = playerKeys.filter { !$0.path.hasPrefix("club") && $0.path != "SELF" && $0.kind != .json }

    /// The to-many relationships of players, with their members' keys.
    static let playerToMany: [(String, [Key])] = [("club.players", memberKeys), ("medals", [Key(path: "label", kind: .text)])]

    /// The to-many relationships of clubs.
    static let clubToMany: [(String, [Key])] = [("players", memberKeys)]

    /// The other side of the many-to-many relationship.
    static let medalToMany: [(String, [Key])] = [("holders", memberKeys)]

    /// The numeric members' keys that collection operators total.
    static let numberMemberKeys: [Key] = memberKeys.filter { $0.kind == .number && !$0.path.contains("@") }

    /// The members' keys of every other kind that `@min` and `@max` pick from.
    static let orderedMemberKeys: [Key] = memberKeys.filter { [.text, .date, .decimal, .uuid, .data].contains($0.kind) }

    /// The keys and to-many relationships of the members of a to-many relationship, for the
    /// predicate of a `SUBQUERY` over it.
    static func members(of relationship: String) -> (keys: [Key], toMany: [(String, [Key])]) {
        relationship == "medals" ? (medalKeys, medalToMany) : (playerKeys.filter { $0.kind != .json }, playerToMany)
    }

    var generator: SplitMix64
    /// The variable of the `SUBQUERY` whose predicate is being built: keys are written from it.
    private var memberVariable: String?
    let players: [ObjectID]
    let clubs: [ObjectID]
    private(set) var arguments: [(any PredicateArgument)?] = []
    /// Values for the `$VARIABLE`s of the predicate.
    private(set) var variables: [String: (any PredicateArgument)?] = [:]

    init(seed: UInt64, players: [ObjectID], clubs: [ObjectID]) {
        generator = SplitMix64(seed: seed)
        self.players = players
        self.clubs = clubs
    }

    /// A random predicate over `keys`, with `toMany` the relationships for quantifiers.
    mutating func predicate(keys: [Key], toMany: [(String, [Key])], depth: Int = 0) -> String {
        let roll = Int.random(in: 0..<100, using: &generator)
        switch roll {
        case 0..<12 where depth < 3:
            let left = predicate(keys: keys, toMany: toMany, depth: depth + 1)
            return "(\(left) \(pick(["AND", "&&", "and"])) \(predicate(keys: keys, toMany: toMany, depth: depth + 1)))"
        case 12..<24 where depth < 3:
            let left = predicate(keys: keys, toMany: toMany, depth: depth + 1)
            return "(\(left) \(pick(["OR", "||"])) \(predicate(keys: keys, toMany: toMany, depth: depth + 1)))"
        case 24..<32 where depth < 3:
            return "\(pick(["NOT", "!"])) (\(predicate(keys: keys, toMany: toMany, depth: depth + 1)))"
        case 32..<34:
            return pick(["TRUEPREDICATE", "FALSEPREDICATE"])
        case 34..<44:
            let quantifier = pick(["ANY", "ALL", "NONE", "SOME"])
            let (relationship, members) = pick(toMany)
            let member = pick(members)
            let memberKey = Key(path: relationship + "." + member.path, kind: member.kind)
            if Int.random(in: 0..<4, using: &generator) == 0 {
                return "\(quantifier) " + longList(memberKey, count: listLength(), others: keys)
            }
            return "\(quantifier) " + comparison(memberKey, others: keys, quantified: true)
        case 44..<47:
            // The value first: `ANY 3 < players.age`.
            let quantifier = pick(["ANY", "ALL", "NONE"])
            let (relationship, members) = pick(toMany)
            let member = pick(members.filter { $0.kind == .text || $0.kind == .number })
            let value = constant(member.kind)
            return "\(quantifier) \(value) \(pick(["==", "!=", "<", "<=", ">", ">="]))\(modifier(member.kind)) \(path(relationship)).\(member.path)"
        case 47..<50:
            let (relationship, members) = pick(toMany)
            let member = pick(members.filter { $0.kind == .text || $0.kind == .number })
            let value = constant(member.kind)
            return "\(value) IN\(modifier(member.kind)) \(path(relationship)).\(member.path)"
        case 50..<53 where depth < 3:
            return subquery(toMany: toMany, depth: depth)
        case 53..<55:
            return collectionComparison(toMany: toMany, keys: keys)
        case 55..<58:
            if Int.random(in: 0..<3, using: &generator) == 0, let dated = dateArithmetic(keys: keys, toMany: toMany, depth: depth) { return dated }
            let lhs = arithmetic(keys: keys, toMany: toMany, depth: depth)
            return "\(lhs) \(pick(["==", "!=", "<", "<=", ">", ">="])) \(numericTerm(keys: keys, toMany: toMany, depth: depth + 1))"
        case 58..<63:
            let key = pick(keys.filter { $0.kind != .json })
            let count = listLength()
            return Bool.random(using: &generator) ? longList(key, count: count, others: keys) : equalities(key, count: count, others: keys)
        default:
            return comparison(pick(keys), others: keys)
        }
    }

    /// `key op rhs` with an operator and right-hand side that fit the key's kind (a text key not
    /// `quantified` now and then in `lowercase(…)` or `uppercase(…)`). Text is built from left
    /// to right, so arguments are appended in the order the format uses them.
    private mutating func comparison(_ key: Key, others: [Key], quantified: Bool = false) -> String {
        switch key.kind {
        case .json:
            return "\(keyText(key)) \(pick(["==", "!="])) nil"
        case .player, .club:
            let lhs = keyText(key)
            let op = pick(["==", "!=", "IN"])
            if op == "IN" {
                var ids: [ObjectID] = []
                for _ in 0..<Int.random(in: 0...3, using: &generator) { ids.append(object(key.kind)) }
                arguments.append(ids)
                return "\(lhs) IN %@"
            }
            arguments.append(Int.random(in: 0..<5, using: &generator) == 0 ? nil : object(key.kind))
            return "\(lhs) \(op) %@"
        default:
            break
        }
        var operators = ["==", "=", "!=", "<>", "<", "<=", ">", ">=", "IN", "BETWEEN"]
        if key.kind == .text { operators += ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "LIKE", "MATCHES", "CONTAINS"] }
        let op = pick(operators)
        let modifier = self.modifier(key.kind)
        let sameKind = others.filter { $0.kind == key.kind }
        switch op {
        case "IN":
            let lhs = keyText(key)
            let elements = (0..<Int.random(in: 0...3, using: &generator)).map { _ in valueOrKey(key.kind, sameKind) }
            return "\(lhs) IN\(modifier) {\(elements.joined(separator: ", "))}"
        case "BETWEEN":
            let lhs = keyText(key)
            let low = valueOrKey(key.kind, sameKind)
            return "\(lhs) BETWEEN\(modifier) {\(low), \(valueOrKey(key.kind, sameKind))}"
        case "LIKE", "MATCHES":
            let lhs = keyText(key)
            let patterns = op == "LIKE" ? RandomPredicateData.patterns : RandomPredicateData.regexes
            let pattern = Int.random(in: 0..<8, using: &generator) == 0 ? keyText(pick(sameKind)) : argument(RandomPredicateData.pick(patterns, &generator))
            return "\(lhs) \(op)\(modifier) \(pattern)"
        default:
            if Int.random(in: 0..<8, using: &generator) == 0 && !op.contains("WITH") && op != "CONTAINS" {
                let value = valueOrKey(key.kind, sameKind)
                return "\(value) \(op)\(modifier) \(keyText(key))"
            }
            var lhs = keyText(key)
            if key.kind == .text, !quantified, Int.random(in: 0..<6, using: &generator) == 0 {
                lhs = pick(["lowercase(\(lhs))", "uppercase(\(lhs))", "lowercase:(\(lhs))", "FUNCTION(\(lhs), 'uppercase:')"])
            }
            return "\(lhs) \(op)\(modifier) \(valueOrKey(key.kind, sameKind))"
        }
    }

    // MARK: Subqueries, collection operators, arithmetic

    /// `SUBQUERY(relationship, $sN, predicate).@count op n`, the predicate over the members, or
    /// now and then `@sum`, `@avg`, `@min` or `@max` of a number of those members instead of
    /// `@count`.
    private mutating func subquery(toMany: [(String, [Key])], depth: Int) -> String {
        let (relationship, _) = pick(toMany)
        let collection = path(relationship)
        let variable = "s\(depth)"
        let enclosing = memberVariable
        memberVariable = variable
        let members = Self.members(of: relationship.split(separator: ".").last.map(String.init) ?? relationship)
        let inner = predicate(keys: members.keys, toMany: members.toMany, depth: depth + 1)
        memberVariable = enclosing
        let comparison = pick(["==", "!=", "<", "<=", ">", ">="])
        if members.keys.contains(where: { $0.path == "level" }), Int.random(in: 0..<3, using: &generator) == 0 {
            let result = "\(pick(["@sum", "@avg", "@min", "@max"])).\(pick(Self.numberMemberKeys).path)"
            return "SUBQUERY(\(collection), $\(variable), \(inner)).\(result) \(comparison) \(constant(.number))"
        }
        return "SUBQUERY(\(collection), $\(variable), \(inner)).@count \(comparison) \(Int.random(in: 0...3, using: &generator))"
    }

    /// A relationship's `@sum`, `@avg`, `@min` or `@max` of numbers compared with a constant or
    /// another number, or its `@min` or `@max` of strings, dates, decimals, UUIDs or data
    /// compared with a constant of that kind (strings with modifiers and string operators too).
    private mutating func collectionComparison(toMany: [(String, [Key])], keys: [Key]) -> String {
        let (relationship, _) = pick(toMany.filter { $0.0 != "medals" })
        if Int.random(in: 0..<2, using: &generator) == 0 {
            let member = pick(Self.orderedMemberKeys)
            let lhs = "\(path(relationship)).\(pick(["@min", "@max"])).\(member.path)"
            var operators = ["==", "!=", "<", "<=", ">", ">="]
            if member.kind == .text { operators += ["BEGINSWITH", "CONTAINS", "LIKE"] }
            let op = pick(operators)
            let rhs = op == "LIKE" ? argument(RandomPredicateData.pick(RandomPredicateData.patterns, &generator)) : constant(member.kind)
            return "\(lhs) \(op)\(modifier(member.kind)) \(rhs)"
        }
        let lhs = aggregate(relationship)
        return "\(lhs) \(pick(["==", "!=", "<", "<=", ">", ">="])) \(valueOrKey(.number, keys.filter { $0.kind == .number }))"
    }

    /// `relationship.@op.member` over a numeric member key.
    private mutating func aggregate(_ relationship: String) -> String {
        let op = pick(["@sum", "@avg", "@min", "@max", "@sum"])
        return "\(path(relationship)).\(op).\(pick(Self.numberMemberKeys).path)"
    }

    /// `a op b` on numbers, with parentheses now and then.
    private mutating func arithmetic(keys: [Key], toMany: [(String, [Key])], depth: Int) -> String {
        let lhs = numericTerm(keys: keys, toMany: toMany, depth: depth + 1)
        let op = pick(["+", "-", "*", "/"])
        return "\(lhs) \(op) \(numericTerm(keys: keys, toMany: toMany, depth: depth + 1))"
    }

    /// A number: a key, a constant, a collection operator, a count, a function of a number, or
    /// arithmetic in parentheses, now and then negated (`-score`, `-(a - b)`, `- -3`).
    private mutating func numericTerm(keys: [Key], toMany: [(String, [Key])], depth: Int) -> String {
        let numbers = keys.filter { $0.kind == .number }
        let sign = Int.random(in: 0..<6, using: &generator) == 0 ? pick(["-", "- "]) : ""
        switch Int.random(in: 0..<11, using: &generator) {
        case 10 where depth < 3:
            return sign + numericFunction(keys: keys, toMany: toMany, depth: depth + 1)
        case 0 where depth < 3:
            return sign + "(" + arithmetic(keys: keys, toMany: toMany, depth: depth) + ")"
        case 1:
            let candidates = toMany.filter { $0.0 != "medals" }
            return sign + (candidates.isEmpty ? constant(.number) : aggregate(pick(candidates).0))
        case 2, 3, 4:
            return sign + constant(.number)
        default:
            return sign + (numbers.isEmpty ? constant(.number) : keyText(pick(numbers)))
        }
    }

    /// `abs`, `floor`, `ceiling`, `trunc`, `sqrt` or `modulus:by:` of numbers, in each spelling.
    private mutating func numericFunction(keys: [Key], toMany: [(String, [Key])], depth: Int) -> String {
        let argument = numericTerm(keys: keys, toMany: toMany, depth: depth)
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return "modulus:by:(\(argument), \(numericTerm(keys: keys, toMany: toMany, depth: depth)))"
        case 1: return "FUNCTION(\(argument), '\(pick(["abs:", "floor:", "sqrt"]))')"
        case 2: return "abs:(\(argument))"
        default: return "\(pick(["abs", "floor", "ceiling", "trunc", "sqrt"]))(\(argument))"
        }
    }

    /// A date plus or minus seconds compared with a date (or `now()` minus seconds), or a date
    /// minus a date compared with seconds; nil when no date key is at hand.
    private mutating func dateArithmetic(keys: [Key], toMany: [(String, [Key])], depth: Int) -> String? {
        let dates = keys.filter { $0.kind == .date }
        guard !dates.isEmpty else { return nil }
        let op = pick(["==", "!=", "<", "<=", ">", ">="])
        let date = keyText(pick(dates))
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            let seconds = numericTerm(keys: keys, toMany: toMany, depth: depth + 1)
            return "\(date) \(pick(["+", "-"])) \(seconds) \(op) \(constant(.date))"
        case 1:
            // Far from every date of the data, so both compilations' instants agree.
            return "\(date) \(op) now() - \(pick(["0", "3600", "1e8", "2e8", "-1e9"]))"
        default:
            let day = pick(RandomPredicateData.dates.compactMap { $0 })
            let other = Bool.random(using: &generator) ? keyText(pick(dates)) : "CAST(\(day.timeIntervalSinceReferenceDate), \"NSDate\")"
            return "\(date) - \(other) \(op) \(numericTerm(keys: keys, toMany: toMany, depth: depth + 1))"
        }
    }

    /// A key path as written inside the current `SUBQUERY`'s predicate (from its variable), or
    /// as it is.
    private func path(_ keyPath: String) -> String {
        guard let memberVariable else { return keyPath }
        return keyPath == "SELF" ? "$" + memberVariable : "$" + memberVariable + "." + keyPath
    }

    // MARK: Memberships

    /// How many values a membership tests: a few dozen, now and then hundreds.
    private mutating func listLength() -> Int {
        Int.random(in: 0..<16, using: &generator) == 0 ? Int.random(in: 200...1_000, using: &generator) : Int.random(in: 2...40, using: &generator)
    }

    /// `key IN {…}` or `key IN %@` with `count` values of the key's kind, in every spelling and
    /// type a constant takes (integers, reals and booleans together), nils and duplicates among
    /// them, and now and then another key.
    private mutating func longList(_ key: Key, count: Int, others: [Key]) -> String {
        let lhs = keyText(key)
        let modifier = self.modifier(key.kind)
        if Bool.random(using: &generator) {
            var values: [PredicateValue] = []
            for _ in 0..<count { values.append(memberValue(key.kind)?.predicateValue ?? .null) }
            return "\(lhs) IN\(modifier) \(argument(values))"
        }
        let sameKind = others.filter { $0.kind == key.kind }
        var elements: [String] = []
        for _ in 0..<count { elements.append(member(key.kind, sameKind)) }
        return "\(lhs) IN\(modifier) {\(elements.joined(separator: ", "))}"
    }

    /// An `OR` of `count` equalities of `key` with values of its kind (either way round, one
    /// modifier for most), which compiles to one `IN`; a few terms are short `IN` lists of the
    /// key, merged too, or other comparisons, which stay apart.
    private mutating func equalities(_ key: Key, count: Int, others: [Key]) -> String {
        let sameKind = others.filter { $0.kind == key.kind }
        let shared = modifier(key.kind)
        var terms: [String] = []
        for _ in 0..<count {
            let modifier = Int.random(in: 0..<8, using: &generator) == 0 ? self.modifier(key.kind) : shared
            switch Int.random(in: 0..<16, using: &generator) {
            case 0:
                terms.append(comparison(pick(others), others: others))
            case 1:
                terms.append(longList(key, count: Int.random(in: 0...3, using: &generator), others: others))
            case 2, 3:
                let value = member(key.kind, sameKind)
                terms.append("\(value) ==\(modifier) \(keyText(key))")
            default:
                let lhs = keyText(key)
                terms.append("\(lhs) ==\(modifier) \(member(key.kind, sameKind))")
            }
        }
        return "(" + terms.joined(separator: pick([" OR ", " || "])) + ")"
    }

    /// An element of a membership as written: a constant, an object, or now and then a key.
    private mutating func member(_ kind: Kind, _ sameKind: [Key]) -> String {
        if Int.random(in: 0..<24, using: &generator) == 0, !sameKind.isEmpty { return keyText(pick(sameKind)) }
        if kind == .player || kind == .club { return argument(Int.random(in: 0..<8, using: &generator) == 0 ? nil : object(kind)) }
        return constant(kind)
    }

    /// A value of `kind` for an array argument, nil now and then.
    private mutating func memberValue(_ kind: Kind) -> (any PredicateArgument)? {
        switch kind {
        case .number:
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return RandomPredicateData.pick(RandomPredicateData.doubles, &generator)
            case 1: return Bool.random(using: &generator)
            case 2: return nil
            default: return RandomPredicateData.pick(RandomPredicateData.integers, &generator)
            }
        case .text: return RandomPredicateData.pick(RandomPredicateData.strings, &generator)
        case .date: return RandomPredicateData.pick(RandomPredicateData.dates, &generator)
        case .decimal:
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return RandomPredicateData.pick(RandomPredicateData.doubles, &generator)
            case 1: return RandomPredicateData.pick(RandomPredicateData.integers, &generator)
            default: return RandomPredicateData.pick(RandomPredicateData.decimals, &generator)
            }
        case .uuid: return RandomPredicateData.pick(RandomPredicateData.uuids, &generator)
        case .data: return RandomPredicateData.pick(RandomPredicateData.datas, &generator)
        case .player, .club: return Int.random(in: 0..<8, using: &generator) == 0 ? nil : object(kind)
        case .json: return nil
        }
    }

    // MARK: Keys and values

    /// A key as written: its path, `SELF.path`, or `%K` with the path as argument.
    private mutating func keyText(_ key: Key) -> String {
        if memberVariable != nil { return path(key.path) }
        switch Int.random(in: 0..<10, using: &generator) {
        case 0 where key.path != "SELF":
            arguments.append(key.path)
            return "%K"
        case 1 where key.path != "SELF":
            return "SELF." + key.path
        default:
            return key.path
        }
    }

    /// Mostly a constant, sometimes another key of the same kind.
    private mutating func valueOrKey(_ kind: Kind, _ sameKind: [Key]) -> String {
        if Int.random(in: 0..<6, using: &generator) == 0, !sameKind.isEmpty { return keyText(pick(sameKind)) }
        return constant(kind)
    }

    private mutating func modifier(_ kind: Kind) -> String {
        guard kind == .text else { return "" }
        return pick(["", "", "[c]", "[d]", "[cd]"])
    }

    /// A constant of `kind`: a literal, a `%@`/`%d`/`%u`/`%f` argument, a `CAST`, or a
    /// `$VARIABLE`.
    private mutating func constant(_ kind: Kind) -> String {
        if Int.random(in: 0..<10, using: &generator) == 0 { return pick(["nil", "NULL"]) }
        switch kind {
        case .number:
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: return "\(RandomPredicateData.pick(RandomPredicateData.integers, &generator))"
            case 1: return argumentInteger()
            case 2:
                let value = RandomPredicateData.pick(RandomPredicateData.doubles, &generator)
                return value.isFinite ? "\(value)" : argument(value)
            case 3: return pick(["YES", "NO", "TRUE", "FALSE"])
            case 4: return argument(RandomPredicateData.pick(RandomPredicateData.doubles, &generator))
            case 5:
                arguments.append(RandomPredicateData.pick(RandomPredicateData.doubles, &generator))
                return "%f"
            case 6: return variable(Int(RandomPredicateData.pick(RandomPredicateData.integers, &generator)))
            default: return argument(RandomPredicateData.pick(RandomPredicateData.integers, &generator))
            }
        case .text:
            let text = RandomPredicateData.pick(RandomPredicateData.strings, &generator) ?? ""
            switch Int.random(in: 0..<5, using: &generator) {
            case 0, 1: return argument(text)
            case 2: return variable(text)
            default: return PredicateValue.string(text).description
            }
        case .date:
            let date = RandomPredicateData.pick(RandomPredicateData.dates, &generator)
            guard let date, Bool.random(using: &generator) else { return argument(date) }
            return "CAST(\(date.timeIntervalSinceReferenceDate), \"NSDate\")"
        case .decimal:
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                // Numbers against decimals: infinities and 1e300 included.
                return argument(RandomPredicateData.pick(RandomPredicateData.doubles, &generator))
            case 1:
                return "\(RandomPredicateData.pick(RandomPredicateData.integers, &generator))"
            case 2:
                guard let decimal = RandomPredicateData.pick(RandomPredicateData.decimals, &generator) else { return "nil" }
                return "CAST(\"\(decimal)\", \"NSDecimalNumber\")"
            default:
                return argument(RandomPredicateData.pick(RandomPredicateData.decimals, &generator))
            }
        case .uuid:
            return argument(RandomPredicateData.pick(RandomPredicateData.uuids, &generator))
        case .data:
            return argument(RandomPredicateData.pick(RandomPredicateData.datas, &generator))
        case .json, .player, .club:
            return "nil"
        }
    }

    private mutating func argumentInteger() -> String {
        let value = Int(RandomPredicateData.pick(RandomPredicateData.integers, &generator))
        arguments.append(value)
        return value >= 0 ? pick(["%d", "%i", "%ld", "%u"]) : pick(["%d", "%i", "%ld"])
    }

    private mutating func argument(_ value: (any PredicateArgument)?) -> String {
        arguments.append(value)
        return "%@"
    }

    private mutating func variable(_ value: (any PredicateArgument)?) -> String {
        let name = "V\(variables.count)"
        variables[name] = value
        return "$" + name
    }

    private mutating func object(_ kind: Kind) -> ObjectID {
        RandomPredicateData.pick(kind == .club ? clubs : players, &generator)
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        RandomPredicateData.pick(values, &generator)
    }
}
