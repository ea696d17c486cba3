import Foundation
import ObjectStore
import TestSupport

/// Builds random typed predicates (Swift key paths and ``KeyExpression``s: subquery counts,
/// collection operators, `@max` of strings, arithmetic and negation, functions and date
/// arithmetic among them) over ``Player``, with values from
/// ``RandomPredicateData``'s pools.
struct RandomTypedPredicates {
    var generator: SplitMix64
    let clubs: [Club]

    init(seed: UInt64, clubs: [Club]) {
        generator = SplitMix64(seed: seed)
        self.clubs = clubs
    }

    /// A random predicate: comparisons combined with `&&`, `||` and `!`.
    mutating func predicate(depth: Int = 0) -> FetchPredicate<Player> {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0 where depth < 3: return predicate(depth: depth + 1) && predicate(depth: depth + 1)
        case 1 where depth < 3: return predicate(depth: depth + 1) || predicate(depth: depth + 1)
        case 2 where depth < 3: return !predicate(depth: depth + 1)
        default: return comparison()
        }
    }

    private mutating func comparison() -> FetchPredicate<Player> {
        switch Int.random(in: 0..<18, using: &generator) {
        case 0: return ordered(\Player.age, optionalInteger())
        case 1: return ordered(\Player.level, Int(pick(RandomPredicateData.integers)))
        case 2:
            let bound = Bool.random(using: &generator) ? nil : pick(RandomPredicateData.doubles)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return .abs(.key(\Player.score)) > (bound ?? 0)
            case 1: return .modulus(.key(\Player.level), by: bound ?? 2) == .floor(.key(\Player.score))
            default: return ordered(\Player.score, bound)
            }
        case 3: return ordered(\Player.club?.rank, optionalInteger())
        case 4: return ordered(\Player.mentor?.age, optionalInteger())
        case 5: return ordered(\Player.salary, pick(RandomPredicateData.decimals))
        case 6:
            let date = pick(RandomPredicateData.dates)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return .key(\Player.born) + Double(pick(RandomPredicateData.integers)) > .key(\Player.mentor?.born)
            case 1: return .key(\Player.born) - .key(\Player.mentor?.born) < pick(RandomPredicateData.doubles)
            case 2: return .key(\Player.born) < .now() - 1e8
            default: return ordered(\Player.born, date)
            }
        case 7: return Int.random(in: 0..<5, using: &generator) == 0 ? .lowercase(.key(\Player.name)) == pick(RandomPredicateData.strings) : text(\Player.name)
        case 8: return text(\Player.club?.name)
        case 9: return \Player.active == Bool.random(using: &generator)
        case 10: return .count(\.medals) > Int.random(in: 0...3, using: &generator)
        case 11:
            let label = pick(RandomPredicateData.strings)
            return Bool.random(using: &generator) ? .any(\.medals, \.label) == label : .max(\.medals, \.label) >= label
        case 12: return Bool.random(using: &generator) ? .key(\Player.age) < .key(\Player.mentor?.age) : .key(\Player.name) == .key(\Player.mentor?.name)
        case 13: return \Player.club == (Bool.random(using: &generator) ? nil : pick(clubs))
        case 14: return .count(\.medals, where: \Medal.label == pick(RandomPredicateData.strings)) > Int.random(in: 0...2, using: &generator)
        case 15: return .count(\.medals, where: .average(\.holders, \.score) > pick(RandomPredicateData.doubles)) >= 1
        case 16:
            let bound = Double(pick(RandomPredicateData.integers))
            return Bool.random(using: &generator) ? .key(\Player.age) * 2 + .key(\Player.level) > bound : -(.key(\Player.age) - .key(\Player.level)) > bound
        default: return .key(\Player.score) / .key(\Player.mentor?.age) <= pick(RandomPredicateData.doubles)
        }
    }

    private mutating func ordered<Value: OrderedAttributeValue>(_ keyPath: KeyPath<Player, Value>, _ value: Value) -> FetchPredicate<Player> {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return keyPath == value
        case 1: return keyPath != value
        case 2: return keyPath < value
        case 3: return keyPath <= value
        case 4: return keyPath > value
        case 5: return keyPath >= value
        case 6: return KeyExpression.key(keyPath).between(value, value)
        default: return KeyExpression.key(keyPath).in([value])
        }
    }

    private mutating func text(_ keyPath: KeyPath<Player, String?>) -> FetchPredicate<Player> {
        let options = pick([ComparisonOptions(), .caseInsensitive, .diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive]])
        let key = KeyExpression.key(keyPath)
        let value = pick(RandomPredicateData.strings) ?? ""
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: return key.equals(value, options: options)
        case 1: return key.beginsWith(value, options: options)
        case 2: return key.endsWith(value, options: options)
        case 3: return key.contains(value, options: options)
        case 4: return key.like(pick(RandomPredicateData.patterns), options: options)
        case 5: return key.matches(pick(RandomPredicateData.regexes), options: options)
        default: return key.in([value, pick(RandomPredicateData.strings)], options: options)
        }
    }

    private mutating func optionalInteger() -> Int? {
        Int.random(in: 0..<5, using: &generator) == 0 ? nil : Int(pick(RandomPredicateData.integers))
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        RandomPredicateData.pick(values, &generator)
    }
}
