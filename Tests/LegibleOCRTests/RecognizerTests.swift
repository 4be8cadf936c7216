import Foundation
import LegibleImaging
import LegibleOCR
import Testing
import TestSupport

@Suite("Recognizer")
struct RecognizerTests {
    /// The `tesseract` command's output for a file, with its page separator removed.
    static func cliText(_ path: String, psm: Int) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tesseract")
        process.arguments = [path, "stdout", "--psm", String(psm), "--oem", "1", "-l", "eng"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\u{0C}") { text.removeLast() }
        return text
    }

    @Test(
        "Text equals the tesseract command's on the same image and settings",
        arguments: ["text/paragraph.png", "text/serial-line.png", "text/invoice.jpg", "text/dark-mode.png"],
        [PageSegmentationMode.automatic, .singleBlock])
    func matchesTheCommandLine(_ file: String, mode: PageSegmentationMode) throws {
        let path = Fixtures.image(file).path
        let recognizer = try Recognizer(configuration: RecognizerConfiguration(collectsAlternatives: false))
        let result = try recognizer.recognize(Image(contentsOf: path), mode: mode)
        #expect(result.text == (try Self.cliText(path, psm: mode.rawValue)))
        #expect(!result.text.isEmpty)
    }

    @Test func collectingAlternativesDoesNotChangeTheText() throws {
        let image = try Image(contentsOf: Fixtures.image("text/paragraph.png").path)
        let plain = try Recognizer(configuration: RecognizerConfiguration(collectsAlternatives: false))
        let rich = try Recognizer(configuration: RecognizerConfiguration(collectsAlternatives: true))
        #expect(try plain.recognize(image).text == rich.recognize(image).text)
    }

    @Test func readsLinesWordsSymbolsAndBoxes() throws {
        let image = try Image(contentsOf: Fixtures.image("text/paragraph.png").path)
        let result = try Recognizer().recognize(image)
        #expect(result.lines.map(\.text) == [
            "The quick brown fox jumps over", "the lazy dog near the river bank.", "Pack my box with five dozen jugs.",
        ])
        #expect(result.meanConfidence > 0.8)
        let first = try #require(result.lines.first)
        #expect(first.words.map(\.text) == ["The", "quick", "brown", "fox", "jumps", "over"])
        // Lines go down the page; words go right along a line; every box is inside the image.
        #expect(zip(result.lines, result.lines.dropFirst()).allSatisfy { $0.box.y < $1.box.y })
        #expect(zip(first.words, first.words.dropFirst()).allSatisfy { $0.box.maxX <= $1.box.x })
        for word in result.words {
            #expect(word.box.intersection(image.bounds) == word.box)
            #expect(word.symbols.map(\.text).joined() == word.text)
            #expect((0...1).contains(word.confidence))
            for symbol in word.symbols { #expect(word.box.intersection(symbol.box) == symbol.box) }
        }
    }

    @Test func givesAlternativesForConfusableSymbols() throws {
        let image = try Image(contentsOf: Fixtures.image("text/serial-line.png").path)
        let recognizer = try Recognizer(configuration: RecognizerConfiguration(usesDictionaries: false))
        let result = try recognizer.recognize(image, mode: .singleLine)
        let serial = try #require(result.words.last)
        #expect(serial.text.count == 12)
        #expect(serial.symbols.allSatisfy { !$0.alternatives.isEmpty })
        for symbol in serial.symbols {
            #expect(symbol.alternatives.allSatisfy { (0...1).contains($0.score) })
            #expect(zip(symbol.alternatives, symbol.alternatives.dropFirst()).allSatisfy { $0.score >= $1.score })
        }
        // The zero of C02 is the kind of symbol a serial reader needs a second reading for.
        let zero = serial.symbols[1]
        #expect(zero.alternatives.contains { $0.text == "0" })
    }

    @Test func recognisesARegionAndReportsBoxesInImageCoordinates() throws {
        let image = try Image(contentsOf: Fixtures.image("text/paragraph.png").path)
        let recognizer = try Recognizer()
        let whole = try recognizer.recognize(image)
        let second = try #require(whole.lines.dropFirst().first)
        let region = second.box.insetBy(dx: -6, dy: -6)
        let part = try recognizer.recognize(image, in: region, mode: .singleLine)
        let line = try #require(part.lines.first)
        #expect(line.text == second.text)
        #expect(abs(line.box.x - second.box.x) <= 2 && abs(line.box.y - second.box.y) <= 2)
        #expect(throws: OCRError.self) {
            try recognizer.recognize(image, in: PixelRect(x: 10_000, y: 0, width: 10, height: 10))
        }
    }

    @Test func blankAndTinyImagesGiveNoText() throws {
        let recognizer = try Recognizer()
        let blank = try recognizer.recognize(Image.blank(width: 300, height: 100))
        #expect(blank.lines.isEmpty && blank.text.isEmpty && blank.meanConfidence == 0)
        let tiny = try recognizer.recognize(Image.blank(width: 2, height: 2, gray: 0))
        #expect(tiny.lines.isEmpty)
    }

    @Test func reusesOneEngineAcrossImages() throws {
        let recognizer = try Recognizer()
        let images = try ["text/paragraph.png", "text/invoice.jpg", "text/paragraph.png"].map {
            try Image(contentsOf: Fixtures.image($0).path)
        }
        let texts = try images.map { try recognizer.recognize($0).text }
        #expect(texts[0] == texts[2])
        #expect(texts[1].contains("Invoice"))
    }

    // MARK: Configuration errors

    @Test func missingLanguageDataNamesThePathsSearched() {
        let error = #expect(throws: OCRError.self) {
            try Recognizer(configuration: RecognizerConfiguration(dataPath: "/nonexistent/tessdata"))
        }
        #expect(error == .languageDataNotFound(languages: ["eng"], searched: ["/nonexistent/tessdata"]))
        #expect(error?.description.contains("/nonexistent/tessdata") == true)

        let unknown = #expect(throws: OCRError.self) {
            try Recognizer(configuration: RecognizerConfiguration(languages: ["xxq"]))
        }
        guard case .languageDataNotFound(let languages, let searched) = unknown else {
            Issue.record("got \(String(describing: unknown))")
            return
        }
        #expect(languages == ["xxq"])
        #expect(searched.contains("/usr/share/tesseract-ocr/5/tessdata"))
    }

    @Test func rejectsBadLanguagesAndVariables() throws {
        #expect(throws: OCRError.self) { try Recognizer(configuration: RecognizerConfiguration(languages: [])) }
        #expect(throws: OCRError.self) {
            try Recognizer(configuration: RecognizerConfiguration(languages: ["../../etc/passwd"]))
        }
        #expect(throws: OCRError.invalidConfiguration("Tesseract has no variable named \"no_such_variable\"")) {
            try Recognizer(configuration: RecognizerConfiguration(variables: ["no_such_variable": "1"]))
        }
        let recognizer = try Recognizer()
        #expect(throws: OCRError.self) { try recognizer.setVariable("no_such_variable", to: "1") }
        try recognizer.setVariable("tessedit_char_blacklist", to: "|")
    }

    @Test func damagedLanguageDataFailsCleanly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("legible-tessdata-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not trained data".utf8).write(to: directory.appendingPathComponent("eng.traineddata"))
        #expect(throws: OCRError.initializationFailed(languages: ["eng"], dataPath: directory.path)) {
            try Recognizer(configuration: RecognizerConfiguration(dataPath: directory.path))
        }
    }

    @Test func reportsTheTesseractVersion() {
        #expect(Recognizer.tesseractVersion.hasPrefix("5."))
    }
}

@Suite("Recognizer line hand-off")
struct RecognizerHandOffTests {
    @Test func theHookIsInPlaceOnLinux() {
        #if os(Linux)
        #expect(Recognizer.handOffIsHooked)
        #endif
    }

    @Test func storingLineImagesUncompressedReadsTheSame() throws {
        let image = try Image(contentsOf: Fixtures.image("text/serial-line.png").path)
        var results: [RecognitionResult] = []
        var handOffs: [Int] = []
        for uncompressed in [false, true] {
            let recognizer = try Recognizer(
                configuration: RecognizerConfiguration(
                    usesDictionaries: false, storesLineImagesUncompressed: uncompressed))
            let before = Recognizer.uncompressedHandOffsOnThisThread
            results.append(try recognizer.recognize(image, mode: .singleLine))
            handOffs.append(Recognizer.uncompressedHandOffsOnThisThread - before)
        }
        #expect(!results[0].text.isEmpty)
        #expect(results[0] == results[1])
        #expect(handOffs[0] == 0)
        if Recognizer.handOffIsHooked { #expect(handOffs[1] >= 1) }
    }

    @Test func lineImagesGoOverRawAndComeBackTheSame() throws {
        #if os(Linux)
        // Widths that end mid-word at 1 and 8 bits a pixel, pixels that differ from row to row.
        for width in [1, 7, 31, 33, 101] {
            let gray = try Image(
                width: width, height: 9, format: .gray8,
                pixels: (0..<(width * 9)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 / width) })
            for image in [gray, try gray.binarizedOtsu()] {
                let (back, bytes) = try Recognizer.handOffRoundTrip(image)
                #expect(Array(bytes.prefix(4)) == Array("LGBL".utf8))
                let read = try #require(back)
                #expect(read.hasSameWords(as: image), "width \(width), depth \(image.depth)")
            }
        }
        #endif
    }

    @Test func damagedRawLineImagesReadAsNothing() throws {
        #if os(Linux)
        let image = try Image(width: 40, height: 10, format: .gray8, pixels: [UInt8](repeating: 90, count: 400))
        let bytes = try Recognizer.handOffRoundTrip(image).bytes
        #expect(Recognizer.handOffRead(bytes) != nil)
        // Cut short, one byte long, a depth Leptonica does not hand over, a zero height: refused, no crash.
        #expect(Recognizer.handOffRead(Array(bytes.dropLast(3))) == nil)
        #expect(Recognizer.handOffRead(bytes + [0]) == nil)
        var depth = bytes
        depth[16] = 24
        #expect(Recognizer.handOffRead(depth) == nil)
        var empty = bytes
        empty[12] = 0
        #expect(Recognizer.handOffRead(empty) == nil)
        #expect(Recognizer.handOffRead(Array(bytes.prefix(10))) == nil)
        // A real PNG still reads through Leptonica.
        #expect(Recognizer.handOffRead(Array(try image.pngData()))?.hasSameWords(as: image) == true)
        #endif
    }

    @Test func otherPNGWritesStayCompressed() throws {
        // A blank 1000x1000 grey image: a few kilobytes compressed, a megabyte stored.
        let white = [UInt8](repeating: 255, count: 1_000_000)
        let blank = try Image(width: 1000, height: 1000, format: .gray8, pixels: white)
        let png = try blank.pngData()
        #expect(png.count < 20_000)
        #expect(try Image(data: png).width == 1000)
    }
}
