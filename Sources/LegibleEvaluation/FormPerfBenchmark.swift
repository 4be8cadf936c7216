public import FormFill
public import FormFields
public import Foundation
import LegiblePDF
import SerialScan

/// The measurements behind `ocrbench perf --forms`: field detection and filling per page on a folder of PDF
/// forms, beside `qpdf --generate-appearances` on the same interactive forms in the same run.
///
/// For every PDF (searched recursively): detection of the whole document, divided by its pages, counted
/// once per page and split into AcroForm, born-digital and scanned documents. For every document with
/// AcroForm fields, all fields get a Latin sample value (text, a tick, the first option) and are filled as an
/// overlay and interactively (each divided by pages); the interactive output, values set and
/// `/NeedAppearances` on, is given to qpdf, whose appearance generation is timed per page the same way. Output
/// sizes are compared with the input. One untimed warm-up fill runs first, and one untimed detection of the
/// first scanned document: it starts the detector's label reader (a Tesseract engine, about 60 ms once per
/// detector, as a server pays it once), which would otherwise be counted in that document's pages.
public struct FormPerfBenchmark: Sendable {
    /// Times each form is detected and filled.
    public var passes: Int
    /// The qpdf baseline; nil to skip it.
    public var qpdf: QPDFBaseline?
    /// The detector measured.
    public var detector: FormFieldDetector

    /// Creates a run.
    public init(passes: Int = 1, qpdf: QPDFBaseline? = QPDFBaseline(), detector: FormFieldDetector = FormFieldDetector()) {
        self.passes = max(1, passes)
        self.qpdf = qpdf
        self.detector = detector
    }

    /// Every `.pdf` under `directory` (recursively), sorted by path.
    ///
    /// - Throws: when the folder cannot be listed.
    public static func forms(in directory: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        var found: [URL] = []
        for case let url as URL in enumerator where url.pathExtension.lowercased() == "pdf" { found.append(url) }
        return found.sorted { $0.path < $1.path }
    }

    /// A Latin value for every fillable field: a name for text, a tick for check boxes and radio buttons, the
    /// first option of a choice, digits for combs.
    public static func sampleValues(for fields: [FillField]) -> FillValues {
        var values: [String: String] = [:]
        for field in fields where !field.isReadOnly {
            switch field.kind {
            case .checkbox: values[field.id] = "yes"
            case .radio: values[field.id] = field.onStateName ?? "yes"
            case .choice: values[field.id] = field.options?.first ?? "Ada"
            case .comb: values[field.id] = String("1234567890".prefix(max(1, field.maxLength ?? 4)))
            case .multiline: values[field.id] = "Ada Lovelace\n12 St James's Square"
            case .text, .signature: values[field.id] = "Ada Lovelace 1815"
            case .unsupported: break
            }
        }
        return FillValues(values)
    }

    /// Runs every stage on `forms`.
    ///
    /// - Parameters:
    ///   - source: Where the forms came from, for the report.
    ///   - progress: Called after each form.
    /// - Throws: ``QPDFBaseline/Failure`` when qpdf is asked for but missing.
    public func run(forms: [URL], source: String, progress: (String) -> Void = { _ in }) throws -> FormPerfReport {
        if let qpdf, !qpdf.isAvailable {
            throw QPDFBaseline.Failure(description: "\(qpdf.executable) not found; install qpdf or pass --no-baseline")
        }
        let loadAtStart = MachineLoad.oneMinute()
        let clock = ContinuousClock()
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("legible-formperf-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var detection: [String: [Double]] = [:]
        var overlay: [Double] = [], interactive: [Double] = [], qpdfTimes: [Double] = []
        var pairedOverlay = 0.0, pairedQPDF = 0.0
        var overlaySizes: [(file: String, ratio: Double)] = [], interactiveSizes: [(file: String, ratio: Double)] = []
        var failures: [String] = []
        var pages = 0, filledForms = 0, warmedUp = false, readerStarted = false

        for url in forms {
            defer { progress(url.lastPathComponent) }
            let name = url.lastPathComponent
            let document: PDFDocument
            do { document = try PDFDocument(contentsOf: url.path) } catch {
                failures.append("\(name): \(error)")
                continue
            }
            pages += document.pageCount
            let perPage = Double(document.pageCount)
            let widgets = (try? document.formWidgets()) ?? []
            let kind: String
            if !widgets.isEmpty {
                kind = "acroform"
            } else if ((try? document.page(at: 0).words()) ?? []).isEmpty {
                kind = "scan"
            } else {
                kind = "bornDigital"
            }
            if kind == "scan", !readerStarted {
                _ = try? detector.detect(document)
                readerStarted = true
            }
            for _ in 0..<passes {
                let start = clock.now
                do { _ = try detector.detect(document) } catch {
                    failures.append("\(name): detection: \(error)")
                    break
                }
                let each = (clock.now - start).milliseconds / perPage
                detection[kind, default: []] += Array(repeating: each, count: document.pageCount)
            }
            guard !widgets.isEmpty, let fields = try? FillField.acroFormFields(of: document), !fields.isEmpty else {
                continue
            }
            let values = Self.sampleValues(for: fields)
            let filler = FormFiller()
            if !warmedUp {
                _ = try? filler.fill(document: document, fields: fields, values: values, mode: .overlay)
                warmedUp = true
            }
            filledForms += 1
            var overlayTotal = 0.0
            var filledInteractively: Data?
            for _ in 0..<passes {
                do {
                    let start = clock.now
                    let result = try filler.fill(document: document, fields: fields, values: values, mode: .overlay)
                    let elapsed = (clock.now - start).milliseconds
                    overlayTotal += elapsed
                    overlay += Array(repeating: elapsed / perPage, count: document.pageCount)
                    overlaySizes.append((name, Double(result.data.count) / Double(document.data.count)))
                } catch {
                    failures.append("\(name): overlay: \(error)")
                    break
                }
                do {
                    let start = clock.now
                    let result = try filler.fill(document: document, fields: fields, values: values, mode: .interactive)
                    let elapsed = (clock.now - start).milliseconds
                    interactive += Array(repeating: elapsed / perPage, count: document.pageCount)
                    interactiveSizes.append((name, Double(result.data.count) / Double(document.data.count)))
                    filledInteractively = result.data
                } catch {
                    failures.append("\(name): interactive: \(error)")
                    break
                }
            }
            guard let qpdf, let filled = filledInteractively else { continue }
            let input = scratch.appendingPathComponent("qpdf-in.pdf")
            let output = scratch.appendingPathComponent("qpdf-out.pdf")
            do {
                try qpdf.prepare(filled: filled, writingTo: input)
                var total = 0.0
                for _ in 0..<passes {
                    let elapsed = try qpdf.generateAppearances(input: input, output: output)
                    total += elapsed
                    qpdfTimes += Array(repeating: elapsed / perPage, count: document.pageCount)
                }
                pairedQPDF += total
                pairedOverlay += overlayTotal
            } catch {
                failures.append("\(name): qpdf: \(error)")
            }
        }
        return FormPerfReport(
            forms: forms.count, filledForms: filledForms, pages: pages, passes: passes, source: source,
            detection: detection.mapValues { LatencySummary(milliseconds: $0) },
            overlayFill: LatencySummary(milliseconds: overlay),
            interactiveFill: LatencySummary(milliseconds: interactive),
            qpdfGenerateAppearances: qpdf == nil ? nil : LatencySummary(milliseconds: qpdfTimes),
            speedupVsQpdf: pairedOverlay > 0 && pairedQPDF > 0 ? pairedQPDF / pairedOverlay : nil,
            overlaySizeRatio: SizeRatios(overlaySizes), interactiveSizeRatio: SizeRatios(interactiveSizes),
            failures: failures, peakResidentMegabytes: ProcessMemory.peakResidentBytes.map { Double($0) / 1e6 },
            loadAverageAtStart: loadAtStart, loadAverageAtEnd: MachineLoad.oneMinute())
    }
}
