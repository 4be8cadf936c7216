import Testing

@testable import SerialScan

@Suite("Serial ranker")
struct SerialRankerTests {
    @Test func aRandomisedAppleSerialOfAnotherLengthThanTenIsNoStrongerThanAGenericID() {
        #expect(SerialFormat.appleRandom.specificity(length: 10) == SerialFormat.appleRandom.specificity)
        #expect(SerialFormat.appleRandom.specificity(length: 9) == SerialFormat.generic.specificity)
        #expect(SerialFormat.appleRandom.specificity(length: 11) == SerialFormat.generic.specificity)
        #expect(SerialFormat.apple12.specificity(length: 12) == SerialFormat.apple12.specificity)
        // The same captioned line on a MacBook, read whole and with its last character lost.
        func confidence(_ text: String) -> Double {
            let evidence = SerialParser.evidence(in: [Lines.line(text)])
            return SerialRanker.standard.rank(evidence, deviceType: .macbook).first { $0.serial.count < 12 }?.confidence ?? 0
        }
        #expect(confidence("Serial FVFP8J3CV") < confidence("Serial FVFP8J3CVW"))
    }

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

    @Test func oneLookAlikeSwapIsTheOnlyDifferenceAllowed() {
        #expect(Confusables.swapsOneLookAlike("H4HTSRNGB2XP", "H4HT5RNGB2XP"))
        #expect(Confusables.swapsOneLookAlike("H4HT5RNGB2XP", "H4HTSRNGB2XP"))
        #expect(Confusables.swapsOneLookAlike("CB08", "CBO8"))
        #expect(!Confusables.swapsOneLookAlike("H4HTSRNGB2XP", "H4HTSRNGB2XP"))  // no difference
        #expect(!Confusables.swapsOneLookAlike("H4HTSRNGB2XP", "H4HT5RNG82XP"))  // two swaps
        #expect(!Confusables.swapsOneLookAlike("H4HTSRNGB2XP", "H4HTXRNGB2XP"))  // not look-alikes
        #expect(!Confusables.swapsOneLookAlike("H4HTSRNGB2XP", "H4HTSRNGB2X"))  // lengths differ
    }

    @Test func aTwelveCharacterReadingOneSwapFromTheAppleLayoutIsThatSerial() {
        // `H4HT5RNGB2XP` read with an S at the week, where a 12-character serial has none: the S reading fits
        // only the randomised format (whose serials have 10 characters) and scored above its repair.
        let evidence = SerialParser.evidence(in: [Lines.line("Serial Number H4HTSRNGB2XP")])
        #expect(evidence.contains { $0.serial == "H4HTSRNGB2XP" && $0.format == .appleRandom })
        #expect(evidence.contains { $0.serial == "H4HT5RNGB2XP" && $0.format == .apple12 && $0.repairs == 1 })
        let unmerged = SerialRanker.standard.rank(evidence, deviceType: .other)
        let ranked = SerialRanker.standard.rank(evidence, deviceType: .iphone)
        #expect(ranked.first?.serial == "H4HT5RNGB2XP")
        #expect(!ranked.contains { $0.serial == "H4HTSRNGB2XP" })
        // It keeps the better of the two readings' scores (the repair's, now that the Apple hint no longer
        // supports a 12-character randomised serial).
        let asRead = SerialRanker.standard.rank(evidence.filter { $0.serial == "H4HTSRNGB2XP" }, deviceType: .iphone)
        let repaired = SerialRanker.standard.rank(
            evidence.filter { $0.serial == "H4HT5RNGB2XP" }, deviceType: .iphone)
        #expect(ranked.first?.confidence == max(asRead.first?.confidence ?? 0, repaired.first?.confidence ?? 0))
        // On another maker's device both stay candidates, and the ten-character rule leaves 10-character
        // randomised readings alone.
        #expect(unmerged.contains { $0.serial == "H4HTSRNGB2XP" } && unmerged.contains { $0.serial == "H4HT5RNGB2XP" })
        let ten = SerialRanker.standard.rank(
            SerialParser.evidence(in: [Lines.line("Serial E5UHMEAVY7"), Lines.line("Serial ESUHMEAVY7", y: 40)]),
            deviceType: .iphone)
        #expect(ten.contains { $0.serial == "E5UHMEAVY7" } && ten.contains { $0.serial == "ESUHMEAVY7" })
    }

    @Test func onAnAppleDeviceAnOOrIReadInAnAppleSerialIsNoRepair() throws {
        let asRead = SerialParser.evidence(in: [Lines.line("Serial Number DLXLIFOTM3YZ")])
        let repaired = try #require(asRead.first { $0.serial == "DLXL1F0TM3YZ" && $0.format == .apple12 })
        #expect(repaired.repairs == 2 && repaired.letterRepairs == 2)
        func repairs(_ device: DeviceType?) -> Double {
            SerialRanker.features(of: repaired, reads: 1, deviceType: device)[2]
        }
        #expect(repairs(.macbook) == 0 && repairs(.iphone) == 0)
        // Without a hint (a label ID may hold a real O) and on another maker's device, they still count.
        #expect(repairs(nil) == 2 && repairs(.other) == 2)
        let ranked = SerialRanker.standard.rank(asRead, deviceType: .macbook, appleContext: true)
        #expect(ranked.first?.serial == "DLXL1F0TM3YZ")
        let unhinted = SerialRanker.standard.rank(asRead, deviceType: nil, appleContext: true)
        #expect((ranked.first?.confidence ?? 0) > (unhinted.first?.confidence ?? 1))
        // Other look-alike repairs (S read where the week wants 5) still count on an Apple device.
        let week = try #require(
            SerialParser.evidence(in: [Lines.line("Serial Number H4HTSRNGB2XP")]).first { $0.format == .apple12 })
        #expect(SerialRanker.features(of: week, reads: 1, deviceType: .iphone)[2] == 1)
    }

    @Test func aRivalLowersOnlyTheReportedConfidence() throws {
        let ranker = SerialRanker.standard
        #expect(ranker.rivalPenalty < 0)
        let evidence = try #require(
            SerialParser.evidence(in: [Lines.line("Serial Number C02XK1JCJG5J")]).first { $0.format == .apple12 })
        var rivalled = evidence
        rivalled.rival = 0.6
        let plain = SerialRanker.features(of: evidence, reads: 1, deviceType: .macbook)
        let features = SerialRanker.features(of: rivalled, reads: 1, deviceType: .macbook)
        // The model itself (and so the ranking) does not weigh the rival ...
        #expect(ranker.confidence(plain) == ranker.confidence(features))
        // ... the confidence reported does: by rivalPenalty times the rival's score, in log-odds.
        let model = ranker.confidence(features)
        let reported = ranker.reported(model, features: features)
        #expect(reported < model)
        let logOdds = SerialRanker.LogitScale.logOdds
        #expect(abs((logOdds(reported) - logOdds(model)) - ranker.rivalPenalty * 0.6) < 1e-9)
        #expect(ranker.reported(model, features: plain) == model)
        // A candidate read only from a code has no features and keeps its confidence.
        #expect(ranker.reported(0.97, features: []) == 0.97)
    }

    @Test func anAppleHintSupportsARandomisedSerialOnlyAtTheLengthApplesShip() throws {
        func device(_ text: String, _ format: SerialFormat) throws -> Double {
            let evidence = try #require(
                SerialParser.evidence(in: [Lines.line("Serial Number \(text)")]).first { $0.format == format })
            return SerialRanker.features(of: evidence, reads: 1, deviceType: .macbook)[8]
        }
        #expect(SerialRanker.featureNames[8] == "deviceMatch")
        #expect(try device("FVFP8J3CW1", .appleRandom) == 1)
        // A 12-character serial with its last three characters lost at the line's end.
        #expect(try device("FVFP8J3CV", .appleRandom) == 0)
        #expect(try device("FC8QT8SJB3PDQ", .appleRandom) == 0)
        #expect(try device("C8QT8SJB3PDQ", .apple12) == 1)
        #expect(try device("FVFP8J3CV", .generic) == -1)
    }
}
