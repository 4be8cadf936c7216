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

    @Test func commonSubsequenceKeepsOrder() {
        let a = "ABXCD".map(String.init), b = "ABCYD".map(String.init)
        #expect(ReadingConsensus.commonSubsequence(a, b) == [0, 1, 3, 4])
        #expect(ReadingConsensus.commonSubsequence([], b).isEmpty)
    }
}

