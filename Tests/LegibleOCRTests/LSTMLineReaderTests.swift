import Foundation
import LegibleImaging
import Testing
import TestSupport

@testable import LegibleOCR

/// Legible's own LSTM inference against Tesseract's engine on the same line images, model and settings (a raw
/// line, no dictionaries, alternatives on, no inverted second pass): the same words, confidences and
/// alternatives. The lines are serial-scan crops of the three kinds of photo.
@Suite("LSTM line reader")
struct LSTMLineReaderTests {
    static let lines = Fixtures.packageRoot.appendingPathComponent("Tests/LegibleOCRTests/Fixtures/Lines")
    static let serialModel = Fixtures.packageRoot.appendingPathComponent("Sources/SerialScan/Models")

    static func lineFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: lines, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }.sorted { $0.path < $1.path }
    }

    /// Tesseract's reading of a raw line with `language` from `dataPath`, with `extra` start-up variables.
    static func tesseract(_ language: String, dataPath: String?, extra: [String: String] = [:]) throws -> Recognizer {
        try Recognizer(
            configuration: RecognizerConfiguration(
                languages: [language], dataPath: dataPath, pageSegmentationMode: .rawLine, usesDictionaries: false,
                collectsAlternatives: true, initVariables: extra.merging(["tessedit_do_invert": "0"]) { $1 }))
    }

    static func compare(_ mine: RecognizedLine?, _ theirs: RecognizedLine?, _ file: String) {
        #expect(mine?.text == theirs?.text, "\(file)")
        guard let mine, let theirs, mine.words.count == theirs.words.count else { return }
        for (a, b) in zip(mine.words, theirs.words) {
            #expect(abs(a.confidence - b.confidence) < 0.011, "\(file) word \(b.text)")
            guard a.symbols.count == b.symbols.count else {
                Issue.record("\(file) word \(b.text): \(a.symbols.count) symbols, Tesseract \(b.symbols.count)")
                continue
            }
            for (x, y) in zip(a.symbols, b.symbols) {
                #expect(x.text == y.text && abs(x.confidence - y.confidence) < 0.011, "\(file) symbol \(y.text)")
                #expect(x.alternatives.map(\.text) == y.alternatives.map(\.text), "\(file) symbol \(y.text)")
                for (p, q) in zip(x.alternatives, y.alternatives) {
                    #expect(abs(p.score - q.score) < 0.011, "\(file) alternative \(q.text) of \(y.text)")
                }
            }
        }
    }

    @Test func readsAsTesseractDoesWithTheSerialModel() throws {
        let reader = try LSTMLineReader(modelPath: Self.serialModel.appendingPathComponent("serial.traineddata").path)
        let engine = try Self.tesseract("serial", dataPath: Self.serialModel.path)
        let files = try Self.lineFiles()
        #expect(files.count >= 6)
        for file in files {
            let image = try Image(contentsOf: file.path)
            let theirs = try engine.recognize(image).lines.first
            Self.compare(try reader.read(image), theirs, file.lastPathComponent)
        }
    }

    /// Debian's `eng` reads as Tesseract reads it once Tesseract's LSTM word lists are kept out
    /// (`lstm_use_matrix=0`): the reader decodes without them.
    @Test func readsAsTesseractDoesWithEnglishWithoutItsWordLists() throws {
        let eng = try Recognizer.dataDirectory(for: ["eng"])
        let reader = try LSTMLineReader(modelPath: "\(eng)/eng.traineddata")
        let engine = try Self.tesseract("eng", dataPath: eng, extra: ["lstm_use_matrix": "0"])
        for file in try Self.lineFiles() {
            let image = try Image(contentsOf: file.path)
            Self.compare(try reader.read(image), try engine.recognize(image).lines.first, file.lastPathComponent)
        }
    }

    static let wordListLines = Fixtures.packageRoot.appendingPathComponent(
        "Tests/LegibleOCRTests/Fixtures/WordListLines")

    /// The serial-scan crops and the rendered captions and prose of `Fixtures/WordListLines`.
    static func englishLineFiles() throws -> [URL] {
        let rendered = try FileManager.default.contentsOfDirectory(at: wordListLines, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }.sorted { $0.path < $1.path }
        return try lineFiles() + rendered
    }

    /// Debian's `eng` with its LSTM word lists reads as Tesseract's default engine reads it (the word lists
    /// loaded, `lstm_use_matrix=1`), and without them as Tesseract with `lstm_use_matrix=0`.
    @Test(arguments: [true, false])
    func readsAsTesseractDoesWithEnglish(usesWordLists: Bool) throws {
        let eng = try Recognizer.dataDirectory(for: ["eng"])
        let reader = try LSTMLineReader(modelPath: "\(eng)/eng.traineddata", usesWordLists: usesWordLists)
        #expect(reader.usesWordLists == usesWordLists)
        let engine = try Self.tesseract("eng", dataPath: eng, extra: ["lstm_use_matrix": usesWordLists ? "1" : "0"])
        let files = try Self.englishLineFiles()
        #expect(files.count >= 30)
        for file in files {
            let image = try Image(contentsOf: file.path)
            Self.compare(try reader.read(image), try engine.recognize(image).lines.first, file.lastPathComponent)
        }
    }

    /// The kernels without AVX2 (what a processor without it runs) read exactly as with it.
    @Test func readsTheSameWithoutAVX2() throws {
        let reader = try LSTMLineReader(modelPath: Self.serialModel.appendingPathComponent("serial.traineddata").path)
        let images = try Self.lineFiles().map { try Image(contentsOf: $0.path) }
        let fast = try images.map { try reader.read($0) }
        LSTMForward.allowAVX2(false)
        defer { LSTMForward.allowAVX2(true) }
        let portable = try images.map { try reader.read($0) }
        #expect(fast == portable)
        #expect(fast.compactMap { $0 }.count >= 5, "most lines read something, so the comparison compares words")
    }

    @Test func damagedModelsAreRefusedWithTheReason() throws {
        let path = Self.serialModel.appendingPathComponent("serial.traineddata").path
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Cut inside the network: the reader names what it was reading.
        #expect {
            _ = try LSTMModel(bytes: Array(bytes.prefix(5000)))
        } throws: { error in
            guard case OCRError.modelFormat(let reason) = error else { return false }
            return reason.contains("needs") || reason.contains("spans")
        }
        // A component count far beyond Tesseract's 24.
        var counted = bytes
        counted[0] = 0xff; counted[1] = 0xff
        #expect(throws: OCRError.self) { _ = try LSTMModel(bytes: counted) }
        // No bytes, not a model, a missing file.
        #expect(throws: OCRError.self) { _ = try LSTMModel(bytes: []) }
        #expect(throws: OCRError.self) { _ = try LSTMModel(bytes: Array("not a model at all".utf8)) }
        #expect {
            _ = try LSTMLineReader(modelPath: "/nonexistent/serial.traineddata")
        } throws: { error in
            guard case OCRError.modelFormat(let reason) = error else { return false }
            return reason.contains("/nonexistent/serial.traineddata")
        }
    }

    /// Bytes changed at random through the network (weights, scales, shapes): the model is refused or reads
    /// something; nothing traps.
    @Test func corruptedModelsNeverCrash() throws {
        let path = Self.serialModel.appendingPathComponent("serial.traineddata").path
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let line = try Image(contentsOf: try Self.lineFiles()[0].path)
        var random = SplitMix(seed: 7)
        for _ in 0..<24 {
            var damaged = bytes
            for _ in 0..<8 {
                let at = 196 + Int(random.next() % UInt64(min(bytes.count - 196, 400_000)))
                damaged[at] = UInt8(truncatingIfNeeded: random.next())
            }
            guard let model = try? LSTMModel(bytes: damaged) else { continue }
            var forward = LSTMForward(model: model)
            if let input = try? LSTMLineInput.activations(for: line, height: model.inputHeight) {
                _ = try? forward.probabilities(for: input)
            }
        }
    }

    @Test func linesTooSmallOrTooLongAreRefused() throws {
        let reader = try LSTMLineReader(modelPath: Self.serialModel.appendingPathComponent("serial.traineddata").path)
        #expect(throws: OCRError.self) { _ = try reader.read(try Image.blank(width: 1, height: 1, gray: 255)) }
        // 36 rows high, so as many columns at the model's height as in the image: past the limit.
        let long = try Image.blank(width: LSTMLineReader.maximumWidth + 10, height: 36, gray: 255)
        #expect {
            _ = try reader.read(long)
        } throws: { error in
            guard case OCRError.invalidInput(let reason) = error else { return false }
            return reason.contains("\(LSTMLineReader.maximumWidth)")
        }
        // A blank line reads as nothing, not as noise.
        #expect(try reader.read(try Image.blank(width: 300, height: 40, gray: 255)) == nil)
    }
}
