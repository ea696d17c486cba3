@testable import DiffableSnapshots
import SeededRandom
import Testing

/// Identifiers that their bytes stand for hash by their halves, and behave as any other.
@Suite("Bitwise identifiers")
struct BitwiseIdentifierTests {
    private struct PairID: BitwiseIdentifier {
        var high: UInt64
        var low: UInt64
    }

    private struct PlainPair: Hashable, Sendable {
        var high: UInt64
        var low: UInt64
    }

    @Test func aBitwiseIdentifierOf16BytesHashesByItsHalves() {
        let id = PairID(high: 0x0123_4567_89AB_CDEF, low: 42)
        #expect(bitwiseHalves(id) != nil)
        #expect(itemTableHash(id) == itemTableHash(PairID(high: 0x0123_4567_89AB_CDEF, low: 42)))
        #expect(itemTableHash(id) != itemTableHash(PairID(high: 42, low: 0x0123_4567_89AB_CDEF)))
    }

    @Test func anIdentifierThatDoesNotConformKeepsItsOwnHashing() {
        let plain = PlainPair(high: 1, low: 2)
        #expect(bitwiseHalves(plain) == nil)
        #expect(itemTableHash(plain) == plain._rawHashValue(seed: itemTableSeed))
    }

    @Test func snapshotsOfBitwiseIdentifiersBuildLookUpAndDiff() {
        var random = SplitMix64(seed: 7)
        let ids = (0..<3_000).map { _ in PairID(high: random.next(), low: random.next()) }
        var old = DiffableDataSourceSnapshot<Int, PairID>()
        old.appendSections([0, 1])
        old.appendItems(Array(ids[..<1_500]), toSection: 0)
        old.appendItems(Array(ids[1_500..<2_500]), toSection: 1)
        var new = old
        new.deleteItems(Array(ids[100..<200]))
        new.appendItems(Array(ids[2_500...]), toSection: 0)
        new.moveItem(ids[1_600], beforeItem: ids[0])
        #expect(old.indexOfItem(ids[1_700]) == 1_700)
        #expect(new.indexOfItem(ids[1_600]) == 0)
        #expect(new.indexOfItem(ids[150]) == nil)
        let update = BatchUpdate(from: old, to: new)
        #expect(update.itemDeletes.count == 100)
        #expect(update.itemInserts.count == 500)
        #expect(update.itemMoves.count == 1)
        new._checkInvariants()
    }
}
