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
}
