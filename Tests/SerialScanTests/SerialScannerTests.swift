import Foundation
import LegibleImaging
import LegibleOCR
import SerialScan
import Testing
import TestSupport

@Suite("Serial scanner")
struct SerialScannerTests {
    static let scanner: SerialScanner = try! SerialScanner(engines: 1)

    @Test func readsACaptionedSerialLine() async throws {
        let data = try Fixtures.bytes("text/serial-line.png")
        let result = try await Self.scanner.scan(imageData: data, preset: .sticker, deviceType: .macbook)
        let top = try #require(result.top)
        // Tesseract reads this font's J as an I about as often as not; the true serial is among the first three.
        #expect(result.candidates.prefix(3).contains { $0.serial == "C02XK1JCJG5J" })
        #expect(top.format == .apple12)
        #expect(top.captioned)
        #expect(zip(result.candidates, result.candidates.dropFirst()).allSatisfy { $0.confidence >= $1.confidence })
        #expect(result.preset == .sticker)
        #expect(result.timings.total >= result.timings.recognize)
        let box = try #require(top.box)
        let image = try Image(data: data)
        #expect(box.intersection(image.bounds) != nil)
    }

    @Test func aTimeLimitStopsTheReadingAndSaysSo() throws {
        // A limit already spent reads nothing and says why; a limit never reached changes nothing.
        let data = try Fixtures.bytes("text/serial-line.png")
        let recognizer = try Recognizer(configuration: SerialScanner.recognizerConfiguration)
        func scan(_ limit: Duration?) throws -> SerialScanResult {
            try SerialScanner.scan(
                imageData: data, preset: .sticker, deviceType: .macbook, recognizer: recognizer,
                options: SerialScanOptions(timeLimit: limit))
        }
        let stopped = try scan(.zero)
        #expect(stopped.reachedTimeLimit)
        #expect(stopped.candidates.isEmpty && stopped.lines.isEmpty)
        #expect(stopped.reason == "the time limit was reached before a serial number was read")
        let generous = try scan(.seconds(600)), unlimited = try scan(nil)
        #expect(!generous.reachedTimeLimit && !unlimited.reachedTimeLimit)
        #expect(generous.candidates.map(\.serial) == unlimited.candidates.map(\.serial))
        #expect(generous.candidates.prefix(3).contains { $0.serial == "C02XK1JCJG5J" })
    }

    @Test func withoutADeviceTypeTheSameAnswersComeWithTheUnhintedConfidences() throws {
        // The confidence model was fitted on scans with a device type; without one, its scores are reported
        // through `SerialRanker.unhinted`, which changes no answer and no order.
        let data = try Fixtures.bytes("text/serial-line.png")
        let recognizer = try Recognizer(configuration: SerialScanner.recognizerConfiguration)
        var asFitted = SerialRanker.standard
        asFitted.unhinted = .identity
        func scan(_ ranker: SerialRanker) throws -> SerialScanResult {
            try SerialScanner.scan(
                imageData: data, preset: .sticker, deviceType: nil, recognizer: recognizer,
                options: SerialScanOptions(), ranker: ranker)
        }
        let raw = try scan(asFitted), reported = try scan(.standard)
        #expect(!raw.candidates.isEmpty)
        #expect(raw.candidates.map(\.serial) == reported.candidates.map(\.serial))
        for (before, after) in zip(raw.candidates, reported.candidates) {
            #expect(abs(SerialRanker.standard.unhinted(before.confidence) - after.confidence) < 1e-12)
        }
        // A scan with a device type reports the model's own scores.
        let hinted = try SerialScanner.scan(
            imageData: data, preset: .sticker, deviceType: .macbook, recognizer: recognizer,
            options: SerialScanOptions(), ranker: asFitted)
        let hintedStandard = try SerialScanner.scan(
            imageData: data, preset: .sticker, deviceType: .macbook, recognizer: recognizer,
            options: SerialScanOptions())
        #expect(hinted.candidates.map(\.confidence) == hintedStandard.candidates.map(\.confidence))
    }

    @Test func aDellTagTheExpressServiceCodeSpellsIsConfirmed() async throws {
        // "Service Tag 8C5V0WN" above "Express Service Code: 181 496 983 91", the tag in decimal: on its own
        // the tag scores about 0.26 (its 0 is read as O and repaired by the grammar).
        let result = try await Self.scanner.scan(
            imageData: Fixtures.bytes("text/dell-label.png"), preset: .sticker, deviceType: .other)
        let top = try #require(result.top)
        #expect(top.serial == "8C5V0WN")
        #expect(top.format == .dell)
        #expect(top.confidence >= 0.95)
    }

    @Test func photosFromTheIndependentGeneratorAreRead() async throws {
        // A Dell tag with a vowel (E2WZKCP), which the grammar once left out, an About window's Apple serial
        // with no digit (DLXXWPYQEURR), which was taken for a word, and two plates of faint light engraving
        // whose serial rows were read inverted (ImageVariant.holdsLightText).
        for (file, device, serial) in [
            ("sticker_029.jpg", DeviceType.other, "E2WZKCP"), ("screen_012.jpg", DeviceType.macbook, "DLXXWPYQEURR"),
            ("etched_014.jpg", DeviceType.ipad, "YM8C6EFMFFCG"), ("etched_026.jpg", DeviceType.macbook, "5UV4C1QMY9"),
        ] {
            let result = try await Self.scanner.scan(
                imageData: Fixtures.bytes("serials-independent/\(file)"), preset: .auto, deviceType: device)
            #expect(result.top?.serial == serial, "\(file)")
        }
    }

    @Test func aPhoneCamerasFullSizePhotoIsReadAtHalfSizeWithBoxesInItsOwnPixels() async throws {
        // A 12 MP photo (4032 pixels long) is decoded at half size (`SerialScanOptions.photoDecoding`); the
        // answer's box must still be in the photo's own pixels, where the same label's box is at native size.
        let native = try Fixtures.bytes("serials/sticker_000.jpg")
        let photo = try Image(data: native)
        let scale = 4032 / Double(max(photo.width, photo.height))
        let large = try photo.scaled(by: scale)
        let nativeResult = try await Self.scanner.scan(imageData: native, preset: .sticker, deviceType: .other)
        let largeResult = try await Self.scanner.scan(
            imageData: large.jpegData(quality: 92), preset: .sticker, deviceType: .other)
        let small = try #require(nativeResult.top?.box), big = try #require(largeResult.top?.box)
        #expect(largeResult.top?.serial == "448413C8JQU" && nativeResult.top?.serial == "448413C8JQU")
        let tolerance = Double(large.width) / 50
        #expect(abs(Double(big.x) - Double(small.x) * scale) < tolerance, "\(big) against \(small) x \(scale)")
        #expect(abs(Double(big.maxY) - Double(small.maxY) * scale) < tolerance)
        #expect(abs(Double(big.width) - Double(small.width) * scale) < tolerance)
        #expect(largeResult.lines.allSatisfy { $0.box.intersection(large.bounds) != nil })
    }

    @Test func aScreenshotFullOfIDsIsReadUpToItsSerialsRow() async throws {
        // macOS System Information, dark mode, as the Mac saves it: seventeen rows of model numbers, versions,
        // UUIDs and the serial, all about as serial-like. The serial's row is the scan's 14th reading.
        let result = try await Self.scanner.scan(
            imageData: Fixtures.bytes("screenshots/screenshot_022.png"), preset: .auto, deviceType: .macbook)
        #expect(result.top?.serial == "F17G8CBN3ZAQ")
        #expect((result.top?.confidence ?? 0) > 0.9)
    }

    @Test func readsAHEICPhotoAsItsJPEG() async throws {
        // The iPhone camera's default format: the same label as HEIC gives the same answer.
        let result = try await Self.scanner.scan(
            imageData: Fixtures.bytes("text/sticker-photo.heic"), preset: .sticker, deviceType: .other)
        #expect(result.top?.serial == "448413C8JQU")
    }

    @Test func readsLightTextOnADarkScreen() async throws {
        let data = try Fixtures.bytes("text/dark-mode.png")
        let result = try await Self.scanner.scan(imageData: data, preset: .auto)
        #expect(result.top?.serial == "FVFDG2Y3Q6L4")
        #expect(result.preset == .screen)
    }

    /// Light engraving on mid-grey brushed metal: the photo's mean grey calls it dark text, so the lines are
    /// found in the dark halo around the strokes; each line is read with the polarity of its own crop and the
    /// top-hat along the rows, which drops the metal's streaks. The serial line must be found and read as
    /// the captioned answer; one character may be misread (Tesseract's reading of a faint Z or 7 flips with
    /// any change to the crop), a wrong polarity or a lost line reads nothing like it.
    @Test(arguments: [("etched_001.jpg", "NV15GZSLZ6"), ("etched_019.jpg", "65FGG74AAQ78")])
    func readsLightEngravingOnBrushedMetal(file: String, serial: String) async throws {
        let data = try Fixtures.bytes("serials/\(file)")
        let result = try await Self.scanner.scan(imageData: data, preset: .etched, deviceType: .ipad)
        let top = try #require(result.top)
        #expect(top.serial.count == serial.count)
        #expect(zip(top.serial, serial).filter { $0 != $1 }.count <= 1, "read \(top.serial)")
        #expect(top.captioned)
    }

    /// A printed label whose grey statistics pass for brushed metal: `auto` guesses `etched`, whose pipeline
    /// ends unsure, so the other presets read the photo too and their confident answer is reported. (Until
    /// 2026-11-28 this was `screen_024`; the scan now reads that photo confidently as etched.)
    @Test func autoTriesTheOtherPresetsWhenItsGuessEndsUnsure() async throws {
        let data = try Fixtures.bytes("serials/sticker_005.jpg")
        #expect(PresetClassifier.standard.classify(try SerialScanner.presetFeatures(imageData: data)) == .etched)
        let guessed = try await Self.scanner.scan(imageData: data, preset: .etched, deviceType: .other)
        #expect((guessed.top?.confidence ?? 0) < 0.6)
        let result = try await Self.scanner.scan(imageData: data, preset: .auto, deviceType: .other)
        #expect(result.top?.serial == "RG0R6F8OBIE")
        // Its reader offered rivals for some characters (SerialRanker.rivalPenalty), so not near-certain.
        #expect((result.top?.confidence ?? 0) > 0.8)
        #expect(result.lines.count > guessed.lines.count)
    }

    /// A label ID with a capital O among digits, in a proportional face: both readers say 0 with confidence
    /// 0.99; the glyph's width says O.
    @Test func aWideRoundGlyphAmongDigitsIsAnO() async throws {
        let data = try Fixtures.bytes("serials/sticker_035.jpg")
        let result = try await Self.scanner.scan(imageData: data, preset: .sticker, deviceType: .other)
        #expect(result.top?.serial == "RQIN61OJ086")
    }

    /// A "Serial No." caption line with an IMEI line under it and the serial below that: the IMEI line read
    /// garbled under the caption scored 0.66, above the stop level, and ended the scan before the serial's own
    /// line was read. Below 0.85, an answer read only in the bands after a caption must be read twice to end
    /// the scan.
    @Test func aGarbledReadingUnderACaptionDoesNotEndTheScan() async throws {
        let data = try Fixtures.bytes("serials/etched_006.jpg")
        let result = try await Self.scanner.scan(imageData: data, preset: .auto, deviceType: .iphone)
        #expect(result.candidates.prefix(3).contains { $0.serial == "2D3GRSLB2W2V" })
        #expect(result.lines.count > 5)
    }

    @Test func aPhotoWithoutASerialGivesNoCandidatesAndSaysWhy() async throws {
        let text = try await Self.scanner.scan(imageData: Fixtures.bytes("text/paragraph.png"))
        #expect(text.candidates.isEmpty)
        #expect(text.reason?.contains("none of it reads as a serial") == true)

        let blank = try Image.blank(width: 640, height: 480, gray: 200).pngData()
        let empty = try await Self.scanner.scan(imageData: blank)
        #expect(empty.candidates.isEmpty)
        #expect(empty.reason == "the image is blank")
    }

    @Test func badImagesGiveClearErrors() async throws {
        await #expect(throws: SerialScanError.image(.empty)) { try await Self.scanner.scan(imageData: Data()) }
        await #expect(throws: SerialScanError.image(.unsupportedFormat(detected: "PDF"))) {
            try await Self.scanner.scan(imageData: Data("%PDF-1.7 not a photo".utf8))
        }
        let huge = JPEGFixtures.pngHeaderOnly(width: 30_000, height: 30_000)
        await #expect(throws: SerialScanError.image(.tooManyPixels(width: 30_000, height: 30_000, limit: 40_000_000))) {
            try await Self.scanner.scan(imageData: huge)
        }
        let truncated = try Fixtures.bytes("text/invoice.jpg").prefix(500)
        let error = await #expect(throws: SerialScanError.self) { try await Self.scanner.scan(imageData: truncated) }
        guard case .image(.damaged(format: .jpeg, _)) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test func tinyAndOddlyShapedImagesDoNotCrash() async throws {
        for (width, height) in [(1, 1), (3, 500), (500, 3), (2000, 8)] {
            let data = try Image.blank(width: width, height: height, gray: 90).pngData()
            let result = try await Self.scanner.scan(imageData: data)
            #expect(result.candidates.isEmpty)
        }
    }
}

@Suite("Serial scan preview")
struct SerialScanPreviewTests {
    @Test func outlinesTheChosenSerialAndMarksWrongAnswers() async throws {
        let data = try Fixtures.bytes("text/serial-line.png")
        let image = try Image(data: data)
        let result = try await SerialScannerTests.scanner.scan(imageData: data, preset: .sticker)
        let box = try #require(result.top?.box)
        let preview = try SerialScanPreview.render(image, result: result)
        #expect(preview.width == image.width && preview.height == image.height)
        // The outline sits 3 pixels outside the candidate's box, on its bottom edge.
        let green: UInt32 = 20 << 24 | 160 << 16 | 60 << 8
        let edgeY = box.maxY + 2
        let greens = (box.x..<box.maxX).filter { preview.pixel(x: $0, y: edgeY) == green }.count
        #expect(greens > box.width / 2)

        let wrong = try SerialScanPreview.render(image, result: result, expected: "NOTTHESERIAL")
        let red: UInt32 = 220 << 24 | 30 << 16 | 30 << 8
        let reds = (box.x..<box.maxX).filter { wrong.pixel(x: $0, y: edgeY) == red }.count
        #expect(reds > box.width / 2)
    }
}

/// Photos taken sideways and serials carried by codes.
@Suite("Serial scanner: orientation and codes")
struct SerialScannerOrientationTests {
    @Test(arguments: [1, 3])
    func aSidewaysPhotoIsReadTurnedBack(quarterTurns: Int) async throws {
        let upright = try Image(data: try Fixtures.bytes("text/serial-line.png"))
        let sideways = try upright.rotated(quarterTurns: quarterTurns)
        let result = try await SerialScannerTests.scanner.scan(
            imageData: try sideways.pngData(), preset: .sticker, deviceType: .macbook)
        #expect(result.candidates.prefix(3).contains { $0.serial == "C02XK1JCJG5J" })
        // Turned a quarter clockwise, the photo reads after three more quarters, and the other way round.
        #expect(result.rotation == (4 - quarterTurns) * 90)
        // The box is in the sideways photo's pixels: a line running up or down it.
        let box = try #require(result.top?.box)
        #expect(box.height > box.width * 3, "\(box)")
        #expect(box.intersection(sideways.bounds) == box)
    }

    @Test func anUprightPhotoIsNotTurned() async throws {
        let data = try Fixtures.bytes("text/serial-line.png")
        let result = try await SerialScannerTests.scanner.scan(imageData: data, preset: .sticker, deviceType: .macbook)
        #expect(result.rotation == 0)
    }

    @Test func aSerialOnlyACodeCarriesIsACandidateFromTheCode() async throws {
        let data = try Fixtures.bytes("codes/qr-serial.png")
        let result = try await SerialScannerTests.scanner.scan(imageData: data, preset: .sticker, deviceType: .macbook)
        let top = try #require(result.top)
        #expect(top.serial == "C02XK1ABJGH5")
        #expect(top.sources == [.barcode])
        // Read from the code alone: likely, not near certain.
        #expect(top.confidence >= 0.8 && top.confidence < 0.9)
        #expect(result.codes.map(\.payload) == ["C02XK1ABJGH5"])
    }
}
