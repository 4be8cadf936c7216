public import LegibleImaging

/// Reads line boxes with several LSTM models the way a Tesseract engine of several languages does.
///
/// For each box, the model that gave the previous box's reading reads first (the first model for the first
/// box). When one of its words is not accepted (its certainty at or under the model's
/// ``Model/acceptanceCertainty``), the other models read the box too, the engine's first model first, until
/// every word is accepted; the readings are compared group by group of words whose ends line up, and a
/// group of a new reading replaces the current one when it is both surer (higher lowest certainty) and
/// better rated (lower summed rating), or when all its words are dictionary words and the current group's
/// are not, its rating is under 1.5 times the current one's and its certainty no more than 5.5 under it.
/// This is Tesseract 5.3's `classify_word_and_language` with `SelectBestWords` (`classify_max_rating_ratio`
/// and `classify_max_certainty_margin` at their defaults); dictionary words only come from readers that
/// use their model's word lists (``LSTMLineReader/usesWordLists``), and their acceptance certainty is
/// lowered as Tesseract's stopper lowers it (``LSTMScoredWord/acceptanceAllowance``).
public struct MultiModelLineReader: Sendable {
    /// One model and the certainty its words must pass to be accepted.
    public struct Model: Sendable {
        /// The model's reader.
        public var reader: LSTMLineReader
        /// Tesseract's `stopper_nondict_certainty_base` for this model (its default is -2.5): a word is
        /// accepted when its certainty (7 x its lowest character certainty) is above it (above it plus the
        /// word's ``LSTMScoredWord/acceptanceAllowance`` for a dictionary word).
        public var acceptanceCertainty: Float

        /// Creates a model entry.
        public init(reader: LSTMLineReader, acceptanceCertainty: Float = -2.5) {
            self.reader = reader
            self.acceptanceCertainty = acceptanceCertainty
        }
    }

    /// The models, the engine's first language first.
    public let models: [Model]
    /// Look-alike pairs (as two-character strings, both orders) on which the first model's reading of a
    /// character overrides another model's; empty for Tesseract's selection as it is.
    let firstModelSettles: Set<String>
    /// The characters of those pairs.
    private let settledCharacters: Set<String>

    /// Creates a reader over `models` (at least one).
    ///
    /// - Parameter firstModelSettles: pairs of look-alike characters (`("S", "5")`) that the first model
    ///   decides: where another model's word wins the selection and differs from the first model's reading of
    ///   the same word only by such a pair at some positions, those positions take the first model's symbols.
    ///   Empty (the default) reads exactly as Tesseract's engine does.
    public init(models: [Model], firstModelSettles: [(Character, Character)] = []) {
        precondition(!models.isEmpty, "a multi-model reader needs a model")
        self.models = models
        self.firstModelSettles = Set(firstModelSettles.flatMap { ["\($0.0)\($0.1)", "\($0.1)\($0.0)"] })
        settledCharacters = Set(firstModelSettles.flatMap { [String($0.0), String($0.1)] })
    }

    /// Reads each of `boxes` of `image` (boxes in the image's pixels, in reading order, as
    /// ``Recognizer/singleLineReadingBoxes(in:)`` gives them) and returns their words as one line, in the
    /// image's pixels; nil when nothing is read.
    ///
    /// - Parameter firstModelOnly: keep the first model's reading of every box.
    /// - Throws: `OCRError.invalidInput` when a box misses the image or cannot be read (see
    ///   ``LSTMLineReader/read(_:collectsAlternatives:)``); `OCRError.imaging` when it cannot be cut out.
    public func read(_ image: Image, boxes: [PixelRect], firstModelOnly: Bool = false) throws(OCRError)
        -> RecognizedLine?
    {
        var words: [LSTMScoredWord] = []
        var recent = 0
        for box in boxes {
            guard let clipped = box.intersection(image.bounds) else {
                throw .invalidInput("box \(box) lies outside the \(image.width)x\(image.height) image")
            }
            let piece: Image
            do { piece = try image.cropped(to: clipped) } catch { throw .imaging(error.description) }
            func reading(_ model: Int) throws(OCRError) -> [Reading] {
                try models[model].reader.readWords(piece).map {
                    var word = $0
                    // Read in a piece cut at the box: into the image's pixels.
                    word.word = word.word.mappingBoxes {
                        PixelRect(x: $0.x + clipped.x, y: $0.y + clipped.y, width: $0.width, height: $0.height)
                    }
                    return Reading(word: word, acceptance: models[model].acceptanceCertainty, model: model)
                }
            }
            var best = try reading(recent)
            var firstReading = recent == 0 ? best : nil
            var bestModel = recent
            if !firstModelOnly, !Self.accepted(best) {
                for model in Self.retryOrder(count: models.count, recent: recent) where !Self.accepted(best) {
                    let other = try reading(model)
                    if model == 0 { firstReading = other }
                    if Self.select(other, into: &best) > 0 { bestModel = model }
                }
            }
            recent = firstModelOnly ? 0 : bestModel
            if best.contains(where: { $0.model != 0 && holdsSettledCharacter($0.word.word) }) {
                let first: [Reading]
                if let firstReading { first = firstReading } else { first = try reading(0) }
                words += best.map { $0.model == 0 ? $0.word : settled($0.word, by: first.map(\.word)) }
            } else {
                words += best.map(\.word)
            }
        }
        guard let first = words.first else { return nil }
        return LSTMLineReader.line(words, in: words.dropFirst().reduce(first.word.box) { $0.union($1.word.box) })
    }

    /// A word with the acceptance certainty of the model that read it, and that model's index.
    struct Reading {
        var word: LSTMScoredWord
        var acceptance: Float
        var model = 0
    }

    /// True when `word` holds a character of a pair the first model settles, and a digit: words of letters
    /// alone ("Serial") are left to the selection, so reading them costs no second look.
    private func holdsSettledCharacter(_ word: RecognizedWord) -> Bool {
        !settledCharacters.isEmpty && word.text.contains(where: \.isNumber)
            && word.symbols.contains { settledCharacters.contains($0.text) }
    }

    /// `word` (read by another model) with the first model's symbol at each position where the two readings
    /// differ by a pair the first model settles. The first model's word is the one of `first` whose box covers
    /// more than half of `word`'s width and that has as many symbols, not counting spaces (a model may read a
    /// space into a word: ` E5UHMEAVY7`); without one, `word` is returned as it is.
    func settled(_ word: LSTMScoredWord, by first: [LSTMScoredWord]) -> LSTMScoredWord {
        let symbols = word.word.symbols
        func visible(_ candidate: LSTMScoredWord) -> [RecognizedSymbol] {
            candidate.word.symbols.filter { !$0.text.allSatisfy(\.isWhitespace) }
        }
        guard
            let twin = first.first(where: { candidate in
                (candidate.word.box.intersection(word.word.box)?.width ?? 0) * 2 > word.word.box.width
                    && visible(candidate).count == symbols.count
            }).map(visible)
        else { return word }
        var result = word
        for (index, theirs) in twin.enumerated()
        where theirs.text != symbols[index].text && firstModelSettles.contains(symbols[index].text + theirs.text) {
            result.word.symbols[index] = theirs
        }
        result.word.text = result.word.symbols.map(\.text).joined()
        return result
    }

    /// The models tried after the most recent one: the first model, then the others in order.
    static func retryOrder(count: Int, recent: Int) -> [Int] {
        ([0] + Array(1..<max(1, count))).filter { $0 != recent }
    }

    /// Tesseract's `WordsAcceptable` after `AcceptableResult`: every word's certainty is above its model's
    /// acceptance certainty plus the word's allowance.
    static func accepted(_ words: [Reading]) -> Bool {
        words.allSatisfy { $0.word.certainty > $0.acceptance + $0.word.acceptanceAllowance }
    }

    /// `classify_max_rating_ratio`: how much worse rated a run of dictionary words may be and still win.
    static let maximumRatingRatio: Float = 1.5
    /// `classify_max_certainty_margin`: how much less sure a run of dictionary words may be and still win.
    static let maximumCertaintyMargin: Float = 5.5

    /// Merges `new` into `best` (both left to right): runs of words whose right ends line up are compared,
    /// and a run of `new` wins when its lowest certainty is higher and its summed rating lower, or when it is
    /// all dictionary words and the current run is not, with a rating under ``maximumRatingRatio`` times and
    /// a certainty above the current one's minus ``maximumCertaintyMargin``. Returns the number of new words
    /// kept minus the number of old ones kept (Tesseract 5.3's `SelectBestWords`: each run's words are
    /// counted once, `EvaluateWordSpan`).
    static func select(_ new: [Reading], into best: inout [Reading]) -> Int {
        var merged: [Reading] = []
        var b = 0, n = 0
        var keptNew = 0, keptOld = 0
        while b < best.count || n < new.count {
            let startB = b, startN = n
            while b < best.count || n < new.count {
                let (bestRight, bestNextLeft) = gap(best, b)
                let (newRight, newNextLeft) = gap(new, n)
                // The runs end where neither reading has a word crossing the other's next word break.
                if max(bestRight, newRight) < min(bestNextLeft, newNextLeft) { break }
                if (bestRight < newRight && b < best.count) || n == new.count { b += 1 } else { n += 1 }
            }
            let endB = b < best.count ? b + 1 : b
            let endN = n < new.count ? n + 1 : n
            let bestScore = RunScore(best[min(startB, best.count)..<endB])
            let newScore = RunScore(new[min(startN, new.count)..<endN])
            let newWins = !newScore.bad && (bestScore.bad
                || (newScore.certainty > bestScore.certainty && newScore.rating < bestScore.rating)
                || (!bestScore.dictionaryWords && newScore.dictionaryWords
                    && Double(newScore.rating) < Double(bestScore.rating) * Double(maximumRatingRatio)
                    && Double(newScore.certainty) > Double(bestScore.certainty) - Double(maximumCertaintyMargin)))
            if newWins {
                merged += new[startN..<endN]
                keptNew += endN - startN
            } else if !bestScore.bad {
                merged += best[startB..<endB]
                keptOld += endB - startB
            }
            b = endB
            n = endN
        }
        best = merged
        return keptNew - keptOld
    }

    /// `WordGap`: the right edge of word `index` and the left edge of the next (extremes past the ends).
    static func gap(_ words: [Reading], _ index: Int) -> (right: Int, nextLeft: Int) {
        guard index < words.count else { return (-Int(Int32.max), Int(Int32.max)) }
        let nextLeft = index + 1 < words.count ? words[index + 1].word.word.box.x : Int(Int32.max)
        return (words[index].word.word.box.maxX, nextLeft)
    }

    /// `EvaluateWordSpan`: the summed rating and lowest certainty (at most 0) of a run of words, whether all
    /// are dictionary words (``Permuter/isDictionaryWord``); bad when the run is empty.
    struct RunScore {
        var rating: Float = 0
        var certainty: Float = 0
        var bad = false
        var dictionaryWords = true

        init(_ words: ArraySlice<Reading>) {
            if words.isEmpty {
                bad = true
                dictionaryWords = false
            }
            for reading in words {
                rating += reading.word.rating
                certainty = min(certainty, reading.word.certainty)
                if !reading.word.permuter.isDictionaryWord { dictionaryWords = false }
            }
        }
    }
}
