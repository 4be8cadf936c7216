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
}
