import LegibleImaging

/// Whether a photo's text runs across it or up and down it, told from the shape of its ink without reading.
///
/// Printed and engraved text is a row of characters of one height set side by side, a little apart: the line
/// finder groups such rows. In a photo taken sideways (a phone held in portrait over a laptop's case) the
/// rows run vertically, so the finder finds few long lines in the photo as it is and many in the photo turned
/// a quarter. Which of the two quarter turns is upright is not told here: the two read differently, and the
/// reading decides.
enum TextAxis {
    /// Shortest line, in characters, that counts: shorter runs (two or three glyphs side by side) form by
    /// chance in a column of turned glyphs and in textures.
    static let minimumLineLength = 5

    /// How many more characters in long lines the turned photo must show than the photo as it is for its text
    /// to be taken as running up and down: a clear majority, so that upright photos with a few vertical marks
    /// (a barcode's bars, a ruler) are not read sideways.
    static let sidewaysMajority = 1.5

    /// Characters in lines of ``minimumLineLength`` or more found in `binary` (1 = ink).
    static func lineCharacters(in binary: Image, lightText: Bool) -> Int {
        let lines = (try? TextLineFinder.lines(in: binary, lightText: lightText)) ?? []
        return lines.filter { $0.characters.count >= minimumLineLength }.reduce(0) { $0 + $1.characters.count }
    }

    /// Characters in long lines of `photo` as it is and turned a quarter, from `variant`'s ink.
    static func lineCharacters(in photo: PreparedPhoto, variant: ImageVariant) -> (upright: Int, turned: Int) {
        guard let binary = try? variant.binarize(photo.working, textHeight: photo.textHeight),
            let turned = try? binary.rotated(quarterTurns: 1)
        else { return (0, 0) }
        return (
            lineCharacters(in: binary, lightText: variant.isLightText),
            lineCharacters(in: turned, lightText: variant.isLightText)
        )
    }

    /// True when `photo`'s text runs up and down rather than across in the ink of any preset's first variant:
    /// which ink shows the text depends on the kind of photo (light engraving, dark print), and the preset
    /// guessed for a photo that did not read is itself uncertain.
    static func looksSideways(_ photo: PreparedPhoto) -> Bool {
        var variants: [ImageVariant] = []
        for preset in [SerialPreset.etched, .screen, .sticker] {
            if let first = ImageVariant.ordered(for: preset, darkBackground: photo.darkBackground).first,
                !variants.contains(first)
            {
                variants.append(first)
            }
        }
        return variants.contains { variant in
            let counts = lineCharacters(in: photo, variant: variant)
            return Double(counts.turned) >= sidewaysMajority * Double(max(counts.upright, 1))
                && counts.turned >= minimumLineLength * 2
        }
    }
}
