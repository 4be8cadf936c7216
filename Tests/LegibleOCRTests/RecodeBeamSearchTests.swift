import Foundation
@testable import LegibleOCR
import Testing
import TestSupport

/// Softmax lines and Tesseract's readings of them (fixture files written by a dump script from the numpy
/// reference of the serial model's forward pass, and from `tesseract --psm 13 -l serial -c lstm_choice_mode=2
/// -c hocr_char_boxes=1` hOCR).
struct RecodeBeamFixture: Decodable {
    /// What hOCR reports for a symbol.
    struct Symbol: Decodable {
        var text: String
        /// `x_conf`.
        var confidence: Float
        /// The `ChoiceIterator` list: text and `x_confs`.
        var choices: [[ChoiceValue]]
    }

    /// A JSON array element that is a string or a number.
    enum ChoiceValue: Decodable {
        case text(String)
        case number(Float)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { self = .text(text) } else {
                self = .number(try container.decode(Float.self))
            }
        }
    }

    /// What hOCR reports for a word.
    struct Word: Decodable {
        /// `x_wconf` (truncated to an integer by Tesseract).
        var confidence: Int
        var symbols: [Symbol]
    }

    /// One line.
    struct Line: Decodable {
        var name: String
        var timesteps: Int
        /// Offset of the line's first value in the `.f32` file, in floats.
        var offset: Int
        var text: String
        var words: [Word]
    }

    var classCount: Int
    var nullClass: Int
    var unicharIDs: [Int]
    var unicharset: [String]
    var lines: [Line]

    /// Loads `<base>.json` and `<base>.f32` (little-endian Float32, lines back to back).
    static func load(_ base: URL) throws -> (RecodeBeamFixture, [Float]) {
        let fixture = try JSONDecoder().decode(
            RecodeBeamFixture.self, from: Data(contentsOf: base.appendingPathExtension("json")))
        let bytes = try Data(contentsOf: base.appendingPathExtension("f32"))
        var values = [Float](repeating: 0, count: bytes.count / 4)
        values.withUnsafeMutableBytes { _ = bytes.copyBytes(to: $0) }
        return (fixture, values.map { Float(bitPattern: UInt32(littleEndian: $0.bitPattern)) })
    }

    /// The committed fixture of five serial lines.
    static func serialLines() throws -> (RecodeBeamFixture, [Float]) {
        try load(Fixtures.packageRoot.appendingPathComponent("Tests/LegibleOCRTests/Fixtures/RecodeBeamSerialLines"))
    }

    /// Decodes every line and checks text, word and symbol confidences and choices against Tesseract's.
    /// Returns the names of lines that differ, with the first difference.
    func mismatches(_ probabilities: [Float]) throws -> [String] {
        let search = try RecodeBeamSearch(nullClass: nullClass, unicharIDs: unicharIDs)
        var problems: [String] = []
        for line in lines {
            let slice = Array(probabilities[line.offset..<(line.offset + line.timesteps * classCount)])
            let result = try search.decode(slice, includeChoices: true)
            if let problem = compare(result, line) { problems.append("\(line.name): \(problem)") }
        }
        return problems
    }

    /// The first difference between a decode and Tesseract's hOCR, or nil.
    private func compare(_ result: RecodeBeamResult, _ line: Line) -> String? {
        let texts = result.words.map { word in word.characters.map { unicharset[result.characters[$0].unicharID] } }
        let text = texts.map { $0.joined() }.joined(separator: " ")
        guard text == line.text else { return "text \(text.debugDescription) ≠ \(line.text.debugDescription)" }
        for (word, expected) in zip(result.words, line.words) {
            guard Int(word.confidence) == expected.confidence else {
                return "word conf \(word.confidence) ≠ \(expected.confidence)"
            }
            for (offset, symbol) in expected.symbols.enumerated() {
                let character = result.characters[word.characters.lowerBound + offset]
                guard abs(character.confidence - symbol.confidence) < 0.01 else {
                    return "symbol \(symbol.text) conf \(character.confidence) ≠ \(symbol.confidence)"
                }
                let choices = word.symbolChoices[offset]
                let expectedChoices: [(String, Float)] = symbol.choices.compactMap { pair in
                    guard pair.count == 2, case .text(let text) = pair[0], case .number(let value) = pair[1] else {
                        return nil
                    }
                    return (text, value)
                }
                let ours = choices.map { (unicharset[$0.unicharID], $0.confidence) }
                guard ours.count == expectedChoices.count,
                      zip(ours, expectedChoices).allSatisfy({ $0.0 == $1.0 && abs($0.1 - $1.1) < 0.01 })
                else { return "choices of \(symbol.text) at \(offset): \(ours) ≠ \(expectedChoices)" }
            }
        }
        return nil
    }
}

@Suite("RecodeBeamSearch")
struct RecodeBeamSearchTests {
    // A toy model: classes space, a, b, c, d and the null. The null's unichar id (1) puts it second in the
    // recoder's code order, as in Tesseract's unicharsets.
    static let space = 0, a = 1, b = 2, c = 3, d = 4, null = 5
    static let ids = [0, 3, 4, 5, 6, 1]

    /// A softmax row: the given probabilities, the remaining mass over the other classes in distinct shares.
    static func row(_ given: [Int: Float]) -> [Float] {
        let others = (0..<6).filter { given[$0] == nil }
        let rest = 1 - given.values.reduce(0, +)
        let weights = others.indices.map { Float(others.count - $0) }
        let total = weights.reduce(0, +)
        var row = [Float](repeating: 0, count: 6)
        for (class_, p) in given { row[class_] = p }
        for (i, class_) in others.enumerated() { row[class_] = rest * weights[i] / total }
        return row
    }

    /// A node certainty as Tesseract computes it: `(logf(p) + certOffset) × dictRatio`.
    static func cert(_ p: Float) -> Float {
        Float(Double(logf(p)) + -0.085) * 2.25
    }

    static func decode(_ rows: [[Float]]) throws -> RecodeBeamResult {
        try RecodeBeamSearch(nullClass: null, unicharIDs: ids).decode(rows.flatMap { $0 })
    }

    @Test func collapsesRepeatsAndDropsNulls() throws {
        let result = try Self.decode([
            Self.row([Self.a: 0.9]), Self.row([Self.a: 0.9]), Self.row([Self.null: 0.9]),
            Self.row([Self.b: 0.9]), Self.row([Self.b: 0.9]),
        ])
        #expect(result.unicharIDs == [3, 4])
        #expect(result.characters.map(\.startTimestep) == [0, 3])
        #expect(result.characters.map(\.endTimestep) == [2, 5])
        #expect(result.words.map(\.characters) == [0..<2])
    }

    @Test func aRepeatNeedsANullBetween() throws {
        let separated = try Self.decode([
            Self.row([Self.a: 0.9]), Self.row([Self.null: 0.9]), Self.row([Self.a: 0.9]),
        ])
        #expect(separated.unicharIDs == [3, 3])
        let adjacent = try Self.decode([Self.row([Self.a: 0.9]), Self.row([Self.a: 0.9])])
        #expect(adjacent.unicharIDs == [3])
    }

    /// The null is the argmax at both steps, so greedy decoding reads nothing. The "only duplicate" node
    /// scores a at step 0 as ln(0.40 + 0.55), and its duplicate at step 1 as ln 0.40: −0.97 in all, against
    /// 2 ln 0.55 = −1.20 for two nulls (the offsets are the same on both paths).
    @Test func summedProbabilityEmitsACharacterGreedyDecodingWouldNot() throws {
        let step = Self.row([Self.null: 0.55, Self.a: 0.40])
        #expect(try Self.decode([step]).unicharIDs == [])
        let result = try Self.decode([step, step])
        #expect(result.unicharIDs == [3])
        // Its certainty is the lower of its two nodes: the duplicate's.
        #expect(result.characters.first?.certainty == Self.cert(0.40))
    }

    /// Path: null, a, a (duplicate scored ln(0.5 + 0.05) as the "no duplicate" variant), null, b.
    /// a's certainty is the minimum over the leading null, its node and its duplicate; b's over the null
    /// before it and itself.
    @Test func certaintyIsTheMinimumOverTheRun() throws {
        let result = try Self.decode([
            Self.row([Self.null: 0.95]),
            Self.row([Self.a: 0.9, Self.null: 0.02]),
            Self.row([Self.a: 0.5, Self.null: 0.05, Self.b: 0.3]),
            Self.row([Self.null: 0.7, Self.c: 0.2, Self.a: 0.01]),
            Self.row([Self.b: 0.9, Self.null: 0.04]),
        ])
        #expect(result.unicharIDs == [3, 4])
        #expect(result.characters.map(\.certainty) == [Self.cert(0.55), Self.cert(0.7)])
        #expect(result.characters.map(\.startTimestep) == [1, 4])
        #expect(result.characterBoundaries == [0, 3, 5])
    }

    /// "a b": the null before the space counts for a, the space has its own certainty, and each word's
    /// certainty also includes the spaces beside it.
    @Test func splitsWordsAtSpaces() throws {
        let result = try Self.decode([
            Self.row([Self.a: 0.95]),
            Self.row([Self.null: 0.6, Self.b: 0.15, Self.a: 0.02]),
            Self.row([Self.space: 0.7, Self.null: 0.2, Self.b: 0.01]),
            Self.row([Self.null: 0.8, Self.c: 0.12, Self.space: 0.01, Self.b: 0.02]),
            Self.row([Self.b: 0.9, Self.null: 0.03]),
        ])
        #expect(result.unicharIDs == [3, 0, 4])
        #expect(result.characters.map(\.certainty) == [Self.cert(0.6), Self.cert(0.7), Self.cert(0.8)])
        #expect(result.characters.map(\.startTimestep) == [0, 2, 4])
        #expect(result.characterBoundaries == [0, 1, 3, 5])
        #expect(result.words.map(\.characters) == [0..<1, 2..<3])
        #expect(result.words.map(\.hasLeadingSpace) == [false, true])
        #expect(result.words.map(\.certainty) == [Self.cert(0.6), Self.cert(0.7)])
        let confidence = try #require(result.words.first?.confidence)
        #expect(abs(confidence - (100 + 35 * Self.cert(0.6))) < 1e-4)
    }

    /// Three spaces after a word: the second space starts a word of its own, which Tesseract does not report.
    @Test func leavesOutWordsOfSpacesOnly() {
        let characters = [3, 0, 0, 0].enumerated().map { index, id in
            RecodeBeamCharacter(unicharID: id, certainty: -Float(index + 1), rating: Float(index + 1),
                                startTimestep: index, endTimestep: index + 1)
        }
        let words = RecodeBeamSearch.words(characters, choices: nil)
        #expect(words.map(\.characters) == [0..<1])
        // The word's certainty still includes the space after it.
        #expect(words.first?.certainty == -2)
    }

    @Test func rejectsMalformedInput() throws {
        #expect(throws: RecodeBeamSearch.InputError.invalidNullClass) {
            try RecodeBeamSearch(nullClass: 6, unicharIDs: Self.ids)
        }
        let search = try RecodeBeamSearch(nullClass: Self.null, unicharIDs: Self.ids)
        #expect(throws: RecodeBeamSearch.InputError.invalidShape(count: 7, classCount: 6)) {
            try search.decode([Float](repeating: 0, count: 7))
        }
        let empty = try search.decode([], includeChoices: true)
        #expect(empty.characters.isEmpty && empty.words.isEmpty && empty.characterBoundaries.isEmpty)
    }

    @Test func matchesTesseractOnRealLines() throws {
        let (fixture, probabilities) = try RecodeBeamFixture.serialLines()
        #expect(fixture.lines.count == 5)
        #expect(try fixture.mismatches(probabilities) == [])
    }
}
