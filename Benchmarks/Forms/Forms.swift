import Benchmark
import FormFields
import FormFill
import Foundation
import LegibleEvaluation
import LegiblePDF
import TestSupport

// Field detection and filling per page, on the pdf-lib sample form (one page, 27 fields): detection of its
// born-digital and 150-dpi scanned derivatives (fields removed; the scan's labels read by OCR on an engine
// started in the warm-up), and filling every field of the interactive original as an overlay, interactively,
// and by `qpdf --generate-appearances` on the same values (a process per iteration, as a team that shells out
// pays it).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: BenchmarkBudget.warmup(1),
        maxDuration: BenchmarkBudget.duration(seconds: 4),
        maxIterations: BenchmarkBudget.iterations(100))
    PangoWarmUp.once()

    for file in ["sample_form.flat.pdf", "sample_form.scan150.pdf"] {
        let kind = file.contains("scan") ? "scan, 150 dpi" : "born-digital"
        Benchmark("Detect fields, one page (\(kind): \(file))") { benchmark, document in
            let page = try document.page(at: 0)
            let detector = FormFieldDetector()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try detector.detectVisually(on: page))
            }
        } setup: {
            try PDFDocument(contentsOf: try FormsFixture.derived(file).path)
        }
    }

    let form = "Hopding__pdf-lib__assets__pdfs__sample_form.pdf"
    Benchmark("Detect fields, one page (AcroForm widgets: sample_form.pdf)") { benchmark, state in
        let detector = FormFieldDetector()
        for _ in benchmark.scaledIterations {
            blackHole(try detector.detect(state.document))
        }
    } setup: {
        try FillState(url: try FormsFixture.interactive(form))
    }

    for mode in FillMode.allCases {
        Benchmark("Fill one page, \(mode.rawValue) (sample_form.pdf, every field)") { benchmark, state in
            let filler = FormFiller()
            for _ in benchmark.scaledIterations {
                blackHole(try filler.fill(document: state.document, fields: state.fields, values: state.values, mode: mode))
            }
        } setup: {
            try FillState(url: try FormsFixture.interactive(form))
        }
    }

    Benchmark("Fill one page, qpdf --generate-appearances (sample_form.pdf, same values)") { (benchmark: Benchmark, input: URL) in
        let qpdf = QPDFBaseline()
        let output = input.deletingLastPathComponent().appendingPathComponent("qpdf-out.pdf")
        for _ in benchmark.scaledIterations {
            blackHole(try qpdf.generateAppearances(input: input, output: output))
        }
    } setup: { () throws -> URL in
        let state = try FillState(url: try FormsFixture.interactive(form))
        let filled = try FormFiller().fill(
            document: state.document, fields: state.fields, values: state.values, mode: .interactive)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("legible-bench-qpdf-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let input = directory.appendingPathComponent("qpdf-in.pdf")
        try QPDFBaseline().prepare(filled: filled.data, writingTo: input)
        return input
    }
}

/// An open form, its AcroForm fields and a Latin sample value for each, made once per benchmark.
struct FillState {
    let document: PDFDocument
    let fields: [FillField]
    let values: FillValues

    init(url: URL) throws {
        document = try PDFDocument(contentsOf: url.path)
        fields = try FillField.acroFormFields(of: document)
        values = FormPerfBenchmark.sampleValues(for: fields)
    }
}

/// Pango starts fontconfig on a thread ("[pango] FcInit") the first time text is laid out. When that thread
/// exits while a benchmark runs, glibc's arena clean-up crashes under package-benchmark's malloc interposer
/// (signal 11 in `__malloc_arena_thread_freeres`). One small overlay fill at registration, followed by a
/// short wait for the thread to finish, keeps its exit out of the measured runs.
enum PangoWarmUp {
    static func once() {
        guard let url = try? FormsFixture.interactive("Hopding__pdf-lib__assets__pdfs__sample_form.pdf"),
            let state = try? FillState(url: url)
        else { return }
        _ = try? FormFiller().fill(document: state.document, fields: state.fields, values: state.values, mode: .overlay)
        Thread.sleep(forTimeInterval: 0.5)
    }
}
