import Foundation
import LegiblePDF

/// Fill-in lines typed into a page's text layer: runs of underscores (`Name: ________`) or of dots and ellipses
/// (`NOM ..........`), the usual way word processors and many government forms draw the space to write in.
///
/// Drawn as characters, such a line is not a ruling the raster rules can trust (it sits inside a word of the
/// text layer, and a 1-point dot vanishes at detection resolution), so it is read from the glyphs. Several runs
/// on one line are several fields, each split from the next by its caption. A run that only leads the eye to a
/// line number, page number or currency sign printed right after it (`Wages . . . . . 8`, `Total . . . . $`, a
/// table of contents) is a guide to where the value goes, not a field.
enum TextLeaders {
    /// Fill-in runs and the page's words with those runs taken out (so captions read `NOM`, not `NOM ....`).
    struct Found {
        /// The fields, in points (top-left origin): each run's glyph boxes joined, as tall as its line.
        var leaders: [PDFRect]
        /// The words of the text layer without the characters of any run (leaders and guides alike).
        var words: [PDFWord]
    }

    /// Fewest underscores that make a fill-in line: two are an emphasis or a placeholder in a name.
    static let minimumUnderscores = 3
    /// Fewest dots (an ellipsis counts three) that make a leader: three are an ellipsis in a sentence.
    static let minimumDots = 4
    /// Shortest run that leaves room to write, in points.
    static let minimumWidth = 14.0

    /// Finds the runs among `glyphs` (one page's, in reading order).
    static func find(in glyphs: [PDFGlyph]) -> Found {
        var runs: [PDFRect] = []
        var kept = glyphs
        var index = 0
        while index < glyphs.count {
            guard let kind = Kind(glyphs[index].scalar) else {
                index += 1
                continue
            }
            // A run: glyphs of one kind on one line, spaces between them allowed ("_ _ _", ". . . ."), no gap
            // wider than the line is tall.
            var end = index + 1, last = index, count = kind.weight(glyphs[index].scalar)
            while end < glyphs.count, glyphs[end].lineIndex == glyphs[index].lineIndex {
                let glyph = glyphs[end]
                let gap = glyph.rect.x - glyphs[last].rect.maxX
                if gap > max(glyph.rect.height, glyphs[last].rect.height) || glyph.rect.maxX < glyphs[last].rect.x {
                    break
                }
                if glyph.scalar.properties.isWhitespace {
                    end += 1
                    continue
                }
                guard Kind(glyph.scalar) == kind else { break }
                count += kind.weight(glyph.scalar)
                last = end
                end += 1
            }
            let run = glyphs[index...last]
            let box = run.dropFirst().reduce(run.first!.rect) { $0.union($1.rect) }
            if count >= kind.minimumCount, box.width >= minimumWidth {
                for position in index...last { kept[position].scalar = " " }
                runs.append(box)
            }
            index = last + 1
        }
        let words = PDFPage.words(of: kept)
        return Found(leaders: runs.filter { !isGuide($0, words: words) }, words: words)
    }

    /// True when the first word right of the run on its baseline (within three line heights) is a line or page
    /// number, one to three characters starting with a digit (`8`, `16b`, `12`, also written `10a.` or `(6)`),
    /// a currency sign, or an arrow pointing on (`▶`, `→`): the run leads to the entry those mark. Found by
    /// position, not reading order: such numbers often sit in a column of their own.
    private static func isGuide(_ run: PDFRect, words: [PDFWord]) -> Bool {
        let reach = 3 * run.height
        let next = words.filter { word in
            let shared = min(word.rect.maxY, run.maxY) - max(word.rect.y, run.y)
            return word.rect.x >= run.maxX - 1 && word.rect.x - run.maxX <= reach
                && shared >= 0.5 * min(word.rect.height, run.height)
        }.min { $0.rect.x < $1.rect.x }
        guard let word = next?.text, let first = word.unicodeScalars.first else { return false }
        return first.properties.generalCategory == .currencySymbol || isArrow(first) || isLineNumber(word)
    }

    /// True for a form's line or page number: one to three characters starting with a digit (`8`, `16b`,
    /// `12`), also written `10a.` or `(6)`.
    static func isLineNumber(_ word: String) -> Bool {
        let text = word.trimmingCharacters(in: CharacterSet(charactersIn: "().:"))
        guard let first = text.unicodeScalars.first else { return false }
        return ("0"..."9").contains(first) && text.count <= 3
    }

    /// Arrows and right-pointing triangles, which print as a pointer to what follows them.
    private static func isArrow(_ scalar: Unicode.Scalar) -> Bool {
        (0x2190...0x21FF).contains(scalar.value) || (0x27A1...0x27BF).contains(scalar.value)
            || ["\u{25B6}", "\u{25B8}", "\u{25BA}", "\u{25B7}", "\u{25B9}", "\u{25BB}"].contains(scalar)
    }

    private enum Kind {
        case underscores, dots

        init?(_ scalar: Unicode.Scalar) {
            switch scalar {
            case "_", "\u{FF3F}": self = .underscores
            case ".", "\u{2026}", "\u{00B7}", "\u{2024}": self = .dots
            default: return nil
            }
        }

        /// How many marks a character draws: an ellipsis is three dots.
        func weight(_ scalar: Unicode.Scalar) -> Int { scalar == "\u{2026}" ? 3 : 1 }

        var minimumCount: Int { self == .underscores ? TextLeaders.minimumUnderscores : TextLeaders.minimumDots }
    }
}
