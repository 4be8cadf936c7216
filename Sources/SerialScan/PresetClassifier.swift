import Foundation
package import LegibleImaging

/// Guesses which kind of photo an image is (engraved plate, screen or sticker) from cheap global measures of
/// the working grey image, with a multinomial logistic model fitted on labelled photos.
///
/// Engraved metal is grey on grey (a narrow range between the darkest and lightest grey, little pure white or
/// black) with streaks along one direction; a sticker has paper white, black print and the vertical bars of a
/// barcode (grey changes far more often along the rows than down the columns); a screen is either mostly
/// black (dark mode) or an even light ground with rows of text. No one measure separates them: the old rule
/// (mean grey under 90: screen, else deviation under 32: metal, else sticker) guessed 70% of the main serial
/// set right and took most light screens for stickers or metal.
package enum PresetClassifier {
    /// The measures the model reads, in order (for reports).
    package static let featureNames = [
        "mean", "deviation", "darkest2%", "lightest2%", "whiteShare", "blackShare", "logRowOverColumnChange",
        "rowChange",
    ]

    /// Global measures of a working grey image (8-bit), sampled every second row: mean and standard deviation
    /// of the grey (over 100 and 30), its 2nd and 98th percentiles (over 100), the shares of pixels lighter
    /// than 200 and darker than 60, the log of the mean absolute grey change between neighbours along the rows
    /// over that down the columns, and the change along the rows (over 3).
    package static func features(of working: Image) throws(ImagingError) -> [Double] {
        let pixels = try working.grayBytes()
        let width = working.width, height = working.height
        guard width >= 2, height >= 2, pixels.count == width * height else { return [1.28, 0, 1.28, 1.28, 0, 0, 0, 0] }
        var histogram = [Int](repeating: 0, count: 256)
        var rowChange = 0, columnChange = 0
        for y in stride(from: 0, to: height - 1, by: 2) {
            let row = y * width
            for x in 0..<width {
                let value = Int(pixels[row + x])
                histogram[value] += 1
                columnChange += abs(Int(pixels[row + width + x]) - value)
                if x + 1 < width { rowChange += abs(Int(pixels[row + x + 1]) - value) }
            }
        }
        let count = histogram.reduce(0, +)
        var sum = 0.0, squares = 0.0
        for (value, n) in histogram.enumerated() {
            sum += Double(value * n)
            squares += Double(value * value * n)
        }
        let mean = sum / Double(count)
        let deviation = max(0, squares / Double(count) - mean * mean).squareRoot()
        func percentile(_ fraction: Double) -> Double {
            let rank = max(1, Int(Double(count) * fraction))
            var seen = 0
            for value in 0..<256 {
                seen += histogram[value]
                if seen >= rank { return Double(value) }
            }
            return 255
        }
        let white = Double(histogram[201...].reduce(0, +)) / Double(count)
        let black = Double(histogram[..<60].reduce(0, +)) / Double(count)
        let rows = Double(rowChange) / Double(count) + 0.01
        let columns = Double(columnChange) / Double(count) + 0.01
        return [mean / 100, deviation / 30, percentile(0.02) / 100, percentile(0.98) / 100, white, black,
                log(rows / columns), rows / 3]
    }

    /// A multinomial logistic model: one score per preset (etched, screen, sticker) as a bias plus weights
    /// over ``featureNames``; the highest score is the guess.
    package struct Model: Sendable, Equatable {
        /// The presets scored, in the order of `weights` and `biases`.
        package static let presets: [SerialPreset] = [.etched, .screen, .sticker]
        package var weights: [[Double]]
        package var biases: [Double]

        package init(weights: [[Double]], biases: [Double]) {
            self.weights = weights
            self.biases = biases
        }

        /// The preset whose score is highest.
        package func classify(_ features: [Double]) -> SerialPreset {
            let scores = zip(weights, biases).map { weights, bias in
                zip(weights, features).reduce(bias) { $0 + $1.0 * $1.1 }
            }
            let best = scores.indices.max { scores[$0] < scores[$1] } ?? 2
            return Self.presets[best]
        }
    }

    /// Fitted with `ocrbench presets --images TestImages/serials --holdout TestImages/serials-holdout` on
    /// 2026-11-27: right on 90% of the main set, 89% held out, 81% of the independent set, 71% of screenshots.
    package static let standard = Model(
        weights: [
            [0.2191, -1.1288, 1.6083, -1.1087, -1.8401, -2.5401, -3.1273, -1.1729],
            [-0.2827, 0.3571, -0.7245, -0.2697, 3.6849, 3.3020, -1.0571, 1.0764],
            [0.0636, 0.7717, -0.8838, 1.3783, -1.8448, -0.7619, 4.1844, 0.0964],
        ],
        biases: [3.5040, -0.7142, -2.7898])

    /// The standard model's guess for a working grey image; `sticker` when it cannot be measured.
    static func classify(_ working: Image) -> SerialPreset {
        guard let features = try? features(of: working) else { return .sticker }
        return standard.classify(features)
    }
}
