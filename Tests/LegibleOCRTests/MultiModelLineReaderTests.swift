import Foundation
import LegibleImaging
import Testing
import TestSupport

@testable import LegibleOCR

/// Tesseract's single-line reading (`--psm 7`) rebuilt from its layout and Legible's LSTM inference: the
/// boxes the engine's LSTM reads, and several models read as an engine of several languages reads them.
@Suite("Multi-model line reader")
struct MultiModelLineReaderTests {
    static let serialPath = LSTMLineReaderTests.serialModel.appendingPathComponent("serial.traineddata").path

    /// A single-line engine of `languages` from `dataPath`, as scans configure one (no dictionaries, no
    /// inverted second pass, the first language accepted above a certainty of -5), with Tesseract's LSTM word
    /// lists kept out (the readers decode without them).
    static func engine(_ languages: [String], dataPath: String) throws -> Recognizer {
        try Recognizer(
            configuration: RecognizerConfiguration(
                languages: languages, dataPath: dataPath, pageSegmentationMode: .singleLine, usesDictionaries: false,
                collectsAlternatives: true, variables: ["stopper_nondict_certainty_base": "-5"],
                initVariables: ["tessedit_do_invert": "0", "lstm_use_matrix": "0"]))
    }

    /// A folder holding both the serial model and `eng` (an engine loads all its languages from one folder).
    static func bothModels() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legible-mmlr-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, source) in [
            ("serial", serialPath), ("eng", "\(try Recognizer.dataDirectory(for: ["eng"]))/eng.traineddata"),
        ] {
            let link = folder.appendingPathComponent("\(name).traineddata").path
            // Tests run in parallel: another may make the link between the check and the call.
            do {
                if !FileManager.default.fileExists(atPath: link) {
                    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: source)
                }
            } catch {
                if !FileManager.default.fileExists(atPath: link) { throw error }
            }
        }
        return folder.path
    }

    static func words(_ text: String?) -> [Substring] { (text ?? "").split(separator: " ") }

    @Test func readingTheLayoutsBoxesReadsAsSingleLineModeDoes() throws {
        let engine = try Self.engine(["serial"], dataPath: LSTMLineReaderTests.serialModel.path)
        let reader = MultiModelLineReader(models: [.init(reader: try LSTMLineReader(modelPath: Self.serialPath))])
        for file in try LSTMLineReaderTests.lineFiles() {
            let image = try Image(contentsOf: file.path)
            let boxes = try engine.singleLineReadingBoxes(in: image)
            #expect(!boxes.isEmpty, "\(file.lastPathComponent)")
            for box in boxes { #expect(box.intersection(image.bounds) == box, "\(file.lastPathComponent) \(box)") }
            let theirs = try engine.recognize(image).lines.map(\.text).joined(separator: " ")
            let mine = try reader.read(image, boxes: boxes)
            #expect(Self.words(mine?.text) == Self.words(theirs), "\(file.lastPathComponent)")
        }
    }

    /// With the serial model first and `eng` second, each line reads as the two-language engine reads it, up to
    /// a trailing word: Tesseract's passes after recognition (fuzzy spaces, rejection) may drop a last word of
    /// noise that the models' comparison kept (one fixture: `S F` against `S F ],h_`).
    @Test func twoModelsReadAsATwoLanguageEngine() throws {
        let folder = try Self.bothModels()
        let engine = try Self.engine(["serial", "eng"], dataPath: folder)
        let reader = MultiModelLineReader(models: [
            .init(reader: try LSTMLineReader(modelPath: "\(folder)/serial.traineddata"), acceptanceCertainty: -5),
            .init(reader: try LSTMLineReader(modelPath: "\(folder)/eng.traineddata")),
        ])
        for file in try LSTMLineReaderTests.lineFiles() {
            let image = try Image(contentsOf: file.path)
            let theirs = try engine.recognize(image).lines.map(\.text).joined(separator: " ")
            let mine = Self.words(try reader.read(image, boxes: try engine.singleLineReadingBoxes(in: image))?.text)
            #expect(!mine.isEmpty && Array(mine.prefix(Self.words(theirs).count)) == Self.words(theirs),
                "\(file.lastPathComponent): \(mine) against \(theirs)")
            #expect(mine.count <= Self.words(theirs).count + 1, "\(file.lastPathComponent)")
        }
    }

    /// With `eng` reading with its word lists (the engine's default, `lstm_use_matrix=1`), the two models read
    /// the serial crops and the rendered captions word for word as the two-language engine does. On these
    /// lines the serial model's words are often not accepted, so `eng`'s dictionary words and their lowered
    /// acceptance decide (with `eng` read without word lists, 17 of these 46 lines read otherwise).
    @Test func twoModelsWithWordListsReadAsATwoLanguageEngine() throws {
        let folder = try Self.bothModels()
        let engine = try Recognizer(
            configuration: RecognizerConfiguration(
                languages: ["serial", "eng"], dataPath: folder, pageSegmentationMode: .singleLine,
                usesDictionaries: false, collectsAlternatives: true,
                variables: ["stopper_nondict_certainty_base": "-5"], initVariables: ["tessedit_do_invert": "0"]))
        let reader = MultiModelLineReader(models: [
            .init(reader: try LSTMLineReader(modelPath: "\(folder)/serial.traineddata"), acceptanceCertainty: -5),
            .init(reader: try LSTMLineReader(modelPath: "\(folder)/eng.traineddata", usesWordLists: true)),
        ])
        var dictionaryWords = 0
        let files = try LSTMLineReaderTests.englishLineFiles()
        #expect(files.count >= 30)
        for file in files {
            let image = try Image(contentsOf: file.path)
            let theirs = Self.words(try engine.recognize(image).lines.map(\.text).joined(separator: " "))
            let boxes = try engine.singleLineReadingBoxes(in: image)
            let mine = Self.words(try reader.read(image, boxes: boxes)?.text)
            #expect(!mine.isEmpty && mine == theirs, "\(file.lastPathComponent): \(mine) against \(theirs)")
            dictionaryWords += try reader.models[1].reader.readWords(image).filter(\.permuter.isDictionaryWord).count
        }
        #expect(dictionaryWords >= 30, "the lines exercise the dictionary clause")
    }

    /// A blank line is laid out as one empty box (as Tesseract's single-line mode lays it out), which reads as
    /// nothing; an image too small to lay out has no boxes.
    @Test func aBlankImageReadsAsNothing() throws {
        let engine = try Self.engine(["serial"], dataPath: LSTMLineReaderTests.serialModel.path)
        let reader = MultiModelLineReader(models: [.init(reader: try LSTMLineReader(modelPath: Self.serialPath))])
        let blank = try Image.blank(width: 300, height: 60)
        let boxes = try engine.singleLineReadingBoxes(in: blank)
        #expect(try reader.read(blank, boxes: boxes) == nil)
        #expect(try engine.recognize(blank).lines.isEmpty)
        let tiny = try Image.blank(width: 2, height: 2, gray: 0)
        #expect(try engine.singleLineReadingBoxes(in: tiny).isEmpty)
    }

    @Test func aBoxOutsideTheImageIsRejected() throws {
        let reader = MultiModelLineReader(models: [.init(reader: try LSTMLineReader(modelPath: Self.serialPath))])
        let image = try Image.blank(width: 100, height: 40)
        #expect(throws: OCRError.self) {
            try reader.read(image, boxes: [PixelRect(x: 200, y: 0, width: 10, height: 10)])
        }
        #expect(try reader.read(image, boxes: []) == nil)
    }

    // MARK: Look-alikes the first model settles

    static func scored(_ text: String, x: Int) -> LSTMScoredWord {
        let symbols = text.enumerated().map { index, character in
            RecognizedSymbol(
                text: String(character), box: PixelRect(x: x + index * 10, y: 0, width: 9, height: 12),
                confidence: 0.9, alternatives: [])
        }
        let word = RecognizedWord(
            text: text, box: PixelRect(x: x, y: 0, width: text.count * 10, height: 12), confidence: 0.9,
            symbols: symbols)
        return LSTMScoredWord(word: word, certainty: -1, rating: 1)
    }

    @Test func theFirstModelSettlesOnlyItsPairsInTheSameWord() throws {
        let reader = MultiModelLineReader(
            models: [.init(reader: try LSTMLineReader(modelPath: Self.serialPath))], firstModelSettles: [("S", "5")])
        let first = [Self.scored("Serial", x: 0), Self.scored("E5UHMEAVY7", x: 80)]
        // S/5 comes from the first model's word over the same columns; the other difference (B/8) stays.
        #expect(reader.settled(Self.scored("ESUHMEAVY7", x: 80), by: first).word.text == "E5UHMEAVY7")
        #expect(reader.settled(Self.scored("ESUHMEAV87", x: 82), by: first).word.text == "E5UHMEAV87")
        // No word of the first reading over those columns with as many symbols: left as read.
        #expect(reader.settled(Self.scored("ESUHMEAVY7", x: 300), by: first).word.text == "ESUHMEAVY7")
        #expect(reader.settled(Self.scored("ESUHMEAVY", x: 80), by: first).word.text == "ESUHMEAVY")
        // A reader that settles nothing keeps Tesseract's choice.
        let plain = MultiModelLineReader(models: reader.models)
        #expect(plain.settled(Self.scored("ESUHMEAVY7", x: 80), by: first).word.text == "ESUHMEAVY7")
    }

    /// The two-language engine of scans, and its models read as it reads them (`plain`) and with the serial
    /// model settling S/5 (`settling`); the serial model is accepted above -4, as scans accept it
    /// (`LineReading.firstModelAcceptance`).
    static func plainAndSettlingReaders() throws
        -> (engine: Recognizer, plain: MultiModelLineReader, settling: MultiModelLineReader)
    {
        let folder = try bothModels()
        let models: [MultiModelLineReader.Model] = [
            .init(reader: try LSTMLineReader(modelPath: "\(folder)/serial.traineddata"), acceptanceCertainty: -4),
            .init(reader: try LSTMLineReader(modelPath: "\(folder)/eng.traineddata", usesWordLists: true)),
        ]
        return (
            try engine(["serial", "eng"], dataPath: folder), MultiModelLineReader(models: models),
            MultiModelLineReader(models: models, firstModelSettles: [("S", "5")])
        )
    }

    /// Two screen crops (`Fixtures/LookAlikeLines`, from the main and independent sets) whose serials hold a 5
    /// that `eng` reads S and whose `eng` words win Tesseract's selection: settled by the serial model, the 5
    /// comes back and nothing else changes.
    @Test func theSerialModelSettlesAFiveEngReadAsS() throws {
        let (engine, plain, settling) = try Self.plainAndSettlingReaders()
        let expected = ["screen_016": "H4HT5RNGB2XP", "independent-screen_004": "E5UHMEAVY7"]
        let folderURL = Fixtures.packageRoot.appendingPathComponent("Tests/LegibleOCRTests/Fixtures/LookAlikeLines")
        let files = try FileManager.default.contentsOfDirectory(at: folderURL, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }
        #expect(files.count == expected.count)
        for file in files {
            let serial = try #require(expected.first { file.lastPathComponent.hasPrefix($0.key + "-") }?.value)
            let image = try Image(contentsOf: file.path)
            let boxes = try engine.singleLineReadingBoxes(in: image)
            let before = Self.words(try plain.read(image, boxes: boxes)?.text)
            let after = Self.words(try settling.read(image, boxes: boxes)?.text)
            #expect(before.contains { $0 == serial.replacingOccurrences(of: "5", with: "S") }, "\(before)")
            #expect(after == before.map { $0.contains(where: \.isNumber) ? Substring(serial) : $0 }, "\(after)")
        }
    }

    /// On the fixture lines, settling S/5 changes no word but at an S or a 5 the serial model reads otherwise.
    @Test func settlingChangesOnlyThePairsCharacters() throws {
        let (engine, plain, settling) = try Self.plainAndSettlingReaders()
        for file in try LSTMLineReaderTests.englishLineFiles() + LSTMLineReaderTests.lineFiles() {
            let image = try Image(contentsOf: file.path)
            let boxes = try engine.singleLineReadingBoxes(in: image)
            let before = Self.words(try plain.read(image, boxes: boxes)?.text)
            let after = Self.words(try settling.read(image, boxes: boxes)?.text)
            #expect(before.count == after.count, "\(file.lastPathComponent)")
            for (old, new) in zip(before, after) where old != new {
                let swaps = zip(old, new).filter { $0 != $1 }
                #expect(old.count == new.count && swaps.allSatisfy { Set([$0, $1]) == ["S", "5"] },
                    "\(file.lastPathComponent): \(old) -> \(new)")
            }
        }
    }

    // MARK: Choosing between two readings (Tesseract's SelectBestWords)

    static func reading(_ text: String, _ left: Int, _ right: Int, certainty: Float, rating: Float)
        -> MultiModelLineReader.Reading
    {
        let word = RecognizedWord(
            text: text, box: PixelRect(x: left, y: 0, width: right - left, height: 10), confidence: 0.5, symbols: [])
        return .init(word: LSTMScoredWord(word: word, certainty: certainty, rating: rating), acceptance: -5)
    }

    @Test func aSurerAndBetterRatedWordReplacesTheOneItCovers() {
        var best = [
            Self.reading("5N", 0, 20, certainty: -1, rating: 4), Self.reading("C02X", 30, 80, certainty: -8, rating: 9),
        ]
        let new = [
            Self.reading("SN", 0, 20, certainty: -2, rating: 3), Self.reading("CO2X", 30, 80, certainty: -3, rating: 5),
        ]
        let gain = MultiModelLineReader.select(new, into: &best)
        // The first word is better rated but less sure: kept. The second is both: replaced.
        #expect(best.map(\.word.word.text) == ["5N", "CO2X"])
        #expect(gain == 0)
    }

    @Test func wordsWhoseBreaksDoNotLineUpAreComparedAsOneRun() {
        let split = [
            Self.reading("AB", 0, 20, certainty: -6, rating: 8), Self.reading("CD", 25, 50, certainty: -6, rating: 8),
        ]
        var best = split
        let new = [Self.reading("ABCD", 0, 50, certainty: -1, rating: 2)]
        #expect(MultiModelLineReader.select(new, into: &best) == 1)
        #expect(best.map(\.word.word.text) == ["ABCD"])
        var sure = [Self.reading("ABCD", 0, 50, certainty: -1, rating: 2)]
        #expect(MultiModelLineReader.select(split, into: &sure) == -1)
        #expect(sure.map(\.word.word.text) == ["ABCD"])
    }

    /// Tesseract 5.3 scores each run once (`EvaluateWordSpan`): a wide word that two new words cover counts
    /// once, so new words rated 6 + 5 lose to it rated 10 (counting it again while the run is searched would
    /// make it 20 and let them win).
    @Test func aRunCountsEachWordOnce() {
        var best = [Self.reading("ABCDEF", 0, 100, certainty: -3, rating: 10)]
        let new = [
            Self.reading("ABC", 0, 40, certainty: -2, rating: 6),
            Self.reading("DEF", 60, 100, certainty: -2, rating: 5),
        ]
        #expect(MultiModelLineReader.select(new, into: &best) == -1)
        #expect(best.map(\.word.word.text) == ["ABCDEF"])
    }

    /// A run of dictionary words replaces a run that is not, though less sure, while its rating is under 1.5
    /// times and its certainty within 5.5 of the other's; past either limit it does not.
    @Test func dictionaryWordsWinWithinTheRatioAndMargin() {
        func dictionary(_ certainty: Float, _ rating: Float) -> MultiModelLineReader.Reading {
            var reading = Self.reading("Serial", 0, 50, certainty: certainty, rating: rating)
            reading.word.permuter = .systemWord
            return reading
        }
        let plain = Self.reading("5eria1", 0, 50, certainty: -2, rating: 10)
        var best = [plain]
        #expect(MultiModelLineReader.select([dictionary(-7, 14.9)], into: &best) == 1)
        #expect(best.map(\.word.word.text) == ["Serial"])
        best = [plain]
        #expect(MultiModelLineReader.select([dictionary(-7, 15.1)], into: &best) == -1)
        best = [plain]
        #expect(MultiModelLineReader.select([dictionary(-7.6, 12)], into: &best) == -1)
        // Numbers and punctuation are not dictionary words.
        var number = dictionary(-7, 12)
        number.word.permuter = .number
        best = [plain]
        #expect(MultiModelLineReader.select([number], into: &best) == -1)
        // A dictionary word is accepted below the certainty base by its allowance.
        var allowed = dictionary(-3, 5)
        allowed.acceptance = -2.5
        #expect(!MultiModelLineReader.accepted([allowed]))
        allowed.word.acceptanceAllowance = -1
        #expect(MultiModelLineReader.accepted([allowed]))
    }

    @Test func anEmptyReadingTakesTheOtherWhole() {
        var best: [MultiModelLineReader.Reading] = []
        let new = [Self.reading("X1", 0, 20, certainty: -9, rating: 30)]
        #expect(MultiModelLineReader.select(new, into: &best) == 1)
        #expect(best.count == 1)
        var kept = new
        #expect(MultiModelLineReader.select([], into: &kept) == -1)
        #expect(kept.count == 1)
    }

    @Test func theFirstModelIsRetriedFirst() {
        #expect(MultiModelLineReader.retryOrder(count: 2, recent: 0) == [1])
        #expect(MultiModelLineReader.retryOrder(count: 2, recent: 1) == [0])
        #expect(MultiModelLineReader.retryOrder(count: 3, recent: 2) == [0, 1])
        #expect(MultiModelLineReader.retryOrder(count: 1, recent: 0) == [])
    }
}
