import LegibleOCR
import Testing

@testable import SerialScan

@Suite("Reading consensus")
struct ReadingConsensusTests {
    @Test func twoReadingsWithDifferentInsertionsAgreeOnTheSerial() throws {
        let first = [Lines.line("Serial RZWS9Z5UQB8BR")]
        let second = [Lines.line("Serial RZWS9YZ5UQB8R")]
        let agreed = ReadingConsensus.agreedLines(first, second)
        let line = try #require(agreed.first)
        #expect(line.line.words.map(\.text) == ["Serial", "RZWS9Z5UQB8R"])
        #expect(line.dropped == 1)
        // The caption stays in front, so the agreed serial is parsed as announced.
        let ranked = SerialRanker.standard.rank(SerialParser.evidence(in: [line.line]), deviceType: .iphone)
        #expect(ranked.first?.serial == "RZWS9Z5UQB8R")
        #expect(ranked.first?.captioned == true)
    }

    @Test func readingsThatAgreeOrDifferTooMuchGiveNothing() {
        // Already the same: nothing new.
        #expect(ReadingConsensus.agreedLines([Lines.line("C02XK1JCJG5J")], [Lines.line("C02XK1JCJG5J")]).isEmpty)
        // Readings of different text share too little to cut either down to the other.
        #expect(ReadingConsensus.agreedLines([Lines.line("C02XK1JCJG5J")], [Lines.line("H8QWERTY1234")]).isEmpty)
        // Short words are never cut.
        #expect(ReadingConsensus.agreedLines([Lines.line("A2338X")], [Lines.line("A2338")]).isEmpty)
    }

    @Test func readingsThatDifferInTwoPlacesMergeByConfidence() throws {
        // Each reading is unsure of a different character: the merge takes the surer one at each place.
        let first = [Lines.line("Serial 0XPZZ6T7SZ")]
        var second = [Lines.line("Serial OXPZZ617SZ")]
        second[0].words[1].symbols[0].confidence = 0.99
        second[0].words[1].symbols[6].confidence = 0.60
        let merged = try #require(ReadingConsensus.mergedLines(first, second).first)
        #expect(merged.words.map(\.text) == ["Serial", "OXPZZ6T7SZ"])
        #expect(merged.text == "Serial OXPZZ6T7SZ")
        // One place apart, the same, or too different: nothing to merge.
        #expect(ReadingConsensus.mergedLines([Lines.line("0XPZZ6T7SZ")], [Lines.line("0XPZZ617SZ")]).isEmpty)
        #expect(ReadingConsensus.mergedLines([Lines.line("0XPZZ6T7SZ")], [Lines.line("0XPZZ6T7SZ")]).isEmpty)
        #expect(ReadingConsensus.mergedLines([Lines.line("0XPZZ6T7SZ")], [Lines.line("HJKZZ6T7AB")]).isEmpty)
        // Where one reading is surer at every differing place, the merge is that reading: nothing new.
        #expect(ReadingConsensus.mergedLines(first, [Lines.line("Serial OXPZZ617SZ", score: 0.5)]).isEmpty)
    }

    @Test func commonSubsequenceKeepsOrder() {
        let a = "ABXCD".map(String.init), b = "ABCYD".map(String.init)
        #expect(ReadingConsensus.commonSubsequence(a, b) == [0, 1, 3, 4])
        #expect(ReadingConsensus.commonSubsequence([], b).isEmpty)
    }
}

