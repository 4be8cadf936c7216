import LegibleImaging
import Testing

@testable import SerialScan

@Suite("Serial scan pipeline")
struct SerialScanPipelineTests {
    static func result(_ preset: SerialPreset, _ candidates: [(String, Double)], recognize: Double)
        -> SerialScanResult
    {
        var timings = SerialScanTimings()
        timings.recognize = recognize
        var result = SerialScanResult(
            candidates: candidates.map { SerialCandidate(serial: $0.0, confidence: $0.1, format: .generic, box: nil) },
            preset: preset, timings: timings, reason: candidates.isEmpty ? "no text was found" : nil,
            lines: [
                SerialScanLine(text: preset.rawValue, box: PixelRect(x: 0, y: 0, width: 1, height: 1), confidence: 1)
            ])
        result.candidateFeatures = candidates.map { [$0.1] }
        return result
    }

    @Test func linesAreReadMostSerialLikeFirstThenTallestFirst() {
        func line(_ likeness: Double, height: Int, y: Int) -> TextLineCandidate {
            TextLineCandidate(
                box: PixelRect(x: 0, y: y, width: height * 10, height: height), characters: [], characterHeight: height,
                lightText: false, serialLikeness: likeness)
        }
        let lines = [
            line(1, height: 12, y: 0), line(0.1, height: 40, y: 50), line(1, height: 20, y: 100),
            line(0.85, height: 30, y: 150),
        ]
        let order = SerialScanPipeline.readingOrder(lines)
        #expect(order.map(\.box.y) == [100, 0, 150])
    }

    @Test func passesMergeByConfidenceAndTheLeadingPassNamesThePreset() {
        let guess = Self.result(.etched, [("H80031Q100", 0.35), ("BCGA1322", 0.06)], recognize: 100)
        let screen = Self.result(.screen, [("H80031Q100X", 0.54), ("H80031Q100", 0.2)], recognize: 40)
        let sticker = Self.result(.sticker, [], recognize: 30)
        let merged = SerialScanPipeline.merged([guess, screen, sticker], limit: 2)
        #expect(merged.candidates.map(\.serial) == ["H80031Q100X", "H80031Q100"])
        // A serial two passes found keeps its higher confidence, and its features stay with it.
        #expect(merged.candidates[1].confidence == 0.35)
        #expect(merged.candidateFeatures == [[0.54], [0.35]])
        #expect(merged.preset == .screen)
        #expect(merged.timings.recognize == 170)
        #expect(merged.lines.map(\.text) == ["etched", "screen", "sticker"])
        #expect(merged.reason == nil)
    }

    @Test func passesThatReadOneCharacterDifferentlyAreACloseCall() {
        // The guessed pass read the label's U; the metal pass read it as 0, sure of itself.
        let guess = Self.result(.sticker, [("U8R5VGCGSB", 0.35)], recognize: 1)
        let metal = Self.result(.etched, [("08R5VGCGSB", 0.92)], recognize: 1)
        let merged = SerialScanPipeline.merged([guess, metal], limit: 5)
        #expect(merged.candidates.map(\.serial) == ["08R5VGCGSB", "U8R5VGCGSB"])
        #expect(abs((merged.top?.confidence ?? 0) - 0.92 * SerialScanPipeline.closeCallBetweenPasses) < 1e-9)
        // Answers further apart are not a close call.
        let far = Self.result(.etched, [("08R5VGCGS8", 0.92)], recognize: 1)
        let apart = SerialScanPipeline.merged([guess, far], limit: 5)
        #expect(apart.top?.confidence == 0.92)
    }

    @Test func aLeaderAnotherPassContinuesByOneCharacterIsACloseCall() {
        // One pass lost the faint last character of the line; another read it.
        let cut = Self.result(.screen, [("9Q6WFWU06", 0.46)], recognize: 1)
        let whole = Self.result(.etched, [("9Q6WFWU06F", 0.33)], recognize: 1)
        let merged = SerialScanPipeline.merged([cut, whole], limit: 5)
        #expect(merged.candidates.map(\.serial) == ["9Q6WFWU06F", "9Q6WFWU06"])
        #expect(abs(merged.candidates[1].confidence - 0.46 * SerialScanPipeline.closeCallBetweenPasses) < 1e-9)
        // A character more at the start, or a leader longer than the rival, is no such case.
        let front = Self.result(.etched, [("X9Q6WFWU06", 0.33)], recognize: 1)
        #expect(SerialScanPipeline.merged([cut, front], limit: 5).top?.confidence == 0.46)
        let longer = Self.result(.etched, [("9Q6WFWU0", 0.33)], recognize: 1)
        #expect(SerialScanPipeline.merged([cut, longer], limit: 5).top?.confidence == 0.46)
    }

    @Test func passesThatFoundNothingKeepTheGuessAndItsReason() {
        let merged = SerialScanPipeline.merged(
            [Self.result(.sticker, [], recognize: 1), Self.result(.etched, [], recognize: 1)], limit: 5)
        #expect(merged.candidates.isEmpty)
        #expect(merged.preset == .sticker)
        #expect(merged.reason == "no text was found")
    }

    @Test func theTurnThatReadsWordsIsTheRightWayUp() {
        func pass(_ rotation: Int, _ lines: [String], _ serial: String, _ confidence: Double) -> SerialScanResult {
            var result = SerialScanResult(
                candidates: [SerialCandidate(serial: serial, confidence: confidence, format: .generic, box: nil)],
                preset: .etched, timings: SerialScanTimings(), reason: nil,
                lines: lines.map { SerialScanLine(text: $0, box: PixelRect(x: 0, y: 0, width: 9, height: 9), confidence: 0.8) })
            result.rotation = rotation
            return result
        }
        // The same plate read the right way up and upside down: the upside-down junk scores higher.
        let upright = pass(270, ["Designed by Apple in California Model A2337", "Serial No. H4TCD1W6G8WN"], "H4TCD1W6G8WN", 0.8)
        let upsideDown = pass(90, ["NMBD9M1DDTH ·oN lepaS", "LEEZY lapow"], "NMBD9M1DDTH", 0.95)
        let kept = SerialScanPipeline.rightWayUp([upsideDown, upright])
        #expect(kept.map(\.rotation) == [270])
        #expect(SerialScanPipeline.merged(kept, limit: 5).top?.serial == "H4TCD1W6G8WN")
        // With no known word on either side, nothing is dropped.
        let plain = [pass(90, ["X7Q2"], "A", 0.5), pass(270, ["Q2X7"], "B", 0.4)]
        #expect(SerialScanPipeline.rightWayUp(plain).count == 2)
    }
}
