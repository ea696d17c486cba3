import Foundation
import ObjectStore

/// Builds random predicates as format strings with arguments, over every operator, modifier and
/// attribute type of ``Player`` (and ``Club`` with its to-many relationship).
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
        Key(path: "club", kind: .club), Key(path: "mentor", kind: .player), Key(path: "SELF", kind: .player),
        Key(path: "club.players.@count", kind: .number), Key(path: "medals.@count", kind: .number),
    ]

    static let clubKeys: [Key] = [
        Key(path: "name", kind: .text), Key(path: "rank", kind: .number), Key(path: "region.title", kind: .text),
        Key(path: "region.code", kind: .number), Key(path: "players.@count", kind: .number), Key(path: "SELF", kind: .club),
    ]

    /// Member keys after a to-many relationship (`ANY players.<key>`).
    static let memberKeys: [Key] = playerKeys.filter { !$0.path.hasPrefix("club") && $0.path != "SELF" && $0.kind != .json }

    /// The to-many relationships of players, with their members' keys.
    static let playerToMany: [(String, [Key])] = [("club.players", memberKeys), ("medals", [Key(path: "label", kind: .text)])]

    /// The to-many relationships of clubs.
    static let clubToMany: [(String, [Key])] = [("players", memberKeys)]

    var generator: SplitMix64
    let players: [ObjectID]
    let clubs: [ObjectID]
    private(set) var arguments: [(any PredicateArgument)?] = []

    init(seed: UInt64, players: [ObjectID], clubs: [ObjectID]) {
        generator = SplitMix64(seed: seed)
        self.players = players
        self.clubs = clubs
    }

    /// A random predicate over `keys`, with `toMany` the relationship for quantifiers.
    mutating func predicate(keys: [Key], toMany: [(String, [Key])], depth: Int = 0) -> String {
        let roll = Int.random(in: 0..<100, using: &generator)
        switch roll {
        case 0..<12 where depth < 3:
            return "(\(predicate(keys: keys, toMany: toMany, depth: depth + 1)) \(pick(["AND", "&&", "and"])) \(predicate(keys: keys, toMany: toMany, depth: depth + 1)))"
        case 12..<24 where depth < 3:
            return "(\(predicate(keys: keys, toMany: toMany, depth: depth + 1)) \(pick(["OR", "||"])) \(predicate(keys: keys, toMany: toMany, depth: depth + 1)))"
        case 24..<32 where depth < 3:
            return "\(pick(["NOT", "!"])) (\(predicate(keys: keys, toMany: toMany, depth: depth + 1)))"
        case 32..<34:
            return pick(["TRUEPREDICATE", "FALSEPREDICATE"])
        case 34..<46:
            let quantifier = pick(["ANY", "ALL", "NONE", "SOME"])
            let (relationship, members) = pick(toMany)
            let member = pick(members)
            return "\(quantifier) " + comparison(Key(path: relationship + "." + member.path, kind: member.kind), others: keys)
        case 46..<49:
            let (relationship, members) = pick(toMany)
            let member = pick(members.filter { $0.kind == .text || $0.kind == .number })
            return "\(constant(member.kind)) IN\(modifier(member.kind)) \(relationship).\(member.path)"
        default:
            return comparison(pick(keys), others: keys)
        }
    }

    /// `key op rhs` with an operator and right-hand side that fit the key's kind.
    private mutating func comparison(_ key: Key, others: [Key]) -> String {
        switch key.kind {
        case .json:
            return "\(key.path) \(pick(["==", "!="])) nil"
        case .player, .club:
            let op = pick(["==", "!=", "IN"])
            if op == "IN" {
                var ids: [ObjectID] = []
                for _ in 0..<Int.random(in: 0...3, using: &generator) { ids.append(object(key.kind)) }
                arguments.append(ids)
                return "\(key.path) IN %@"
            }
            arguments.append(Int.random(in: 0..<5, using: &generator) == 0 ? nil : object(key.kind))
            return "\(key.path) \(op) %@"
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
            let elements = (0..<Int.random(in: 0...3, using: &generator)).map { _ in constant(key.kind) }
            return "\(key.path) IN\(modifier) {\(elements.joined(separator: ", "))}"
        case "BETWEEN":
            return "\(key.path) BETWEEN\(modifier) {\(constant(key.kind)), \(constant(key.kind))}"
        case "LIKE":
            return "\(key.path) LIKE\(modifier) \(Int.random(in: 0..<8, using: &generator) == 0 ? pick(sameKind).path : argument(RandomPredicateData.pick(RandomPredicateData.patterns, &generator)))"
        case "MATCHES":
            return "\(key.path) MATCHES\(modifier) \(Int.random(in: 0..<8, using: &generator) == 0 ? pick(sameKind).path : argument(RandomPredicateData.pick(RandomPredicateData.regexes, &generator)))"
        default:
            let rhs = Int.random(in: 0..<6, using: &generator) == 0 && !sameKind.isEmpty ? pick(sameKind).path : constant(key.kind)
            if Int.random(in: 0..<8, using: &generator) == 0 && !op.contains("WITH") && op != "CONTAINS" {
                return "\(rhs) \(op)\(modifier) \(key.path)"
            }
            return "\(key.path) \(op)\(modifier) \(rhs)"
        }
    }

    private mutating func modifier(_ kind: Kind) -> String {
        guard kind == .text else { return "" }
        return pick(["", "", "[c]", "[d]", "[cd]"])
    }

    /// A constant of `kind`, as a literal or as a `%@`/`%d`/`%f` argument.
    private mutating func constant(_ kind: Kind) -> String {
        if Int.random(in: 0..<10, using: &generator) == 0 { return pick(["nil", "NULL"]) }
        switch kind {
        case .number:
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: return "\(RandomPredicateData.pick(RandomPredicateData.integers, &generator))"
            case 1: return argumentInteger()
            case 2:
                let value = RandomPredicateData.pick(RandomPredicateData.doubles, &generator)
                return value.isFinite ? "\(value)" : argument(value)
            case 3: return pick(["YES", "NO", "TRUE", "FALSE"])
            case 4: return argument(RandomPredicateData.pick(RandomPredicateData.doubles, &generator))
            default: return argument(RandomPredicateData.pick(RandomPredicateData.integers, &generator))
            }
        case .text:
            let text = RandomPredicateData.pick(RandomPredicateData.strings, &generator) ?? ""
            return Bool.random(using: &generator) ? argument(text) : PredicateValue.string(text).description
        case .date:
            return argument(RandomPredicateData.pick(RandomPredicateData.dates, &generator))
        case .decimal:
            return argument(RandomPredicateData.pick(RandomPredicateData.decimals, &generator))
        case .uuid:
            return argument(RandomPredicateData.pick(RandomPredicateData.uuids, &generator))
        case .data:
            return argument(RandomPredicateData.pick(RandomPredicateData.datas, &generator))
        case .json, .player, .club:
            return "nil"
        }
    }

    private mutating func argumentInteger() -> String {
        arguments.append(Int(RandomPredicateData.pick(RandomPredicateData.integers, &generator)))
        return pick(["%d", "%i", "%ld"])
    }

    private mutating func argument(_ value: (any PredicateArgument)?) -> String {
        arguments.append(value)
        return "%@"
    }

    private mutating func object(_ kind: Kind) -> ObjectID {
        RandomPredicateData.pick(kind == .club ? clubs : players, &generator)
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        RandomPredicateData.pick(values, &generator)
    }
}
