import Foundation
import LegibleImaging
import LegibleOCR
import SerialScan
import Testing
import TestSupport

@Suite("Serial model")
struct SerialModelTests {
    @Test func theShippedModelIsFoundBesideTheBuild() throws {
        let directory = try #require(SerialModel.directory, "searched \(SerialModel.searchedDirectories)")
        #expect(FileManager.default.fileExists(atPath: "\(directory)/serial.traineddata"))
        // SwiftPM copies the module's resources beside what it builds; the source folder is the last resort.
        #expect(SerialModel.searchedDirectories.contains { $0.hasSuffix("Legible_SerialScan.resources/Models") })
    }

    @Test func scansReadWithTheSelectedModel() throws {
        let configuration = SerialScanner.recognizerConfiguration
        #expect(configuration.languages == SerialModel.recognizerConfiguration(for: SerialModel.selected).languages)
        #expect(SerialModel.defaultChoice == .serialThenEng)
        #expect(configuration.pageSegmentationMode == .singleLine)
        #expect(configuration.collectsAlternatives)
        #expect(!configuration.usesDictionaries)
        let serial = SerialModel.recognizerConfiguration(for: .serial)
        #expect(serial.dataPath == SerialModel.directory)
        // Every model skips Tesseract's fixed-pitch test (same readings, less time: see SerialModel).
        for model in SerialModel.Choice.allCases {
            #expect(SerialModel.recognizerConfiguration(for: model).variables["textord_disable_pitch_test"] == "1")
        }
    }

    /// The model reads serial lines with their captions, with per-symbol alternatives for the grammar's
    /// repairs.
    @Test func readsASerialLineWithAlternatives() throws {
        let recognizer = try Recognizer(configuration: SerialModel.recognizerConfiguration(for: .serial))
        let line = try Image(contentsOf: Fixtures.image("text/serial-line.png").path)
        let result = try recognizer.recognize(line, mode: .singleLine)
        let text = result.text.filter { !$0.isWhitespace }
        #expect(text.contains("C02XK1JC"), "read \(result.text)")
        let symbols = result.lines.flatMap(\.words).flatMap(\.symbols)
        #expect(symbols.count >= 12)
        #expect(symbols.allSatisfy { (0...1).contains($0.confidence) })
        #expect(symbols.contains { !$0.alternatives.isEmpty })
    }

    /// Tesseract loads an engine's languages from one folder; the serial model ships beside the build and
    /// `eng` comes from the system, so the pair is read through a folder of links to both.
    @Test func theSerialModelAndEngReadTogether() throws {
        let configuration = SerialModel.recognizerConfiguration(for: .serialThenEng)
        #expect(configuration.languages == ["serial", "eng"])
        let folder = try #require(configuration.dataPath)
        for name in ["serial.traineddata", "eng.traineddata"] {
            #expect(FileManager.default.fileExists(atPath: "\(folder)/\(name)"), "\(folder) lacks \(name)")
        }
        // Made once: a second call names the same folder.
        #expect(SerialModel.recognizerConfiguration(for: .serialThenEng).dataPath == folder)
        let recognizer = try Recognizer(configuration: configuration)
        let line = try Image(contentsOf: Fixtures.image("text/serial-line.png").path)
        let text = try recognizer.recognize(line, mode: .singleLine).text.filter { !$0.isWhitespace }
        #expect(text.contains("C02XK1JC"), "read \(text)")
    }

    /// Tesseract tries `eng` on the words the serial model is unsure of (most of an English paragraph); asked to
    /// keep the first language's readings it reads as the serial model alone does, and only for that call.
    @Test func firstLanguageOnlyKeepsTheSerialModelsReadingsForOneCall() throws {
        let both = try Recognizer(configuration: SerialModel.recognizerConfiguration(for: .serialThenEng))
        let alone = try Recognizer(configuration: SerialModel.recognizerConfiguration(for: .serial))
        let prose = try Image(contentsOf: Fixtures.image("text/paragraph.png").path)
        let withEng = try both.recognize(prose, mode: .singleBlock).text
        let serialAlone = try alone.recognize(prose, mode: .singleBlock).text
        try #require(withEng != serialAlone, "eng changed nothing: \(withEng)")
        #expect(try both.recognize(prose, mode: .singleBlock, firstLanguageOnly: true).text == serialAlone)
        #expect(try both.recognize(prose, mode: .singleBlock).text == withEng)
        // One language: nothing to leave out.
        #expect(try alone.recognize(prose, mode: .singleBlock, firstLanguageOnly: true).text == serialAlone)
    }

    @Test func aMissingModelNamesTheFolderSearched() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-serial-model-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let error = #expect(throws: OCRError.self) {
            try Recognizer(configuration: RecognizerConfiguration(languages: ["serial"], dataPath: empty.path))
        }
        #expect(error == .languageDataNotFound(languages: ["serial"], searched: [empty.path]))
        #expect(error?.description.contains("serial.traineddata") == true)
        #expect(error?.description.contains(empty.path) == true)
    }
}
