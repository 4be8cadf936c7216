import LegibleImaging
import LegibleOCR

/// One reading of a serial found in recognised text, with the evidence the confidence model weighs.
struct SerialEvidence: Sendable, Hashable {
    var serial: String
    var format: SerialFormat
    var box: PixelRect
    /// Mean of the chosen characters' scores, 0...1.
    var meanScore: Double
    /// Lowest chosen character score, 0...1.
    var minScore: Double
    /// Characters changed from the first reading.
    var repairs: Int
    /// Characters dropped from the ends of the token to fit (glued captions, stray marks).
    var trimmed: Int
    /// 1 when a caption precedes it on its line, 0.8 when a caption line is right above, else 0.
    var caption: Double
    /// True when a label of another kind of ID (model, IMEI, part number...) precedes it.
    var distractor: Bool
    /// Words joined to make it (1 = a single word).
    var pieces: Int
    /// Which recognition of the scan it came from (one reading fits several formats; the scan numbers its
    /// readings so agreement between them can be told from one reading fitted twice).
    var reading = 0
    /// True for a reading made by swapping one O, 0, I or 1 for its look-alike where the format allows both
    /// (see ``SerialParser/lookAlikeTwin(of:symbols:)``): an alternative to offer, not a reading of its own, so
    /// it adds nothing to agreement.
    var isLookAlikeTwin = false
    /// Of ``repairs``, the O read where the format wants 0 and the I where it wants 1.
    var letterRepairs = 0
    /// Of ``repairs``, the look-alike swapped in a 12-character Apple serial's model code to make the code of a
    /// known Mac (``SerialParser/knownModelCode(of:symbols:)``).
    var codeRepairs = 0
    /// The reader's score (0...1) for its strongest rival reading at any one position: a character other than
    /// the chosen one, offered by the reader there (or read there), that the format also allows there
    /// (``SerialParser/rival(of:symbols:format:)``). 0 when the reader offered none.
    var rival = 0.0
}

/// A recognised character with the readings Tesseract offered for it.
struct ObservedSymbol: Sendable {
    var character: Character
    var score: Double
    var alternatives: [(character: Character, score: Double)]
    var box: PixelRect
}

/// Finds serials in recognised lines: splits words into alphanumeric tokens, joins neighbours, fits each
/// token to each format with confusable repair, and notes captions and distractor labels.
enum SerialParser {
    /// Longest run of joined tokens considered.
    static let maximumPieces = 3

    /// Every grammatical reading in `lines`. Lines must be in reading order with boxes in one frame, so a
    /// caption line can announce the line below it.
    static func evidence(in lines: [RecognizedLine]) -> [SerialEvidence] {
        var found: [SerialEvidence] = []
        var captionAbove: PixelRect?
        for line in lines {
            let (lineEvidence, captionOnly) = evidence(in: line, captionAbove: captionAbove)
            found += lineEvidence
            captionAbove = captionOnly ? line.box : nil
        }
        return found
    }

    /// A run of token characters inside one word.
    private struct Run {
        var symbols: [ObservedSymbol]
        var wordIndex: Int
        /// The run just before this one in the same word, keyed ("SN" in "S/N:C02...").
        var previousInWord: String
        /// True when a hyphen or slash joins it to a neighbouring run, in its word or across one space: a piece
        /// of a hyphenated ID (a UUID, `579C-A1514`) or of a part number (`MYS7LL/A`), which serials are not.
        var hyphenated = false
    }

    /// Readings in one line; also says whether the line is a caption with no serial after it.
    private static func evidence(
        in line: RecognizedLine, captionAbove: PixelRect?
    ) -> (found: [SerialEvidence], captionOnly: Bool) {
        let keys = line.words.map { SerialLexicon.key($0.text) }
        let captionIndex = SerialLexicon.captionIndex(in: keys)
        // A caption line above counts when it overlaps this line horizontally and sits close above it.
        let announcedFromAbove =
            captionAbove.map { above in
                above.maxX > line.box.x && line.box.maxX > above.x
                    && line.box.y - above.maxY < max(above.height, line.box.height) * 2
            } ?? false

        var runs: [Run] = []
        // A joiner (hyphen, slash) seen since the last run; a word holding only marks does not join across.
        var joinerSeen = false
        for (wordIndex, word) in line.words.enumerated() {
            var current: [ObservedSymbol] = []
            var previous = ""
            let runsBefore = runs.count
            func flush() {
                guard !current.isEmpty else { return }
                var run = Run(symbols: current, wordIndex: wordIndex, previousInWord: previous)
                if joinerSeen, let last = runs.indices.last, runs[last].wordIndex >= wordIndex - 1 {
                    runs[last].hyphenated = true
                    run.hyphenated = true
                }
                runs.append(run)
                joinerSeen = false
                previous = String(current.map(\.character)).uppercased()
                current = []
            }
            // A closing bracket is a J read badly ("521261)"), except where the word opened a bracket ("(S)").
            let opensBracket = word.text.contains { "([{".contains($0) }
            for symbol in word.symbols {
                guard symbol.text.count == 1, let character = symbol.text.first, isTokenCharacter(character),
                    !(opensBracket && ")]}".contains(character))
                else {
                    flush()
                    joinerSeen = ["-", "/", "\u{2010}", "\u{2013}"].contains(symbol.text)
                    continue
                }
                if character == "@" {
                    // Tesseract reads a slashed or dotted zero as "@", and sometimes as "Q@" (the slash
                    // taken for a Q's tail): either is one 0.
                    var zero = ObservedSymbol(character: "0", score: symbol.confidence, alternatives: [], box: symbol.box)
                    if let last = current.last, last.character == "Q" || last.character == "O" {
                        current.removeLast()
                        zero.box = last.box.union(symbol.box)
                        zero.score = min(last.score, symbol.confidence)
                    }
                    current.append(zero)
                    continue
                }
                current.append(ObservedSymbol(
                    character: character, score: symbol.confidence,
                    alternatives: symbol.alternatives.compactMap { alternative in
                        alternative.text.count == 1 ? (alternative.text.first!, alternative.score) : nil
                    },
                    box: symbol.box))
            }
            flush()
            if runs.count == runsBefore { joinerSeen = false }
        }

        var found: [SerialEvidence] = []
        for start in runs.indices {
            var joined = runs[start].symbols
            for end in start..<min(runs.count, start + maximumPieces) {
                if end > start {
                    guard isClose(runs[end - 1], runs[end]) else { break }
                    joined += runs[end].symbols
                }
                if joined.count > 16 + 12 { break }
                let first = runs[start]
                let token = String(joined.map(\.character)).uppercased()
                var caption = 0.0
                if let captionIndex, first.wordIndex > captionIndex { caption = 1 }
                if SerialLexicon.captions.contains(first.previousInWord) { caption = 1 }
                if caption == 0 && announcedFromAbove { caption = 0.8 }
                let previousKey = first.wordIndex > 0 ? keys[first.wordIndex - 1] : ""
                let previousTwo = first.wordIndex > 1 ? keys[first.wordIndex - 2] + previousKey : ""
                let nextKey = runs[end].wordIndex + 1 < keys.count ? keys[runs[end].wordIndex + 1] : ""
                let labelled =
                    SerialLexicon.isDistractorLabel(previousKey) || SerialLexicon.isDistractorLabel(previousTwo)
                    || SerialLexicon.isDistractorLabel(first.previousInWord)
                    || runs[start...end].contains { $0.hyphenated }
                    || SerialLexicon.isMisreadPartNumber(token) || SerialLexicon.isRevisionLabel(nextKey)
                // A product name, a power rating or a specification is no serial even under a caption (a label
                // may print the rating right after the serial), like a regulatory ID below.
                let productName =
                    SerialLexicon.isMisreadProductName(token) || SerialLexicon.isPowerRating(token)
                    || SerialLexicon.isSpecification(token)
                for reading in fits(joined, announced: caption > 0) {
                    var evidence = reading
                    evidence.pieces = end - start + 1
                    if evidence.caption == 0 { evidence.caption = caption }
                    evidence.distractor = (evidence.distractor || labelled) && evidence.caption < 1
                    if productName || SerialLexicon.isRegulatoryID(evidence.serial) { evidence.distractor = true }
                    found.append(evidence)
                }
            }
        }
        let captionOnly = captionIndex != nil && !found.contains { $0.caption == 1 }
        return (found, captionOnly)
    }

    /// True when two runs may be parts of one serial: split inside a word by a stray mark, or in neighbouring
    /// words with a gap narrower than about half a character (wide letter spacing read as a space).
    private static func isClose(_ left: Run, _ right: Run) -> Bool {
        if left.wordIndex == right.wordIndex { return true }
        guard right.wordIndex == left.wordIndex + 1, let last = left.symbols.last, let next = right.symbols.first else {
            return false
        }
        let widths = (left.symbols + right.symbols).map(\.box.width)
        let meanWidth = Double(widths.reduce(0, +)) / Double(max(1, widths.count))
        return Double(next.box.x - last.box.maxX) < meanWidth * 0.6
    }

    /// Every format reading of a token. A known caption or label glued to its front ("SN", "SERIALNO",
    /// "MODEL") is split off and noted; otherwise the whole token is read, and also without one stray
    /// character at either end.
    ///
    /// `announced` says a caption announces the token, which lets a token read without a digit but with an O
    /// (`S/N: FNORTBF`) be read as a serial.
    static func fits(_ symbols: [ObservedSymbol], announced: Bool = false) -> [SerialEvidence] {
        let text = String(symbols.map(\.character)).uppercased()
        var windows: [(drop: Int, keep: Int, caption: Double, distractor: Bool)] = []
        if let prefix = SerialLexicon.gluedPrefix(of: text) {
            // A label with a short code after it ("MODELA2338") holds no serial.
            guard symbols.count - prefix.length >= 7 else { return [] }
            windows.append((prefix.length, symbols.count - prefix.length, prefix.isCaption ? 1 : 0, !prefix.isCaption))
        } else {
            windows.append((0, symbols.count, 0, false))
            if symbols.count >= 8 {
                windows.append((1, symbols.count - 1, 0, false))
                windows.append((0, symbols.count - 1, 0, false))
            }
        }
        var results: [SerialEvidence] = []
        // The LSTM sometimes reads one wide 0 or 1 twice ("HO0B", "1I"): a token is also read without the
        // second of each such pair, as one more repair (the formats' lengths decide which readings fit).
        if SerialLexicon.gluedPrefix(of: text) == nil {
            for index in symbols.indices.dropFirst() where isDoubledReading(symbols[index - 1], symbols[index]) {
                var part = symbols
                let removed = part.remove(at: index)
                part[index - 1].score = max(part[index - 1].score, removed.score)
                part[index - 1].box = part[index - 1].box.union(removed.box)
                for format in SerialFormat.allCases {
                    guard var evidence = fit(part, format: format, announced: announced) else { continue }
                    evidence.repairs += 1
                    results.append(evidence)
                }
            }
        }
        for window in windows {
            let part = Array(symbols[window.drop..<(window.drop + window.keep)])
            let trimmed = window.caption > 0 || window.distractor ? 0 : symbols.count - window.keep
            for format in SerialFormat.allCases {
                // Every format that fits competes: an Apple serial read with an O is an Apple serial with a 0,
                // but a generic label ID may hold a real O. The ranker weighs repairs, specificity and context.
                guard var evidence = fit(part, format: format, announced: announced || window.caption > 0) else {
                    continue
                }
                evidence.trimmed = trimmed
                evidence.caption = window.caption
                evidence.distractor = window.distractor
                if let settled = knownModelCode(of: evidence, symbols: part) {
                    // The reading as made stays on offer, as the look-alike alternative of the settled one.
                    var asRead = evidence
                    asRead.repairs += 1
                    asRead.isLookAlikeTwin = true
                    results += [settled, asRead]
                } else {
                    results.append(evidence)
                }
                if let twin = lookAlikeTwin(of: evidence, symbols: part) { results.append(twin) }
                if let twin = factoryLeadTwin(of: evidence, symbols: part) { results.append(twin) }
            }
        }
        return results
    }

    /// The best reading of `symbols` under `format`, or nil when no choice of characters fits.
    ///
    /// At each position the character as read wins when the grammar allows it. Otherwise, in this order: the
    /// most likely look-alike (scored as Tesseract offered it, if it did), another alternative Tesseract
    /// offered that is also a look-alike, any other alternative, other look-alikes.
    ///
    /// Tokens read without a single digit are words, not serials, unless `announced` by a caption and holding
    /// an O that may be a 0, or read all in capitals as an Apple 12-character serial, whose year and week
    /// places few words fit (`Serial Number DLXXWPYQEURR`: about one serial in 65 has no digit). A reading
    /// needing more than a third of its characters changed is refused; an O or I where the format forbids
    /// them, or a mark read for a character (`)` for J), does not count towards that third: those are the
    /// look-alikes the formats leave out those letters for.
    static func fit(_ symbols: [ObservedSymbol], format: SerialFormat, announced: Bool = false) -> SerialEvidence? {
        guard format.lengths.contains(symbols.count) else { return nil }
        // Read without a digit, or with several lower-case letters, it is a word ("California"). Letters whose
        // small and capital forms share a shape (c, o, s, u, v, w, x, z) say nothing about case.
        let hasDigit = symbols.contains { $0.character.isNumber }
        guard hasDigit || (announced && symbols.contains { $0.character == "O" || $0.character == "o" })
            || (announced && format == .apple12 && symbols.allSatisfy { $0.character.isUppercase }),
            symbols.filter({ $0.character.isLowercase && !"cosuvwxz".contains($0.character) }).count * 5
                <= symbols.count
        else { return nil }
        var chosen: [Character] = []
        var scores: [Double] = []
        var repairs = 0
        var freeRepairs = 0
        var letterRepairs = 0
        for (position, symbol) in symbols.enumerated() {
            let allowed = format.allowed(at: position, length: symbols.count)
            let read = upper(symbol.character)
            if allowed.contains(read) {
                chosen.append(read)
                scores.append(symbol.score)
                continue
            }
            let twins = Confusables.twins[symbol.character] ?? Confusables.twins[read] ?? []
            let alternatives = symbol.alternatives
                .map { (character: upper($0.character), score: $0.score) }
                .filter { allowed.contains($0.character) }
                .sorted { $0.score > $1.score }
            // The most likely look-alike wins when the grammar allows it: an O in an Apple serial is a 0 even
            // where Tesseract's alternatives put the rarer Q first.
            let firstTwin = twins.first.flatMap { allowed.contains($0) ? $0 : nil }
            let pick: (Character, Double)? =
                firstTwin.map { twin in
                    (twin, alternatives.first { $0.character == twin }?.score ?? symbol.score * Confusables.retention(rank: 0))
                }
                ?? alternatives.first(where: { twins.contains($0.character) }).map { ($0.character, $0.score) }
                ?? alternatives.first.map { ($0.character, $0.score) }
                ?? twins.enumerated().first(where: { allowed.contains($0.element) })
                    .map { ($0.element, symbol.score * Confusables.retention(rank: $0.offset)) }
            guard let (character, score) = pick else { return nil }
            repairs += 1
            let letterForDigit =
                (read == "O" && character == "0" && !(position == 0 && format.hasFactoryCode))
                || (read == "I" && character == "1")
            if letterForDigit { letterRepairs += 1 }
            if !(read.isLetter || read.isNumber) || letterForDigit { freeRepairs += 1 }
            chosen.append(character)
            scores.append(score)
        }
        guard (repairs - freeRepairs) * 3 <= symbols.count, format.acceptsComposition(chosen) else { return nil }
        let box = symbols.dropFirst().reduce(symbols[0].box) { $0.union($1.box) }
        var evidence = SerialEvidence(
            serial: String(chosen), format: format, box: box,
            meanScore: scores.reduce(0, +) / Double(scores.count), minScore: scores.min() ?? 0,
            repairs: repairs, trimmed: 0, caption: 0, distractor: false, pieces: 1)
        evidence.letterRepairs = letterRepairs
        evidence.rival = rival(of: chosen, symbols: symbols, format: format)
        return evidence
    }

    /// The reader's score for the strongest grammatical rival of `chosen`: over all positions, the best score
    /// of a character other than the chosen one that the reader offered (as its reading or as an alternative)
    /// and that `format` allows at that position.
    ///
    /// Grammar settles a look-alike only where the format forbids one of the pair (Apple's serials have no O);
    /// where it allows both (S and 5, D and 0, A and 4 in most places of most formats), the reader alone
    /// decides, and a rival it scored close to its choice is a coin the reader tossed. Character scores alone
    /// do not show that: the chosen character can score 0.98 with its rival at 0.5, in faces where the pair
    /// differs by a few pixels.
    static func rival(of chosen: [Character], symbols: [ObservedSymbol], format: SerialFormat) -> Double {
        var strongest = 0.0
        for (position, symbol) in symbols.enumerated() where position < chosen.count {
            let allowed = format.allowed(at: position, length: chosen.count)
            let read = upper(symbol.character)
            let offered =
                symbol.alternatives.map { (upper($0.character), $0.score) }
                + [(read, symbol.alternatives.first { upper($0.character) == read }?.score ?? symbol.score)]
            for (character, score) in offered where character != chosen[position] && allowed.contains(character) {
                strongest = max(strongest, score)
            }
        }
        return strongest
    }

    /// The pairs ``lookAlikeTwin(of:symbols:)`` swaps: ``Confusables/lookAlikes`` and V/Y.
    private static let twinPairs = Confusables.lookAlikes.merging(["V": "Y", "Y": "V"]) { first, _ in first }

    /// `evidence` with its least certain character of a look-alike pair (O/0, I/1, S/5, B/8, Z/2, G/6, V/Y) swapped
    /// for the other, where the format allows both characters at that position (Apple's formats leave O and I
    /// out for this very reason, but allow S and 5...), or nil when there is none. In many faces the pairs
    /// differ by a few pixels, and the character scores alone cannot tell them apart, so the swapped reading is
    /// offered as a lower-ranked alternative: it counts one more repair and the swapped character keeps the
    /// score Tesseract gave the look-alike, or ``Confusables/retention(rank:)`` of its own. On 2026-11-26 the
    /// pairs past O/0 and I/1 put the right serial in the top three for one more photo of each serial set
    /// (`2MTS0ZE5GH` read `2MTS0ZESGH`) and changed no first answer or its confidence. V/Y (2026-11-27, device
    /// hints): a light Y read V on a plate (`6W0X20Y02F`) entered the top three, main-set top-3 98.6% -> 99.1%;
    /// every first answer and confidence the same on the main, held-out and screenshot sets, with or without
    /// hints. (Measuring the glyph was tried first: in that face the Y's stem is as short and as wide as a V's
    /// foot, and Tesseract's symbol box may sit on the neighbouring glyph.)
    static func lookAlikeTwin(of evidence: SerialEvidence, symbols: [ObservedSymbol]) -> SerialEvidence? {
        var characters = Array(evidence.serial)
        guard characters.count == symbols.count else { return nil }
        let swappable = characters.indices.filter { index in
            guard let twin = twinPairs[characters[index]] else { return false }
            return evidence.format.allowed(at: index, length: characters.count).contains(twin)
        }
        guard let position = swappable.min(by: { symbols[$0].score < symbols[$1].score }),
            let twin = twinPairs[characters[position]]
        else { return nil }
        let symbol = symbols[position]
        let kept =
            symbol.alternatives.first { $0.character == twin }?.score ?? symbol.score * Confusables.retention(rank: 0)
        characters[position] = twin
        guard evidence.format.acceptsComposition(characters) else { return nil }
        return alternative(to: evidence, reading: characters, replaced: symbol.score, by: kept, symbols: symbols)
    }

    /// `evidence` spelling `characters` instead, one character swapped: offered as a look-alike alternative,
    /// with one more repair and the swapped character's score (`replaced`) taken as `kept`.
    private static func alternative(
        to evidence: SerialEvidence, reading characters: [Character], replaced: Double, by kept: Double,
        symbols: [ObservedSymbol]
    ) -> SerialEvidence {
        var swapped = evidence
        swapped.serial = String(characters)
        swapped.repairs += 1
        swapped.meanScore = evidence.meanScore + (kept - replaced) / Double(characters.count)
        swapped.minScore = min(evidence.minScore, kept)
        swapped.rival = rival(of: characters, symbols: symbols, format: evidence.format)
        swapped.isLookAlikeTwin = true
        return swapped
    }

    /// `evidence` with one character of its model code swapped for a look-alike (``Confusables/twins``), when
    /// that turns a code no known Mac has into one a known Mac has
    /// (``AppleModelCodes``); nil when the code is known, the serial is not a 12-character Apple one, or no
    /// swap, or more than one, makes a known code. The last four characters of such a serial name the model,
    /// so a code no Mac was made with, one look-alike away from one that was, is that code misread. The swap
    /// counts as a repair that the code settles (``SerialEvidence/codeRepairs``), as the grammar settles an O.
    static func knownModelCode(of evidence: SerialEvidence, symbols: [ObservedSymbol]) -> SerialEvidence? {
        guard evidence.format == .apple12, symbols.count == 12 else { return nil }
        var characters = Array(evidence.serial)
        guard !AppleModelCodes.contains(String(characters[8...])) else { return nil }
        var found: Set<String> = []
        var swap: (position: Int, character: Character)?
        for position in 8..<12 {
            let symbol = symbols[position]
            let offered = (Confusables.twins[characters[position]] ?? []) + (Confusables.twins[symbol.character] ?? [])
            for character in offered where character != characters[position]
                && evidence.format.allowed(at: position, length: 12).contains(character)
            {
                var code = Array(characters[8...])
                code[position - 8] = character
                guard AppleModelCodes.contains(String(code)) else { continue }
                found.insert(String(code))
                swap = (position, character)
            }
        }
        guard found.count == 1, let (position, character) = swap else { return nil }
        characters[position] = character
        var settled = evidence
        settled.serial = String(characters)
        settled.repairs += 1
        settled.codeRepairs += 1
        settled.rival = rival(of: characters, symbols: symbols, format: evidence.format)
        return settled
    }

    /// `evidence` with the 0 it opens with read as D, when the reader saw an O there and the format opens
    /// with a factory code (Apple's 12- and 11-character layouts); nil otherwise. No factory code Apple has
    /// used starts with 0: the location tables of OpenCorePkg's `macserial` (`Utilities/macserial/modelinfo.h`)
    /// and HackTricks' "macOS Serial Number" page list codes opening with a letter or with 1, 4 or 7. So an O
    /// there is as likely the round D as the 0 that ``fit(_:format:announced:)`` takes for it, and that repair
    /// is not free (``SerialEvidence/letterRepairs``). Offered as a look-alike alternative, one more repair.
    static func factoryLeadTwin(of evidence: SerialEvidence, symbols: [ObservedSymbol]) -> SerialEvidence? {
        guard evidence.format.hasFactoryCode, evidence.serial.first == "0", let lead = symbols.first,
            upper(lead.character) == "O"
        else { return nil }
        let kept = lead.alternatives.first { upper($0.character) == "D" }?.score
            ?? lead.score * Confusables.retention(rank: 1)
        var characters = Array(evidence.serial)
        characters[0] = "D"
        return alternative(to: evidence, reading: characters, replaced: lead.score, by: kept, symbols: symbols)
    }

    /// True for two neighbouring readings that may be one 0 (O, o) or one 1 (I, l, |) read twice.
    static func isDoubledReading(_ first: ObservedSymbol, _ second: ObservedSymbol) -> Bool {
        let zeros: Set<Character> = ["0", "O", "o"], ones: Set<Character> = ["1", "I", "l", "|"]
        return (zeros.contains(first.character) && zeros.contains(second.character))
            || (ones.contains(first.character) && ones.contains(second.character))
    }

    /// Letters and digits, plus marks OCR often reads in their place ("|" for 1, "$" for S, "@" for 0).
    static func isTokenCharacter(_ character: Character) -> Bool {
        (character.isASCII && (character.isLetter || character.isNumber)) || Confusables.twins[character] != nil
            || character == "@"
    }

    /// The upper-case form of a reading. A lower-case `l` is the stroke OCR gives for a 1 or an I in
    /// upper-case serial fonts, so it becomes `1`, not `L`.
    private static func upper(_ character: Character) -> Character {
        if character == "l" { return "1" }
        return character.isLowercase ? Character(character.uppercased()) : character
    }
}
