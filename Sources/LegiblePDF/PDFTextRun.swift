/// A line of Latin text to be written with the standard Helvetica font (not embedded), for appearances whose
/// values need no embedded font.
package struct PDFTextRun: Hashable, Sendable {
    /// The text; every character is in Windows-1252 (``PDFTextRun/winAnsiBytes(_:)`` is not nil).
    package var text: String
    /// Left edge of the run in points from the left of the box (or page) it was laid out in.
    package var x: Double
    /// Baseline in points from the top of that box (or page).
    package var baseline: Double
    /// Font size in points.
    package var size: Double

    /// A run of `text` at (`x`, `baseline`) in `size`-point Helvetica.
    package init(text: String, x: Double, baseline: Double, size: Double) {
        self.text = text
        self.x = x
        self.baseline = baseline
        self.size = size
    }

    /// Windows-1252 (the PDF's WinAnsiEncoding, ISO 32000-1, D.2) bytes of `text`, or nil when a character
    /// has none (or is a control character).
    package static func winAnsiBytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (0x20...0x7E).contains(value) || (0xA0...0xFF).contains(value) {
                bytes.append(UInt8(value))
            } else if let byte = windows1252High[value] {
                bytes.append(byte)
            } else {
                return nil
            }
        }
        return bytes
    }

    /// The characters Windows-1252 puts at 0x80-0x9F.
    private static let windows1252High: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
        0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91,
        0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98,
        0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B, 0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]

    /// Content-stream operators drawing `runs` in black Helvetica, clipped to `clip`, marked as variable text
    /// (`/Tx BMC … EMC`) so a later filler can replace it. Runs and clip are in points from the top-left of a
    /// space `height` points tall; the operators use that space with its origin at the bottom-left (an
    /// appearance stream's box, or a page as displayed). `font` is the resource name of the font.
    package static func content(_ runs: [PDFTextRun], height: Double, clip: PDFRect, font: String) -> [UInt8] {
        let box = [clip.x, height - clip.maxY, clip.width, clip.height].map(PDFObject.format).joined(separator: " ")
        var output = Array("/Tx BMC\nq \(box) re W n\nBT 0 g\n".utf8)
        var size = -1.0
        for run in runs {
            guard let bytes = winAnsiBytes(run.text) else { continue }
            if run.size != size {
                output += Array("/\(font) \(PDFObject.format(run.size)) Tf\n".utf8)
                size = run.size
            }
            output += Array("1 0 0 1 \(PDFObject.format(run.x)) \(PDFObject.format(height - run.baseline)) Tm ".utf8)
            PDFObject.string(bytes).write(to: &output)
            output += Array(" Tj\n".utf8)
        }
        output += Array("ET\nQ\nEMC\n".utf8)
        return output
    }

    /// The font resource for ``content(_:height:clip:font:)``: Helvetica, WinAnsiEncoding, not embedded
    /// (one of the standard fonts every PDF viewer has, ISO 32000-1, 9.6.2.2).
    static var helvetica: PDFObject {
        .dictionary(PDFDictionary([
            ("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("Helvetica")),
            ("Encoding", .name("WinAnsiEncoding")),
        ]))
    }
}

/// Lines of Helvetica for one field on a page: the field's box (points, top-left origin of the page as
/// displayed, the clip) and its runs in the same frame.
package struct PDFTextBlock: Hashable, Sendable {
    /// The field's box, the clip.
    package var box: PDFRect
    /// The lines of the value.
    package var runs: [PDFTextRun]

    /// A block of `runs` clipped to `box`.
    package init(box: PDFRect, runs: [PDFTextRun]) {
        self.box = box
        self.runs = runs
    }
}
