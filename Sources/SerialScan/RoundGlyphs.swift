import LegibleImaging
import LegibleOCR

/// Settles O against 0 by the glyph's shape where the recogniser leans one way by habit.
///
/// Both the serial model and `eng` read a round glyph in a run of digits as 0, and Apple's and Dell's serials,
/// which never hold an O, teach the serial model the same. But label IDs do hold O, and in proportional faces a
/// capital O is much wider than the digits, which share one width (tabular figures): in Liberation Sans an O
/// is about 1.35 times as wide as a 6 or an 8, a 0 as wide. Tesseract's symbol boxes are too loose to measure
/// that (a box may run to the line's end), so the glyphs are measured as ink in the crop that was read.
enum RoundGlyphs {
    /// Width, relative to the median of the word's digits 2-9, from which a glyph read as 0 is an O.
    static let capitalWidth = 1.25

    /// `lines` (in the coordinates of `crop`, dark text on a light ground) with each 0 whose glyph is at least
    /// ``capitalWidth`` times as wide as the other digits of its word read as O instead (its alternatives
    /// reordered to match). Words with fewer than two other measurable digits are left alone.
    static func readingWideZerosAsO(_ lines: [RecognizedLine], crop: Image) -> [RecognizedLine] {
        guard lines.contains(where: { $0.text.contains("0") }),
            let glyphs = try? crop.binarizedOtsu().connectedComponents(eightConnected: true)
        else { return lines }
        return lines.map { line in
            let words = line.words.map { correct($0, glyphs: glyphs) }
            guard words != line.words else { return line }
            var line = line
            line.words = words
            line.text = words.map(\.text).joined(separator: " ")
            return line
        }
    }

    /// The one glyph (connected ink) whose centre lies within the symbol's span and which fills most of its
    /// height; nil when there is none or more than one. A glyph wider than tall is two characters run together.
    static func glyph(of symbol: RecognizedSymbol, among glyphs: [PixelRect]) -> PixelRect? {
        let box = symbol.box
        let found = glyphs.filter { glyph in
            let centre = glyph.x * 2 + glyph.width
            return centre >= box.x * 2 && centre < box.maxX * 2 && glyph.height * 2 >= box.height
                && glyph.y < box.maxY && glyph.maxY > box.y
        }
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
            var symbol = word.symbols[index]
            symbol.text = "O"
            // The O the shape shows takes the 0's score; the 0 stays as the next alternative.
            let zero = symbol.alternatives.first { $0.text == "0" }?.score ?? symbol.confidence
            symbol.alternatives = [SymbolAlternative(text: "O", score: zero)]
                + symbol.alternatives.filter { $0.text != "O" && $0.text != "0" }
                + [SymbolAlternative(text: "0", score: zero * 0.9)]
            word.symbols[index] = symbol
            changed = true
        }
        if changed { word.text = word.symbols.map(\.text).joined() }
        return word
    }
}
