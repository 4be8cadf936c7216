import LegibleImaging
import LegibleOCR

/// Settles O against 0 by the glyph's shape where the recogniser leans one way by habit.
///
/// Both the serial model and `eng` read a round glyph in a run of digits as 0, and Apple's and Dell's serials,
/// which never hold an O, teach the serial model the same. But label IDs do hold O, and two shapes tell them
/// apart where the recogniser does not:
///
/// - Many monospaced faces (those of terminals and label printers: Fira Code, Consolas, Andale Mono) mark the
///   zero with a slash or a dot inside it, so in a line where some round glyph has ink in its counter, the
///   round glyphs with an empty counter are O and the marked ones 0.
/// - In proportional faces a capital O is much wider than the digits, which share one width (tabular figures):
///   in Liberation Sans an O is about 1.35 times as wide as a 6 or an 8, a 0 as wide.
///
/// Tesseract's symbol boxes are too loose to measure either (a box may run to the line's end), so the glyphs
/// are measured as ink in the crop that was read.
enum RoundGlyphs {
    /// Width, relative to the median of the word's digits 2-9, from which a glyph read as 0 is an O.
    static let capitalWidth = 1.25

    /// `lines` (in the coordinates of `crop`, dark text on a light ground) with each 0 whose glyph is at least
    /// ``capitalWidth`` times as wide as the other digits of its word read as O instead (its alternatives
    /// reordered to match). Words with fewer than two other measurable digits are left alone.
    ///
    /// In a line where at least one round glyph read as 0 or O has a marked counter (``markedCentre``), the
    /// marked ones are read 0 and those with an empty counter (``plainCentre``) O instead, and the width rule
    /// is not applied.
    static func readingRoundGlyphs(_ lines: [RecognizedLine], crop: Image) -> [RecognizedLine] {
        guard lines.contains(where: { $0.text.contains("0") || $0.text.contains("O") }),
            let binary = try? crop.binarizedOtsu(),
            let glyphs = try? binary.connectedComponents(eightConnected: true)
        else { return lines }
        return lines.map { line in
            var words = line.words
            // The counter of every round glyph of the line, when the face marks its zeros.
            var marks: [[Bool?]] = words.map { word in
                word.symbols.map { symbol in
                    guard symbol.text == "0" || symbol.text == "O", let glyph = glyph(of: symbol, among: glyphs)
                    else { return nil }
                    return centreInk(of: glyph, in: binary).flatMap { ink in
                        ink >= markedCentre ? true : ink <= plainCentre ? false : nil
                    }
                }
            }
            if !marks.joined().contains(true) { marks = [] }
            for index in words.indices {
                words[index] = marks.isEmpty
                    ? correct(words[index], glyphs: glyphs) : settled(words[index], marked: marks[index])
            }
            guard words != line.words else { return line }
            var line = line
            line.words = words
            line.text = words.map(\.text).joined(separator: " ")
            return line
        }
    }

    /// Fraction of a glyph's counter area that must be ink for a marked (slashed or dotted) zero.
    static let markedCentre = 0.12
    /// Fraction of a glyph's counter area that may be ink in a plain O; glyphs between the two (a speck of
    /// noise in the counter) are left as read.
    static let plainCentre = 0.04

    /// The fraction of ink in the middle of a glyph's box (its middle 30% each way), where an O or a plain 0
    /// has its empty counter and a slashed or dotted 0 its mark; nil for glyphs too small to tell.
    static func centreInk(of glyph: PixelRect, in binary: Image) -> Double? {
        guard glyph.width >= 7, glyph.height >= 10 else { return nil }
        let centre = PixelRect(
            x: glyph.x + glyph.width * 35 / 100, y: glyph.y + glyph.height * 35 / 100,
            width: max(1, glyph.width * 30 / 100), height: max(1, glyph.height * 30 / 100))
        guard let ink = try? binary.cropped(to: centre).inkPixelCount() else { return nil }
        return Double(ink) / Double(centre.width * centre.height)
    }

    /// A word's round glyphs read by their marks: marked ones 0, unmarked ones O (nil marks are left alone).
    private static func settled(_ word: RecognizedWord, marked: [Bool?]) -> RecognizedWord {
        var word = word
        for (index, mark) in zip(word.symbols.indices, marked) {
            guard let mark else { continue }
            let text = mark ? "0" : "O"
            if word.symbols[index].text != text { word.symbols[index] = reading(word.symbols[index], as: text) }
        }
        word.text = word.symbols.map(\.text).joined()
        return word
    }

    /// A symbol read as its look-alike `text` (O or 0): the shape's reading takes the recogniser's score and the
    /// recogniser's reading stays as the next alternative.
    private static func reading(_ symbol: RecognizedSymbol, as text: String) -> RecognizedSymbol {
        var symbol = symbol
        let other = symbol.text
        let score = symbol.alternatives.first { $0.text == other }?.score ?? symbol.confidence
        symbol.text = text
        symbol.alternatives = [SymbolAlternative(text: text, score: score)]
            + symbol.alternatives.filter { $0.text != "O" && $0.text != "0" }
            + [SymbolAlternative(text: other, score: score * 0.9)]
        return symbol
    }

    /// The one glyph (connected ink) whose centre lies within the symbol's span and which fills most of its
    /// height; nil when there is none or more than one. A glyph wider than tall is two characters run together.
    static func glyph(of symbol: RecognizedSymbol, among glyphs: [PixelRect]) -> PixelRect? {
        let found = InkBoxes.glyphs(under: symbol.box, among: glyphs).filter { $0.height * 2 >= symbol.box.height }
        guard found.count == 1, let glyph = found.first, glyph.width * 5 <= glyph.height * 6 else { return nil }
        return glyph
    }

    private static func correct(_ word: RecognizedWord, glyphs: [PixelRect]) -> RecognizedWord {
        guard word.symbols.contains(where: { $0.text == "0" }) else { return word }
        let digitWidths = word.symbols.filter { "23456789".contains($0.text) && $0.text.count == 1 }
            .compactMap { glyph(of: $0, among: glyphs)?.width }.sorted()
        guard digitWidths.count >= 2 else { return word }
        let median = Double(digitWidths[digitWidths.count / 2])
        var word = word
        var changed = false
        for index in word.symbols.indices where word.symbols[index].text == "0" {
            guard let glyph = glyph(of: word.symbols[index], among: glyphs),
                Double(glyph.width) >= capitalWidth * median
            else { continue }
            word.symbols[index] = reading(word.symbols[index], as: "O")
            changed = true
        }
        if changed { word.text = word.symbols.map(\.text).joined() }
        return word
    }
}
