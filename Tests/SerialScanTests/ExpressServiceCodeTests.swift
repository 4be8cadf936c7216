import LegibleImaging
import Testing

@testable import SerialScan

/// Dell's Express Service Code is the service tag in decimal: a tag the code on the same label spells is
/// confirmed, and a tag read one look-alike off is repaired by it.
@Suite("Express Service Code")
struct ExpressServiceCodeTests {
    static func line(_ text: String) -> SerialScanLine {
        SerialScanLine(text: text, box: PixelRect(x: 0, y: 0, width: 100, height: 20), confidence: 0.9)
    }

    static func dell(_ serial: String, _ confidence: Double) -> SerialCandidate {
        SerialCandidate(serial: serial, confidence: confidence, format: .dell, box: nil, captioned: true)
    }

    @Test func theCodeIsTheTagInBase36() {
        // Dell's and Creativyst's worked example, and a tag with a leading zero digit's worth of value.
        #expect(ExpressServiceCode.tag(fromDecimal: "12542331601") == "5RFDP01")
        #expect(ExpressServiceCode.tag(fromDecimal: "18149698391") == "8C5V0WN")
        #expect(ExpressServiceCode.tag(fromDecimal: "36") == "0000010")
        #expect(ExpressServiceCode.tag(fromDecimal: "78364164096") == nil)  // 36^7 needs eight characters
    }

    @Test func codesAreRunsOfNineToElevenDigits() {
        let lines = [
            Self.line("Service Tag 5RFDP01"), Self.line("Express Service Code: 125 423 316 01"),
            Self.line("Express Service Code 181-496-983-91 Made in China"),
            Self.line("Express Service Code: 12 34"), Self.line("UPC 196884621001"),
            Self.line("IMEI 35 209900 176148 1"),
        ]
        #expect(ExpressServiceCode.tags(in: lines) == ["5RFDP01", "8C5V0WN"])
    }

    @Test func aCodeNeedsNoCaption() {
        // The caption cut off at the photo's edge and misread; an O read inside the digits.
        let lines = [Self.line("r 2CTV1CC Code: | 306512921O5 | bee!"), Self.line("Rating: 19.5V 3.34A")]
        #expect(ExpressServiceCode.tags(in: lines) == ["E2WZKCP"])
    }

    @Test func aTagReadOneLookAlikeOffGivesWayToTheCode() {
        let candidates = [
            Self.dell("8CSV0WN", 0.26),
            SerialCandidate(serial: "P100G003", confidence: 0.02, format: .generic, box: nil),
        ]
        let (reconciled, features) = ExpressServiceCode.reconciled(
            candidates, features: [[1], [2]], tags: ["8C5V0WN"], limit: 5)
        #expect(reconciled.map(\.serial) == ["8C5V0WN", "8CSV0WN", "P100G003"])
        #expect(reconciled[0].confidence == ExpressServiceCode.repaired && reconciled[0].repairs == 1)
        #expect(reconciled[1].confidence == ExpressServiceCode.overruled)
        #expect(features == [[1], [1], [2]])
    }

    @Test func aTagTheCodeSpellsIsConfirmed() {
        let (reconciled, _) = ExpressServiceCode.reconciled(
            [Self.dell("JX3QK72", 0.4), Self.dell("5RFDP01", 0.3)], features: [], tags: ["5RFDP01"], limit: 5)
        #expect(reconciled.map(\.serial) == ["5RFDP01", "JX3QK72"])
        #expect(reconciled[0].confidence == ExpressServiceCode.confirmed)
    }

    @Test func aCodeThatSpellsNothingNearChangesNothing() {
        // A code read wrong (or another device's) spells an unrelated tag; one character off but not by a
        // look-alike (X for 5) is no repair either.
        let candidates = [Self.dell("8CXV0WN", 0.7), Self.dell("JX3QK72", 0.2)]
        let (reconciled, _) = ExpressServiceCode.reconciled(
            candidates, features: [], tags: ["8C5V0WN", "10F0GV7"], limit: 5)
        #expect(reconciled == candidates)
        #expect(ExpressServiceCode.reconciled(candidates, features: [], tags: [], limit: 5).candidates == candidates)
    }
}
