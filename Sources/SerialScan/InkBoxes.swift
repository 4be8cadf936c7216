import LegibleImaging
import LegibleOCR

/// Cuts symbol boxes that span whole columns of a line down to the ink under them, as Tesseract's boxes are.
enum InkBoxes {
    /// `words` with each symbol's box the union of the glyphs (connected ink of `crop` binarised by Otsu)
    /// whose centres lie in its columns and which overlap it; a symbol with no such glyph keeps its box. Word
    /// boxes become the union of their symbols'. Unchanged when the crop cannot be binarised.
    static func snapped(_ words: [RecognizedWord], in crop: Image) -> [RecognizedWord] {
        guard let binary = try? crop.binarizedOtsu(),
            let glyphs = try? binary.connectedComponents(eightConnected: true)
        else { return words }
        return words.map { word in
            var word = word
            word.symbols = word.symbols.map { symbol in
                let under = Self.glyphs(under: symbol.box, among: glyphs)
                guard let first = under.first else { return symbol }
                var symbol = symbol
                symbol.box = under.dropFirst().reduce(first) { $0.union($1) }
                return symbol
            }
            if let first = word.symbols.first {
                word.box = word.symbols.dropFirst().reduce(first.box) { $0.union($1.box) }
            }
            return word
        }
    }

    /// The glyphs whose centres lie in `box`'s columns and which overlap its rows.
    static func glyphs(under box: PixelRect, among glyphs: [PixelRect]) -> [PixelRect] {
        glyphs.filter { glyph in
            let centre = glyph.x * 2 + glyph.width
            return centre >= box.x * 2 && centre < box.maxX * 2 && glyph.y < box.maxY && glyph.maxY > box.y
        }
    }
}
