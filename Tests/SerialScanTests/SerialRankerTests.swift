import Testing

@testable import SerialScan

@Suite("Serial ranker")
struct SerialRankerTests {
    @Test func aSerialInsideALongerOneIsAFragment() {
        let serials: Set = ["C02XK1ZQJGH5", "02XK1ZQJGH5", "XK1Z", "F17ABC", "C02XK1ZQJGH5X"]
        #expect(SerialRanker.fragments(of: serials) == ["C02XK1ZQJGH5", "02XK1ZQJGH5", "XK1Z"])
        #expect(SerialRanker.fragments(of: ["ABC", "ABD"]).isEmpty)
    }

    @Test func bytesHoldARunOnlyWhereItOccursWhole() {
        func holds(_ whole: String, _ part: String) -> Bool {
            SerialRanker.holds(Array(whole.utf8), Array(part.utf8))
        }
        #expect(holds("C02XK1ZQJGH5", "C02"))
        #expect(holds("C02XK1ZQJGH5", "GH5"))
        #expect(holds("C02XK1ZQJGH5", "C02XK1ZQJGH5"))
        #expect(!holds("C02XK1ZQJGH5", "C03"))
        #expect(!holds("GH5", "GH5X"))
        #expect(holds("GH5", ""))
    }
}
