import LegibleImaging

/// One way of turning the working photo into ink on paper for line finding; presets list them cheapest and
/// most likely first.
enum ImageVariant: String, Sendable, CaseIterable {
    /// Sauvola threshold, dark text on a lighter ground (stickers, light-mode screens, dark engraving).
    case darkText
    /// Sauvola threshold on the inverted image: light text (dark-mode screens, engraving catching light).
    case lightText
    /// Black top-hat: dark strokes on uneven metal or paper, text up to about 25 pixels high.
    case darkStrokes
    /// White top-hat: bright strokes on uneven metal.
    case lightStrokes
    /// Black top-hat at half resolution: large dark text.
    case largeDarkStrokes
    /// White top-hat at half resolution: large bright text.
    case largeLightStrokes

    var isLightText: Bool { self == .lightText || self == .lightStrokes || self == .largeLightStrokes }

    /// How much the working image is shrunk before finding lines (line boxes are scaled back up).
    var reduction: Int { self == .largeDarkStrokes || self == .largeLightStrokes ? 2 : 1 }

    /// The binary image (1 = ink) this variant makes of an 8-bit grey working image whose text is about
    /// `textHeight` pixels high.
    func binarize(_ gray: Image, textHeight: Int) throws -> Image {
        let window = max(8, min(40, textHeight))
        // Sauvola's k at 0.15 rather than the customary 0.25-0.34 keeps the grey secondary text of settings
        // screens (where iOS and macOS print the serial) as ink; 0.25 broke it into specks.
        let k = 0.15
        switch self {
        case .darkText:
            return try gray.binarizedSauvola(windowHalfSize: window, factor: k)
        case .lightText:
            return try gray.inverted().binarizedSauvola(windowHalfSize: window, factor: k)
        case .darkStrokes, .lightStrokes, .largeDarkStrokes, .largeLightStrokes:
            // Top-hat: keeps strokes narrower than the element and drops the slowly varying ground (lighting,
            // highlights). The element runs along the rows, wider than any glyph and one pixel high, so the
            // ground it estimates follows brushed metal's streaks and they drop out with it (a 25x25 square
            // kept their edges: engraved top-1 36.7% -> 46.7% held out, 54.2% -> 52.8% main). A mild blur,
            // then a threshold against each neighbourhood's strongest response.
            let source = reduction == 1 ? gray : try gray.scaled(by: 1 / Double(reduction))
            let hat = try source.smoothed(halfWidth: 1, halfHeight: 1)
                .topHat(width: 61, height: 1, brightFeatures: isLightText)
                .smoothed(halfWidth: 1, halfHeight: 1)
            return try Self.locallyThresholded(hat, textHeight: max(8, textHeight / reduction))
        }
    }

    /// Ink where a top-hat response stands out both of the whole image's texture and of its neighbourhood.
    ///
    /// One global threshold lets bold text and symbols set the bar, so faint or light-weight engraving
    /// elsewhere on the plate falls apart into specks. Here a pixel is ink when its response is above a
    /// modest global floor (the brushed texture) and at least 40% of the strongest response within a
    /// few characters of it, so each line is judged against its own contrast.
    static func locallyThresholded(_ hat: Image, textHeight: Int) throws -> Image {
        let statistics = try hat.grayStatistics(step: 2)
        let floor = statistics.mean + 1.6 * max(1, statistics.standardDeviation)
        let localMaximum = try hat.morphology(.dilate, width: textHeight * 3, height: textHeight)
        let response = try hat.grayBytes()
        let peaks = try localMaximum.grayBytes()
        guard response.count == peaks.count, !response.isEmpty else { return try hat.thresholded(below: 0) }
        var ink = [UInt8](repeating: 255, count: response.count)
        let minimum = UInt16(min(255, floor.rounded(.up)))
        // Unchecked and branch-free, so the loop vectorises.
        response.withUnsafeBufferPointer { response in
            peaks.withUnsafeBufferPointer { peaks in
                ink.withUnsafeMutableBufferPointer { ink in
                    for index in 0..<ink.count {
                        let value = UInt16(response[index]), peak = UInt16(peaks[index])
                        let isInk = (value >= minimum) && (value &* 5 >= peak &* 2)
                        ink[index] = isInk ? 0 : 255
                    }
                }
            }
        }
        return try Image(width: hat.width, height: hat.height, format: .gray8, pixels: ink).thresholded(below: 128)
    }

    /// The crop Tesseract reads for a line found with this variant: dark text on a light ground, at the
    /// crop's own resolution. `characterHeight` is the text height in the crop's pixels. With `alongRows`, a
    /// stroke variant gives the top-hat of a one-pixel-high element instead of a square one.
    ///
    /// Stroke variants take the text's polarity from the crop itself, not from the variant: a line found in
    /// the dark halo around light engraving is light text all the same.
    func prepareForRecognition(_ crop: Image, characterHeight: Double, alongRows: Bool = false) throws -> Image {
        switch self {
        case .darkText:
            return try Self.flattened(crop, characterHeight: characterHeight)
        case .lightText:
            return try Self.flattened(crop.inverted(), characterHeight: characterHeight)
        case .darkStrokes, .lightStrokes, .largeDarkStrokes, .largeLightStrokes:
            let light = try Self.holdsLightText(crop)
            let hat: Image
            if alongRows {
                // Brushed metal is streaked along its rows. A closing along each row (an element wider than
                // any glyph, one pixel high) follows the streaks and fills the glyphs, so its top-hat keeps the
                // strokes and drops the streaks; a square element spans several streaks and keeps their edges.
                // On true-box crops of the engraved photos Tesseract read 20 of 40 serials from this, 9 from
                // the contrast-stretched grey crop.
                let element = max(9, Int(characterHeight * 1.3)) | 1
                hat = try crop.smoothed(halfWidth: 1, halfHeight: 1)
                    .topHat(width: element, height: 1, brightFeatures: light)
            } else {
                // A top-hat a little larger than the characters keeps every stroke and flattens the metal.
                let element = max(9, Int(characterHeight * 1.2)) | 1
                hat = try crop.topHat(width: element, height: element, brightFeatures: light)
                    .smoothed(halfWidth: 1, halfHeight: 1)
            }
            // Stretched so the strongest strokes are black on white.
            let floor = try hat.grayPercentile(0.5)
            let peak = max(floor + 8, try hat.grayPercentile(0.995))
            return try hat.stretched(low: floor, high: min(255, peak)).inverted()
        }
    }

    /// Dark text on an even ground: Tesseract thresholds a line globally, so a shadow or a gradient across
    /// the line (a label photographed under a hand, a screen's vignette) can leave it nothing to read. The
    /// background is divided out, then the darkest ink and the ground are stretched to black and white.
    /// A crop whose ground is already even (its light half spans few grey levels) is left as it is:
    /// Tesseract's reading of clean text shifts with any resampling of its edges.
    static func flattened(_ crop: Image, characterHeight: Double) throws -> Image {
        guard crop.width >= 8, crop.height >= 8 else { return crop }
        guard try crop.grayPercentile(0.98) - crop.grayPercentile(0.6) > 24 else { return crop }
        let flat = try crop.backgroundFlattened(elementSize: max(9, Int(characterHeight * 1.5)))
        let ink = try flat.grayPercentile(0.01), ground = try flat.grayPercentile(0.5)
        guard ground - ink >= 12 else { return flat }
        return try flat.stretched(low: ink, high: ground)
    }

    /// True when a grey line crop holds text lighter than its ground.
    ///
    /// A band is cut with a margin above and below its line, so its top and bottom rows hold only ground
    /// (metal, streaks, glare) and its middle rows the same ground plus the text. Text lighter than the ground
    /// lifts the middle rows' brightest grey above the margins' brightest; dark text sinks their darkest. The
    /// brushed metal's streaks run through both and cancel. Comparing the whole crop's lightest and darkest
    /// few percent instead let dark streaks pass for dark text: on the engraved photos with light text on a
    /// streaked plate every serial line was read in the wrong polarity (main set 91.7% -> 95.8% top-1 on
    /// engraved plates, held out 93.3% -> 100%, on 2026-11-26).
    ///
    /// "Brightest" and "darkest" are the 98th and 2nd percentiles. Faint engraving that fills a third of a
    /// wide band (the row under a caption, read whole) covers too few of the middle rows' pixels to move
    /// their 95th percentile past the metal's highlights, and such a band was read inverted. On 2026-11-27
    /// with device hints, the independent set's top-1 85.6% -> 87.8% (two plates read, 0.002 and 0.31 ->
    /// 0.97 and 0.92), top-3 95.6% -> 97.8%; the main, held-out and screenshot sets' candidates unchanged.
    /// Without hints one main-set plate's right answer (0.63) fell to second behind a line now read the
    /// other way (0.73). The 99th and 1st gave the same answers, the 97th and 3rd half the gain.
    static func holdsLightText(_ crop: Image) throws -> Bool {
        let width = crop.width, height = crop.height
        let pixels = try crop.grayBytes()
        guard height >= 6, width > 0, pixels.count == width * height else { return false }
        let edge = height / 6
        let middle = Self.grayRange(pixels, width: width, rows: height / 3..<(height - height / 3))
        let top = Self.grayRange(pixels, width: width, rows: 0..<edge)
        let bottom = Self.grayRange(pixels, width: width, rows: (height - edge)..<height)
        let lighterBy = middle.light - max(top.light, bottom.light)
        let darkerBy = min(top.dark, bottom.dark) - middle.dark
        return lighterBy > darkerBy
    }

    /// The 2nd and 98th percentile grey of some whole rows of an 8-bit image.
    private static func grayRange(_ pixels: [UInt8], width: Int, rows: Range<Int>) -> (dark: Int, light: Int) {
        var histogram = [Int](repeating: 0, count: 256)
        pixels.withUnsafeBufferPointer { buffer in
            for index in rows.lowerBound * width..<rows.upperBound * width { histogram[Int(buffer[index])] += 1 }
        }
        let count = rows.count * width
        func percentile(_ fraction: Int) -> Int {
            let rank = max(1, count * fraction / 100)
            var seen = 0
            for value in 0..<256 {
                seen += histogram[value]
                if seen >= rank { return value }
            }
            return 255
        }
        return (percentile(2), percentile(98))
    }

    /// Variants to try for a preset, in order.
    static func ordered(for preset: SerialPreset, darkBackground: Bool) -> [ImageVariant] {
        switch preset {
        case .screen:
            darkBackground ? [.lightText, .darkText] : [.darkText, .lightText]
        case .sticker:
            [.darkText, .darkStrokes, .lightText]
        case .etched:
            darkBackground
                ? [.lightStrokes, .darkStrokes, .largeLightStrokes, .largeDarkStrokes]
                : [.darkStrokes, .lightStrokes, .largeDarkStrokes, .largeLightStrokes]
        case .auto:
            darkBackground
                ? [.lightText, .darkText, .lightStrokes, .darkStrokes, .largeLightStrokes, .largeDarkStrokes]
                : [.darkText, .lightText, .darkStrokes, .lightStrokes, .largeDarkStrokes, .largeLightStrokes]
        }
    }
}
