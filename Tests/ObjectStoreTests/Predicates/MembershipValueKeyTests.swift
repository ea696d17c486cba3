import Foundation
import GRDB
@testable import ObjectStore
import TestSupport
import Testing

/// The keys `IN` lists index their constants by: two values get equal keys exactly when the
/// list's collation compares them equal, so a look-up finds what comparing every element finds.
@Suite struct MembershipValueKeyTests {
    private static let numbers: [DatabaseValue] = [0, 1, -1, 3, 9_007_199_254_740_992, 9_007_199_254_740_993, .max, .min].map { (number: Int64) in number.databaseValue }
        + [0, -0.0, 1, 1.5, 3, 9_007_199_254_740_992, 9_007_199_254_740_994, 9_223_372_036_854_775_808, -9_223_372_036_854_775_808, .infinity, -.infinity, .nan, 1e300]
        .map { (number: Double) in number.databaseValue }
    private static let texts: [DatabaseValue] = [
        "", "a", "A", "é", "e\u{301}", "1", "1.0", "1.50", "15e-1", "0", "0.000", "-0", "+1", "01", "1e", "12abc", "12", "abc", "10", "1E1",
        " 1", "1 ", "-1.5", "-15e-1", "1e-130", "1e130", String(repeating: "7", count: 40), String(repeating: "7", count: 39) + "8", "١٢", "NaN", "nan", "inf",
    ].map { $0.databaseValue }
    private static let blobs: [DatabaseValue] = [Data(), Data([0]), Data("a".utf8), Data([1, 2])].map { $0.databaseValue }

    private static let collations: [SortCollation] = [.binary, .decimal, .string, .caseInsensitive, .localizedStandard]

    @Test(arguments: collations) func keysAreEqualExactlyWhenTheCollationSaysSo(_ collation: SortCollation) {
        let values = Self.numbers + Self.texts + Self.blobs
        for a in values {
            for b in values {
                expectAgreement(a, b, collation)
            }
        }
        #expect(MembershipList.ValueKey(.null, collation: collation) == nil)
    }

    @Test func decimalTextSharesAKeyWithEverySpellingOfItsNumber() {
        let seed = TestEnvironment.seed("DIFFABLE_RANDOM_SEED", default: 0xDEC1_0000)
        var generator = SplitMix64(seed: seed)
        var spellings: [DatabaseValue] = []
        for _ in 0..<100 {
            let digits = String((0..<Int.random(in: 1...42, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let exponent = Int.random(in: -135...135, using: &generator)
            let zeros = Int.random(in: 0...3, using: &generator)
            let sign = Bool.random(using: &generator) ? "-" : ""
            spellings.append("\(sign)\(digits)e\(exponent)".databaseValue)
            spellings.append("\(sign)\(digits)\(String(repeating: "0", count: zeros))e\(exponent - zeros)".databaseValue)
            spellings.append("\(sign)\(digits)1e\(exponent - 1)".databaseValue)
        }
        let keys = spellings.map { MembershipList.ValueKey($0, collation: .decimal) }
        var disagreements: [String] = []
        for (a, left) in zip(spellings, keys) {
            for (b, right) in zip(spellings, keys) where (left == right) != (SortCollation.decimal.compare(a, b) == 0) {
                disagreements.append("\(a) and \(b)")
            }
        }
        #expect(keys.allSatisfy { $0 != nil })
        #expect(disagreements.isEmpty, "seed \(TestEnvironment.describe(seed: seed)) (DIFFABLE_RANDOM_SEED): \(disagreements.prefix(5))")
    }

    private func agrees(_ a: DatabaseValue, _ b: DatabaseValue, _ collation: SortCollation) -> Bool {
        let equal = collation.compare(a, b) == 0
        switch (MembershipList.ValueKey(a, collation: collation), MembershipList.ValueKey(b, collation: collation)) {
        case let (left?, right?): return (left == right) == equal && (!equal || left.hashValue == right.hashValue)
        // A value without a key equals no value that has one.
        case (nil, _?), (_?, nil): return !equal
        case (nil, nil): return true
        }
    }

    private func expectAgreement(_ a: DatabaseValue, _ b: DatabaseValue, _ collation: SortCollation) {
        #expect(agrees(a, b, collation), "\(a) and \(b) under \(collation): compare \(collation.compare(a, b)), keys \(String(describing: MembershipList.ValueKey(a, collation: collation))) and \(String(describing: MembershipList.ValueKey(b, collation: collation)))")
    }
}
