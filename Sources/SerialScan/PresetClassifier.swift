import LegibleImaging

/// Guesses which kind of photo an image is, from cheap global statistics of the working grey image.
enum PresetClassifier {
    /// `screen` for dark-mode screens and very even bright backgrounds, `etched` for low-contrast grey metal,
    /// `sticker` otherwise.
    static func classify(_ working: Image, statistics: (mean: Double, standardDeviation: Double)) -> SerialPreset {
        if statistics.mean < 90 { return .screen }
        if statistics.standardDeviation < 32 { return .etched }
        return .sticker
    }
}
