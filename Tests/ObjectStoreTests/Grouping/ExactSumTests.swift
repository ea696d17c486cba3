import Foundation
import ObjectStore
import TestSupport
import Testing

/// Exact sums of doubles and of integers: the exact total rounded once, whatever the order and
/// whichever values joined and left on the way.
@Suite struct ExactSumTests {
    static func total(_ values: [Double], removing removed: [Double] = []) -> Double {
        var sum = ExactSum()
        for value in values { sum.add(value) }
        for value in removed { sum.remove(value) }
        return sum.value
    }

    @Test func theTotalIsTheExactSumRoundedOnce() {
        #expect(Self.total([1e16, 1.0, -1e16]) == 1.0)
        #expect(Self.total(Array(repeating: 0.1, count: 10)) == 1.0)
        #expect(Self.total([1e16, 1.0, -1e16, 0.1, 0.2]) == 1.3)
        #expect(Self.total([-0.1, -0.2]) == -0.30000000000000004)
        #expect(Self.total([]) == 0)
        #expect(Self.total([.leastNonzeroMagnitude, .leastNonzeroMagnitude]) == 2 * Double.leastNonzeroMagnitude)
        #expect(Self.total([.leastNormalMagnitude, -.leastNonzeroMagnitude]) == Double.leastNormalMagnitude.nextDown)
    }

    @Test func halfwayTotalsRoundToEven() {
        let twoTo53 = 9_007_199_254_740_992.0
        #expect(Self.total([twoTo53, 1]) == twoTo53, "…993 lies halfway: the even …992")
        #expect(Self.total([twoTo53, 1, 2]) == twoTo53 + 4, "…995 lies halfway: the even …996")
        #expect(Self.total([twoTo53, 1, 0x1p-20]) == twoTo53 + 2, "past halfway rounds up")
        #expect(Self.total([-twoTo53, -1, -0x1p-20]) == -(twoTo53 + 2))
    }

    @Test func infinitiesAndNaNAreCountedApartAndLeaveAgain() {
        var sum = ExactSum()
        sum.add(2.5)
        sum.add(.infinity)
        #expect(sum.value == .infinity)
        sum.add(-.infinity)
        #expect(sum.value.isNaN)
        sum.remove(.infinity)
        #expect(sum.value == -.infinity)
        sum.remove(-.infinity)
        sum.add(.nan)
        #expect(sum.value.isNaN)
        sum.remove(.nan)
        #expect(sum.value == 2.5)
    }

    @Test func aTotalBeyondTheLargestDoubleIsInfiniteAndComesBack() {
        var sum = ExactSum()
        sum.add(.greatestFiniteMagnitude)
        sum.add(.greatestFiniteMagnitude)
        #expect(sum.value == .infinity)
        sum.remove(.greatestFiniteMagnitude)
        #expect(sum.value == .greatestFiniteMagnitude)
        sum.add(-.greatestFiniteMagnitude)
        sum.add(-.greatestFiniteMagnitude)
        #expect(sum.value == -.greatestFiniteMagnitude)
    }

    /// Values of every magnitude and sign join in random order and half of them leave: the
    /// total equals a fresh sum of the others, to the bit, and does not depend on the order.
    @Test func joiningAndLeavingInAnyOrderGivesTheFreshSumToTheBit() {
        for seed in TestEnvironment.seeds("EXACT_SUM_SEED", default: [0xE7AC_7001, 0xE7AC_7002]) {
            var generator = SplitMix64(seed: seed)
            let values = (0..<400).map { _ in
                Double(sign: Bool.random(using: &generator) ? .minus : .plus, exponent: Int.random(in: -60...60, using: &generator), significand: Double.random(in: 1..<2, using: &generator))
            }
            let leaving = values.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            let staying = values.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            let label = "seed \(TestEnvironment.describe(seed: seed)) (replay with EXACT_SUM_SEED)"
            #expect(Self.total(values.shuffled(using: &generator), removing: leaving.shuffled(using: &generator)).bitPattern == Self.total(staying).bitPattern, "\(label)")
            #expect(Self.total(staying.shuffled(using: &generator)).bitPattern == Self.total(staying.reversed()).bitPattern, "\(label)")
        }
    }

    @Test func integerSumsAreExactOnTheWayAndSayWhenTheTotalDoesNotFit() {
        var sum = IntegerSum()
        sum.add(.max)
        sum.add(1)
        #expect(sum.value == nil)
        sum.remove(1)
        #expect(sum.value == .max)
        sum.add(.min)
        sum.add(.min)
        #expect(sum.value == nil, "-2^63 - 1")
        sum.remove(.max)
        #expect(sum.value == nil, "-2^64")
        sum.remove(.min)
        #expect(sum.value == .min)
        sum.remove(.min)
        #expect(sum.value == 0)
    }
}
