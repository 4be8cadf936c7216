import Benchmark
import Foundation
import LegibleImaging
import LegibleOCR
import SerialScan
import TestSupport

// Tesseract itself: starting an engine, reading one 12-character line on a reused engine, and scan
// throughput through a RecognizerPool of 1 and of N engines (N = active cores). Each pool iteration scans
// a batch of photos concurrently, so `throughput` there is batches per second.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: BenchmarkBudget.warmup(1),
        maxDuration: BenchmarkBudget.duration(seconds: 5),
        maxIterations: BenchmarkBudget.iterations(100))

    Benchmark("Recognizer init (eng, serial configuration)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Recognizer(configuration: SerialScanner.recognizerConfiguration))
        }
    }

    Benchmark("Recognize one line (text/serial-line.png, reused engine)") { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.recognizer.recognize(state.image, mode: .singleLine))
        }
    } setup: {
        LineState(
            image: try Image(contentsOf: Fixtures.image("text/serial-line.png").path),
            recognizer: try Recognizer(configuration: SerialScanner.recognizerConfiguration))
    }

    // One serial-scan line crop ("Serial Number C39L2COGX8GS" on a plate) read with the serial model as a raw
    // line, by Tesseract and by Legible's own LSTM inference: the same words, confidences and alternatives.
    let models = Fixtures.packageRoot.appendingPathComponent("Sources/SerialScan/Models")
    let crop = Fixtures.packageRoot.appendingPathComponent(
        "Tests/LegibleOCRTests/Fixtures/Lines/etched_002-line-darkStrokes-296-364.png")
    Benchmark("Read one line crop, serial model: Tesseract (raw line, reused engine)") { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.recognizer.recognize(state.image))
        }
    } setup: {
        LineState(
            image: try Image(contentsOf: crop.path),
            recognizer: try Recognizer(
                configuration: RecognizerConfiguration(
                    languages: ["serial"], dataPath: models.path, pageSegmentationMode: .rawLine,
                    usesDictionaries: false, collectsAlternatives: true, initVariables: ["tessedit_do_invert": "0"])))
    }

    Benchmark("Read one line crop, serial model: LSTMLineReader") { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.reader.read(state.image))
        }
    } setup: {
        ReaderState(
            image: try Image(contentsOf: crop.path),
            reader: try LSTMLineReader(modelPath: models.appendingPathComponent("serial.traineddata").path))
    }

    let cores = ProcessInfo.processInfo.activeProcessorCount
    let batch = SerialPhotos.mixed(perPreset: 2)
    for engines in Set([1, cores]).sorted() {
        Benchmark(
            "Pool of \(engines) engine(s): batch of \(batch.count * 2) scans",
            configuration: .init(maxDuration: BenchmarkBudget.duration(seconds: 15))
        ) { benchmark, scanner in
            for _ in benchmark.scaledIterations {
                let results = try await withThrowingTaskGroup(of: Int.self) { group in
                    for data in scanner.photos + scanner.photos {
                        group.addTask { try await scanner.scanner.scan(imageData: data).candidates.count }
                    }
                    return try await group.reduce(0, +)
                }
                blackHole(results)
            }
        } setup: {
            PoolState(
                scanner: SerialScanner(
                    pool: try RecognizerPool(size: engines, configuration: SerialScanner.recognizerConfiguration)),
                photos: try batch.map { try Data(contentsOf: $0) })
        }
    }
}

/// A line image and the engine that reads it.
struct LineState {
    let image: Image
    let recognizer: Recognizer
}

/// A line image and the LSTM reader that reads it.
struct ReaderState {
    let image: Image
    let reader: LSTMLineReader
}

/// A pooled scanner and the photos of one batch.
struct PoolState: Sendable {
    let scanner: SerialScanner
    let photos: [Data]
}
