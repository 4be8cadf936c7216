import Benchmark
import Foundation
import LegibleImaging
import LegiblePDF
import TestSupport

// Page rasterising: what field detection and previews pay per page. The PDF is opened in setup; the timed
// loop renders one page to memory (never through PNG) at the resolutions the detector uses.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: BenchmarkBudget.warmup(2),
        maxDuration: BenchmarkBudget.duration(seconds: 3),
        maxIterations: BenchmarkBudget.iterations(200))

    let cases: [(file: String, dpi: Double, color: Bool)] = [
        ("sample_form.flat.pdf", 100, false),
        ("sample_form.flat.pdf", 150, true),
        ("sample_form.scan150.pdf", 150, false),
    ]
    for (file, dpi, color) in cases {
        Benchmark("Rasterise page 1, \(Int(dpi)) dpi \(color ? "colour" : "grey") (\(file))") { benchmark, document in
            let page = try document.page(at: 0)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try page.render(dpi: dpi, color: color))
            }
        } setup: {
            try PDFDocument(contentsOf: try FormsFixture.derived(file).path)
        }
    }
}
