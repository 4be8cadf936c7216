public import LegibleImaging

/// One alternative reading of a symbol with Tesseract's score for it, in 0...1.
///
/// Scores of alternatives are not probabilities and do not sum to 1; use them to rank candidates.
public struct SymbolAlternative: Hashable, Sendable, Codable {
    /// The alternative character(s).
    public var text: String
    /// The LSTM's score, 0...1.
    public var score: Double

    /// Creates an alternative.
    public init(text: String, score: Double) {
        self.text = text
        self.score = score
    }
}

/// One recognised character (a grapheme; usually one Unicode scalar).
public struct RecognizedSymbol: Hashable, Sendable, Codable {
    /// The character as read.
    public var text: String
    /// Box in pixels of the whole image, top-left origin.
    public var box: PixelRect
    /// Confidence in 0...1.
    public var confidence: Double
    /// Other readings, best first, including the chosen one when Tesseract lists it. Empty unless the
    /// recogniser collects alternatives.
    public var alternatives: [SymbolAlternative]

    /// Creates a symbol.
    public init(text: String, box: PixelRect, confidence: Double, alternatives: [SymbolAlternative]) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.alternatives = alternatives
    }
}

/// One recognised word: a run of symbols without spaces.
public struct RecognizedWord: Hashable, Sendable, Codable {
    /// The word as read.
    public var text: String
    /// Box in pixels of the whole image, top-left origin.
    public var box: PixelRect
    /// Confidence in 0...1.
    public var confidence: Double
    /// The word's symbols, left to right.
    public var symbols: [RecognizedSymbol]

    /// Creates a word.
    public init(text: String, box: PixelRect, confidence: Double, symbols: [RecognizedSymbol]) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.symbols = symbols
    }
}

extension RecognizedWord {
    /// The word with its box and every symbol's box passed through `transform` (into another image's pixels,
    /// say); text, confidences and alternatives unchanged.
    package func mappingBoxes(_ transform: (PixelRect) -> PixelRect) -> RecognizedWord {
        var word = self
        word.box = transform(box)
        word.symbols = symbols.map { symbol in
            var symbol = symbol
            symbol.box = transform(symbol.box)
            return symbol
        }
        return word
    }
}

/// One recognised line of text.
public struct RecognizedLine: Hashable, Sendable, Codable {
    /// The line's words joined by single spaces.
    public var text: String
    /// Box in pixels of the whole image, top-left origin.
    public var box: PixelRect
    /// Confidence in 0...1.
    public var confidence: Double
    /// The line's words, left to right.
    public var words: [RecognizedWord]

    /// Creates a line.
    public init(text: String, box: PixelRect, confidence: Double, words: [RecognizedWord]) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.words = words
    }
}

extension RecognizedLine {
    /// The line with its own, its words' and their symbols' boxes passed through `transform`.
    package func mappingBoxes(_ transform: (PixelRect) -> PixelRect) -> RecognizedLine {
        var line = self
        line.box = transform(box)
        line.words = words.map { $0.mappingBoxes(transform) }
        return line
    }
}

/// Everything one recognition produced.
public struct RecognitionResult: Hashable, Sendable, Codable {
    /// The text exactly as Tesseract lays it out (as the `tesseract` command prints it): lines end in a
    /// newline, paragraphs are separated by a blank line.
    public var text: String
    /// Lines in reading order.
    public var lines: [RecognizedLine]
    /// Tesseract's mean word confidence, 0...1 (0 when nothing was read).
    public var meanConfidence: Double

    /// Creates a result.
    public init(text: String, lines: [RecognizedLine], meanConfidence: Double) {
        self.text = text
        self.lines = lines
        self.meanConfidence = meanConfidence
    }

    /// All words of all lines, in reading order.
    public var words: [RecognizedWord] { lines.flatMap(\.words) }
}
