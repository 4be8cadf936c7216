import Benchmark
import Foundation
import LegibleImaging
import LegibleOCR
import SerialScan
import TestSupport

// Per preset: the image work alone (SerialScanner.preprocess: every variant's binarisation and line finding,
// no recognition), and a whole scan from encoded bytes on one reused recogniser (one core), its lines read by
// Tesseract's engine and by Legible's line reader.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: BenchmarkBudget.warmup(1),
        maxDuration: BenchmarkBudget.duration(seconds: 5),
        maxIterations: BenchmarkBudget.iterations(100))

    for preset in [SerialPreset.etched, .screen, .sticker] {
        let url = SerialPhotos.photo(preset.rawValue)

        Benchmark("Preprocess \(preset.rawValue) (\(url.lastPathComponent))") { benchmark, image in
            for _ in benchmark.scaledIterations {
                blackHole(try SerialScanner.preprocess(image, preset: preset))
            }
        } setup: {
            try Image(contentsOf: url.path)
        }

        // Each photo read by Tesseract's engine, and by Legible's LSTM inference over the engine's layout.
        for reader in SerialScanOptions.LineReader.allCases {
            let name = reader == .tesseract ? "" : ", Legible's line reader"
            let options = SerialScanOptions(lineReader: reader)
            Benchmark("Scan \(preset.rawValue) (\(url.lastPathComponent))\(name)") { benchmark, state in
                for _ in benchmark.scaledIterations {
                    blackHole(
                        try SerialScanner.scan(
                            imageData: state.data, preset: preset, recognizer: state.recognizer, options: options))
                }
            } setup: {
                ScanState(
                    data: try Data(contentsOf: url),
                    recognizer: try Recognizer(configuration: SerialScanner.recognizerConfiguration))
            }
        }
    }

    let auto = SerialPhotos.photo("sticker")
    Benchmark("Scan auto (\(auto.lastPathComponent))") { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try SerialScanner.scan(imageData: state.data, preset: .auto, recognizer: state.recognizer))
        }
    } setup: {
        ScanState(
            data: try Data(contentsOf: auto),
            recognizer: try Recognizer(configuration: SerialScanner.recognizerConfiguration))
    }
}

/// A photo's bytes and the engine that reads it, made once per benchmark.
struct ScanState {
    let data: Data
    let recognizer: Recognizer
}
