import Foundation
import Testing

@testable import LegibleOCR

/// Tesseract's word graphs read from Debian's `eng` model: the LSTM word list that Tesseract decodes `eng`
/// with even when dictionaries are off.
@Suite("Word graph")
struct WordGraphTests {
    static func eng() throws -> (model: LSTMModel, graphs: [WordGraph.Kind: WordGraph]) {
        let path = "\(try Recognizer.dataDirectory(for: ["eng"]))/eng.traineddata"
        return (try LSTMModel(contentsOf: path), try LSTMModel.wordGraphs(inFileAt: path))
    }

    static func ids(_ word: String, _ unichars: [String]) -> [Int] {
        word.map { character in unichars.firstIndex(of: String(character)) ?? -1 }
    }

    @Test func englishHoldsItsThreeGraphsOverItsLSTMCharacters() throws {
        let (model, graphs) = try Self.eng()
        #expect(Set(graphs.keys) == Set(WordGraph.Kind.allCases))
        for graph in graphs.values { #expect(graph.characterCount == model.unichars.count) }
    }

    @Test func commonWordsAreInTheWordListAndNonsenseIsNot() throws {
        let (model, graphs) = try Self.eng()
        let words = try #require(graphs[.words])
        for word in ["the", "serial", "number", "model", "assembled", "California", "Apple"] {
            #expect(words.contains(Self.ids(word, model.unichars)), "\(word)")
        }
        for word in ["qzxv", "C02XK1JCJG5J", "thee1", "serialx"] {
            #expect(!words.contains(Self.ids(word, model.unichars)), "\(word)")
        }
        // A prefix of a word is not a word unless it is one itself.
        #expect(!words.contains(Self.ids("numbe", model.unichars)))
        #expect(!words.contains([]))
    }

    @Test func theSerialModelHasNoGraphs() throws {
        let path = LSTMLineReaderTests.serialModel.appendingPathComponent("serial.traineddata").path
        #expect(try LSTMModel.wordGraphs(inFileAt: path).isEmpty)
    }

    @Test func damagedGraphsAreRejected() throws {
        var bytes: [UInt8] = [42, 0, 112, 0, 0, 0, 2, 0, 0, 0]
        #expect(throws: OCRError.self) { try WordGraph(bytes: bytes) }  // two edges promised, none there
        bytes += [UInt8](repeating: 0, count: 16)
        #expect(try WordGraph(bytes: bytes).characterCount == 112)
        bytes[0] = 41
        #expect(throws: OCRError.self) { try WordGraph(bytes: bytes) }  // wrong magic number
        // An edge leading past the graph's end.
        var far: [UInt8] = [42, 0, 112, 0, 0, 0, 1, 0, 0, 0]
        far += withUnsafeBytes(of: (UInt64(5) << 10).littleEndian) { [UInt8]($0) }
        #expect(throws: OCRError.self) { try WordGraph(bytes: far) }
        #expect(throws: OCRError.self) { try WordGraph(bytes: [42, 0, 112, 0, 0, 0, 0, 0, 0, 0]) }  // empty
    }
}
