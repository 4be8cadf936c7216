import Benchmark
import Foundation
import LegibleImaging
import TestSupport

// Image decode: what every scan pays before any image work. Photos are read into memory in setup, so only
// decoding (incl. EXIF orientation) is timed.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: BenchmarkBudget.warmup(2),
        maxDuration: BenchmarkBudget.duration(seconds: 3),
        maxIterations: BenchmarkBudget.iterations(200))

    for preset in ["etched", "screen", "sticker"] {
        let url = SerialPhotos.photo(preset)
        let format = url.pathExtension.uppercased()
        Benchmark("Decode \(format) (\(preset) photo)") { benchmark, data in
            for _ in benchmark.scaledIterations {
                blackHole(try Image(data: data))
            }
        } setup: {
            try Data(contentsOf: url)
        }
    }

    Benchmark("Grey and scale to the working size (etched photo)") { benchmark, image in
        for _ in benchmark.scaledIterations {
            let gray = try image.grayscaleFromMostContrastingChannel()
            blackHole(try gray.scaled(by: min(1, 1200 / Double(max(image.width, image.height)))))
        }
    } setup: {
        try Image(contentsOf: SerialPhotos.photo("etched").path)
    }

    // Sauvola's threshold as the light-screen variant runs it: the working copy of a settings-screen photo,
    // window half-width 1/40 of its height (8 to 40 pixels), k = 0.15.
    Benchmark("Sauvola binarisation (screen photo, working size)") { benchmark, gray in
        for _ in benchmark.scaledIterations {
            blackHole(try gray.binarizedSauvola(windowHalfSize: max(8, min(40, gray.height / 40)), factor: 0.15))
        }
    } setup: { () throws -> Image in
        let image = try Image(contentsOf: SerialPhotos.photo("screen").path)
        let gray = try image.grayscaleFromMostContrastingChannel()
        return try gray.scaled(by: min(1, 1200 / Double(max(image.width, image.height))))
    }

    // The 3 x 3 mean the stroke variants take of an engraved plate's working copy before and after its top-hat.
    Benchmark("Box mean 3 x 3 (etched photo, working size)") { benchmark, gray in
        for _ in benchmark.scaledIterations {
            blackHole(try gray.smoothed(halfWidth: 1, halfHeight: 1))
        }
    } setup: { () throws -> Image in
        let image = try Image(contentsOf: SerialPhotos.photo("etched").path)
        let gray = try image.grayscaleFromMostContrastingChannel()
        return try gray.scaled(by: min(1, 1200 / Double(max(image.width, image.height))))
    }

    // A word as an LSTM takes it: a 420 x 48 piece of a plate's working copy scaled to the network's 36 rows
    // (linear interpolation, then pixScale's sharpening), by the kernels and by Leptonica.
    for leptonica in [false, true] {
        Benchmark("Scale a word to 36 rows (\(leptonica ? "Leptonica" : "kernels"))") { benchmark, word in
            for _ in benchmark.scaledIterations {
                let factor = Float(36) / Float(word.height)
                blackHole(
                    leptonica
                        ? try word.scaledWithLeptonica(x: factor, y: factor) : try word.scaled(by: Double(factor)))
            }
        } setup: { () throws -> Image in
            let image = try Image(contentsOf: SerialPhotos.photo("etched").path)
            let gray = try image.grayscaleFromMostContrastingChannel()
            return try gray.cropped(to: PixelRect(x: 100, y: 300, width: 420, height: 48))
        }
    }
}
