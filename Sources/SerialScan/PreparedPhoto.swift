import LegibleImaging

/// What every preset's pipeline starts from, made once per photo: the grey image lines are read from, the
/// working copy lines are found in, and the working copy's grey statistics.
struct PreparedPhoto {
    /// Full-resolution grey image, from the colour channel with the most contrast.
    let gray: Image
    /// `gray` scaled so its longer side is at most the working size.
    let working: Image
    /// Working pixels per full-resolution pixel (at most 1).
    let scale: Double
    /// Mean and standard deviation of the working copy's grey levels.
    let statistics: (mean: Double, standardDeviation: Double)

    /// True when the photo is mostly dark (dark-mode screens, space-grey metal): its ink variants look for
    /// light text first.
    var darkBackground: Bool { statistics.mean < 110 }

    /// The text height, in working pixels, that ink is thresholded for: a fortieth of the working copy's
    /// height, at least 10.
    var textHeight: Int { max(10, working.height / 40) }

    /// - Throws: `SerialScanError.image` when Leptonica cannot convert or scale the image.
    init(_ image: Image, workingSize: Int) throws(SerialScanError) {
        do {
            gray = try image.grayscaleFromMostContrastingChannel()
            scale = min(1, Double(workingSize) / Double(max(gray.width, gray.height)))
            working = try gray.scaled(by: scale)
        } catch {
            throw .image(error)
        }
        statistics = (try? working.grayStatistics(step: 4)) ?? (mean: 128, standardDeviation: 0)
    }

    private init(gray: Image, working: Image, scale: Double, statistics: (mean: Double, standardDeviation: Double)) {
        self.gray = gray
        self.working = working
        self.scale = scale
        self.statistics = statistics
    }

    /// The same photo turned `quarterTurns` x 90 degrees clockwise (a quarter turn of its pixels: nothing is
    /// resampled, and the grey statistics stay).
    ///
    /// - Throws: `SerialScanError.image` when Leptonica cannot turn the image (out of memory).
    func turned(quarterTurns: Int) throws(SerialScanError) -> PreparedPhoto {
        do {
            return PreparedPhoto(
                gray: try gray.rotated(quarterTurns: quarterTurns),
                working: try working.rotated(quarterTurns: quarterTurns), scale: scale, statistics: statistics)
        } catch {
            throw .image(error)
        }
    }
}
