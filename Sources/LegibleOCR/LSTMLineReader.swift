public import LegibleImaging

/// Reads one line of text with a Tesseract LSTM model, running the network and its decoder in Legible
/// itself instead of through Tesseract's engine.
///
/// The result is what Tesseract 5.3 gives for the same image read as a raw line (`--psm 13`, the whole image
/// taken as the line, no dictionaries, `lstm_choice_mode=2`): the same characters, confidences and
/// alternatives, since the input preparation, the integer network arithmetic (with its lookup tables and the
/// convolution's pseudo-random edge) and the beam search are reproduced exactly. Tesseract spends most of a
/// line's time on per-step bookkeeping around a small network; this reader does the same arithmetic in
/// packed integer kernels. Boxes differ: Tesseract snaps each character to the ink under it, this reader
/// reports the columns the network's timesteps span, the line's full height.
///
/// Supports integer (`fast`) models with one code per character. Tesseract decodes a model that carries LSTM
/// word lists (Debian's `eng`) with them, even when dictionaries are off
/// (``RecognizerConfiguration/usesDictionaries``), unless `lstm_use_matrix=0`; a reader made with
/// `usesWordLists: true` does the same, one made without decodes as `lstm_use_matrix=0` does. Equality with
/// Tesseract is checked in tests for Legible's serial model and for `eng` both ways. A reader is immutable
/// and may be shared between threads.
public struct LSTMLineReader: Sendable {
    private let model: LSTMModel
    private let decoder: RecodeBeamSearch

    /// Whether the reader decodes with the model's word lists (false when asked to but the model has none).
    public var usesWordLists: Bool { decoder.dictionary != nil }

    /// Loads the model at `path` (a `.traineddata` file) and decodes without its word lists.
    ///
    /// - Throws: `OCRError.modelFormat` when the file is missing, damaged or of an unsupported kind (float
    ///   weights, two-dimensional LSTMs, characters of several codes).
    public init(modelPath path: String) throws(OCRError) {
        try self.init(modelPath: path, usesWordLists: false)
    }

    /// Loads the model at `path` (a `.traineddata` file); with `usesWordLists`, decodes with the model's LSTM
    /// word lists (punctuation, words, numbers) as Tesseract does by default. A model without word lists
    /// decodes without them either way.
    ///
    /// - Throws: `OCRError.modelFormat` when the file is missing, damaged or of an unsupported kind (float
    ///   weights, two-dimensional LSTMs, characters of several codes), or a word list is damaged.
    public init(modelPath path: String, usesWordLists: Bool) throws(OCRError) {
        model = try LSTMModel(contentsOf: path)
        let dictionary = usesWordLists
            ? LSTMDictionary(graphs: try LSTMModel.wordGraphs(inFileAt: path), properties: model.unicharProperties)
            : nil
        do {
            decoder = try RecodeBeamSearch(nullClass: model.nullClass, unicharIDs: model.classUnicharIDs,
                                           dictionary: dictionary)
        } catch {
            throw .modelFormat("\(path): its outputs cannot be decoded (\(error))")
        }
    }

    /// Height in pixels the model scales lines to.
    public var inputHeight: Int { model.inputHeight }

    /// Reads `line` (one line of text filling the image; any depth, read as grey). Returns nil when nothing
    /// is read. Boxes are in the image's pixels.
    ///
    /// - Parameter collectsAlternatives: whether symbols carry the decoder's alternatives.
    /// - Throws: `OCRError.invalidInput` for an image too small to read (under 2 x 2 pixels) or so long that
    ///   its network input would pass `maximumWidth` columns; `OCRError.imaging` when it cannot be scaled.
    public func read(_ line: Image, collectsAlternatives: Bool = true) throws(OCRError) -> RecognizedLine? {
        Self.line(try readWords(line, collectsAlternatives: collectsAlternatives), in: line.bounds)
    }

    /// Reads `line` as ``read(_:collectsAlternatives:)`` does, keeping each word's scores; empty when nothing
    /// is read.
    package func readWords(_ line: Image, collectsAlternatives: Bool = true) throws(OCRError) -> [LSTMScoredWord] {
        guard line.width >= 2, line.height >= 2 else {
            throw .invalidInput("a \(line.width) x \(line.height) image is too small to hold a line")
        }
        let factor = Float(model.inputHeight) / Float(line.height)
        guard Float(line.width) * factor <= Float(Self.maximumWidth) else {
            throw .invalidInput(
                "a \(line.width) x \(line.height) line would be \(Int(Float(line.width) * factor)) columns wide "
                    + "at the model's height; the limit is \(Self.maximumWidth)")
        }
        let input = try LSTMLineInput.activations(for: line, height: model.inputHeight)
        var forward = LSTMForward(model: model)
        let (steps, probabilities) = try forward.probabilities(for: input)
        guard steps > 0 else { return [] }
        let decoded: RecodeBeamResult
        do {
            decoded = try decoder.decode(probabilities, includeChoices: collectsAlternatives)
        } catch {
            throw .recognitionFailed("the decoder rejected the network's output: \(error)")
        }
        return Self.words(
            decoded, unichars: model.unichars, columnsPerStep: Double(3) / Double(factor), line: line,
            dictionary: decoder.dictionary)
    }

    /// The widest network input read, in columns at the model's height (Tesseract's own limit is far higher;
    /// a line this long is not one line of a serial or a form field).
    public static let maximumWidth = 8000

    /// The decoded characters as words and symbols: each character spans the image columns of its timesteps
    /// (`columnsPerStep` image columns each), the image's height. With the word lists the words were decoded
    /// with, each word carries its ``LSTMScoredWord/acceptanceAllowance``.
    static func words(
        _ decoded: RecodeBeamResult, unichars: [String], columnsPerStep: Double, line: Image,
        dictionary: LSTMDictionary? = nil
    ) -> [LSTMScoredWord] {
        let boundaries = decoded.characterBoundaries
        func text(_ id: Int) -> String { unichars.indices.contains(id) ? unichars[id] : "" }
        func columns(_ index: Int) -> PixelRect {
            guard boundaries.count == decoded.characters.count + 1 else {
                return PixelRect(x: 0, y: 0, width: line.width, height: line.height)
            }
            let left = Int((Double(boundaries[index]) * columnsPerStep).rounded(.down))
            let right = min(line.width, Int((Double(boundaries[index + 1]) * columnsPerStep).rounded(.up)))
            return PixelRect(x: left, y: 0, width: max(0, right - left), height: line.height)
        }
        var words: [LSTMScoredWord] = []
        for word in decoded.words {
            var symbols: [RecognizedSymbol] = []
            for (offset, index) in word.characters.enumerated() {
                let character = decoded.characters[index]
                let choices = offset < word.symbolChoices.count ? word.symbolChoices[offset] : []
                let alternatives = choices.map {
                    SymbolAlternative(text: text($0.unicharID), score: Double(min(100, max(0, $0.confidence))) / 100)
                }.sorted { $0.score > $1.score }
                symbols.append(
                    RecognizedSymbol(
                        text: text(character.unicharID), box: columns(index),
                        confidence: Double(character.confidence) / 100, alternatives: alternatives))
            }
            guard let first = symbols.first, let last = symbols.last else { continue }
            let box = PixelRect(x: first.box.x, y: 0, width: last.box.maxX - first.box.x, height: line.height)
            let read = RecognizedWord(
                text: symbols.map(\.text).joined(), box: box, confidence: Double(word.confidence) / 100,
                symbols: symbols)
            let rating = word.characters.reduce(Float(0)) { $0 + decoded.characters[$1].rating }
            var scored = LSTMScoredWord(
                word: read, certainty: word.certainty * 7, rating: rating, permuter: word.permuter)
            if let dictionary {
                scored.acceptanceAllowance =
                    dictionary.acceptanceAllowance(word.characters.map { decoded.characters[$0].unicharID })
            }
            words.append(scored)
        }
        return words
    }

    /// `words` as one line spanning `box`; nil when there are none.
    static func line(_ words: [LSTMScoredWord], in box: PixelRect) -> RecognizedLine? {
        guard !words.isEmpty else { return nil }
        // Tesseract's line confidence: 100 + 5 x the mean of its words' (scaled) certainties.
        let mean = words.reduce(Float(0)) { $0 + $1.certainty } / Float(words.count)
        return RecognizedLine(
            text: words.map(\.word.text).joined(separator: " "), box: box,
            confidence: Double(min(100, max(0, 100 + 5 * mean))) / 100, words: words.map(\.word))
    }
}

/// A word as ``LSTMLineReader`` read it, with the scores Tesseract compares readings of different models by.
package struct LSTMScoredWord: Sendable {
    /// The word, its box and symbols.
    package var word: RecognizedWord
    /// Tesseract's word certainty: 7 x the lower of the word's lowest character certainty and its spaces'
    /// (kCertaintyScale); at most 0, higher is surer.
    package var certainty: Float
    /// Tesseract's word rating: the sum of its characters' ratings; at least 0, lower is better.
    package var rating: Float
    /// The word list the decoder read the word from (``Permuter/topChoice`` without word lists).
    package var permuter: Permuter = .topChoice
    /// What Tesseract's stopper adds to the acceptance certainty for this word (`Dict::AcceptableResult`,
    /// ≤ 0, in word certainty units): −0.5 per letter of the shortest letter run past 2 for a word the
    /// reader's word lists hold with valid letter cases; 0 otherwise and without word lists.
    package var acceptanceAllowance: Float = 0
}
