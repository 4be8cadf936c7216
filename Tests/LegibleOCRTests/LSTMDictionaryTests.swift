import Foundation
import Testing
import TestSupport

@testable import LegibleOCR

/// The walk over Debian's `eng` word lists: words, numbers and the punctuation around them.
@Suite("LSTM dictionary")
struct LSTMDictionaryTests {
    static func english() throws -> (LSTMDictionary, [String: Int]) {
        let path = "\(try Recognizer.dataDirectory(for: ["eng"]))/eng.traineddata"
        let model = try LSTMModel(contentsOf: path)
        let graphs = try LSTMModel.wordGraphs(inFileAt: path)
        let dictionary = try #require(LSTMDictionary(graphs: graphs, properties: model.unicharProperties))
        var ids: [String: Int] = [:]
        for (id, text) in model.unichars.enumerated() where ids[text] == nil { ids[text] = id }
        return (dictionary, ids)
    }

    static func unichars(_ text: String, _ ids: [String: Int]) -> [Int] {
        text.map { ids[String($0)] ?? -1 }
    }

    @Test func wordsWithTheirPunctuationAreDictionaryWords() throws {
        let (dictionary, ids) = try Self.english()
        for word in ["Serial", "number", "(build", "water.", "California", "isn't"] {
            #expect(dictionary.validWord(Self.unichars(word, ids)) == .systemWord, "\(word)")
        }
        // Not words; numbers and punctuation alone are not dictionary words either.
        for word in ["Seria1", "C02XK1ZJJG5H", "2020", "(", "Xqzv"] {
            #expect(dictionary.validWord(Self.unichars(word, ids)) == .none, "\(word)")
        }
    }

    @Test func eachLetterCarriesTheListThatAcceptsIt() throws {
        let (dictionary, ids) = try Self.english()
        func permuters(_ text: String) -> [Permuter] {
            var active = dictionary.initialPositions
            var updated: [LSTMDictionary.Position] = []
            var permuter = Permuter.none
            var result: [Permuter] = []
            for unichar in Self.unichars(text, ids) {
                dictionary.advance(active, unichar: unichar, wordEnd: false, permuter: &permuter, updated: &updated)
                result.append(permuter)
                swap(&active, &updated)
            }
            return result
        }
        #expect(permuters("(the") == [.punctuation, .systemWord, .systemWord, .systemWord])
        #expect(permuters("405)").allSatisfy { $0 == .number })
        #expect(permuters("qzxj").last == Permuter.none)
        // The space never continues a word.
        var updated: [LSTMDictionary.Position] = []
        var permuter = Permuter.systemWord
        #expect(!dictionary.advance(dictionary.initialPositions, unichar: 0, wordEnd: false, permuter: &permuter,
                                    updated: &updated))
        #expect(permuter == .none && updated.isEmpty)
    }

    @Test func theStopperAllowsLongDictionaryWordsMore() throws {
        let (dictionary, ids) = try Self.english()
        #expect(dictionary.caseIsValid(Self.unichars("Serial", ids)))
        #expect(dictionary.caseIsValid(Self.unichars("SERIAL", ids)))
        #expect(!dictionary.caseIsValid(Self.unichars("SeRial", ids)))
        #expect(!dictionary.caseIsValid(Self.unichars("a", ids)))
        #expect(dictionary.shortestLetterRun(Self.unichars("well-made", ids)) == 4)
        #expect(dictionary.shortestLetterRun(Self.unichars("2020", ids)) == 0)
        #expect(dictionary.acceptanceAllowance(Self.unichars("replacement", ids)) == -4.5)
        #expect(dictionary.acceptanceAllowance(Self.unichars("in", ids)) == 0)
        #expect(dictionary.acceptanceAllowance(Self.unichars("C02XK1ZJJG5H", ids)) == 0)
    }

    @Test func aModelWithoutWordListsHasNoDictionary() throws {
        let path = LSTMLineReaderTests.serialModel.appendingPathComponent("serial.traineddata").path
        let model = try LSTMModel(contentsOf: path)
        #expect(LSTMDictionary(graphs: try LSTMModel.wordGraphs(inFileAt: path), properties: model.unicharProperties)
            == nil)
        #expect(try !LSTMLineReader(modelPath: path, usesWordLists: true).usesWordLists)
    }
}
