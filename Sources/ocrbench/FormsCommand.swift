import ArgumentParser
import FormFields
import Foundation
import LegibleEvaluation
import LegibleImaging
import LegiblePDF

/// `ocrbench forms`: score field detection on the shared forms, or print one document's regions.
struct FormsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forms",
        abstract: "Score form-field detection (--dir) or print the regions of one document (--regions).")

    @Option(name: .long, help: "Folder of test forms (holding derived/, interactive/, MANIFEST.tsv).")
    var dir: String?

    @Option(name: .long, help: "A PDF or image whose detected regions are printed as JSON.")
    var regions: String?

    @Option(name: .long, help: "With --regions: write one PNG per page with the regions drawn into this folder.")
    var overlay: String?

    @Option(name: .long, help: "Raster resolution for pages with a text layer, pixels per inch.")
    var bornDigitalDPI = FormFieldDetector().bornDigitalDPI

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --dir: a file of form stems (one per line, # comments) kept out of tuning.",
            discussion: "Their totals are printed apart from the rest's: tuned on, and never tuned on."))
    var validation: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --dir: write the learned scorer's training table (candidates.csv, truth.csv) into this folder.",
            discussion: "Every candidate of the visual rules on the derived forms, before the scorer, with its features and whether it is a field; the --validation forms are marked so, and the trainer only reports on them. Scripts/train-field-scorer.py reads it."))
    var candidateTable: String?

    @Flag(name: .long, help: "With --dir: list the truth fields each document missed.")
    var verbose = false

    @Flag(name: .long, help: "With --regions: detect visually on every page, ignoring AcroForm widgets.")
    var visual = false

    @Flag(name: .long, help: "With --dir: also score visual detection on the interactive forms' pages and 150-dpi scans of them (widgets as truth).")
    var visualOnInteractive = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "With --visual-on-interactive: detect on copies flattened by qpdf --flatten-annotations=all.",
            discussion: "Values and hints become page text, as in the derived forms."))
    var flatten = false

    @Flag(name: .long, help: "With --visual-on-interactive: also score text fields that show a value (boxes holding printed text; left out by default).")
    var countPrefilled = false

    func validate() throws {
        if (dir == nil) == (regions == nil) { throw ValidationError("pass exactly one of --dir or --regions") }
        if overlay != nil && regions == nil { throw ValidationError("--overlay goes with --regions") }
        if candidateTable != nil && dir == nil { throw ValidationError("--candidate-table goes with --dir") }
    }

    func run() async throws {
        if let regions { try printRegions(of: regions) } else if let dir { try score(directory: dir) }
    }

    private func printRegions(of path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let document: PDFDocument
        if data.starts(with: Array("%PDF".utf8)) || ImageFormat.sniff(data) == nil {
            document = try PDFDocument(data: data)
        } else {
            document = try PDFDocument(imageData: data)
        }
        let detector = FormFieldDetector(bornDigitalDPI: bornDigitalDPI)
        let found = try visual
            ? (0..<document.pageCount).flatMap { index in try detector.detectVisually(on: document.page(at: index)) }
            : detector.detect(document)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(found.map(RegionJSON.init)), as: UTF8.self))
        if let overlay {
            try FileManager.default.createDirectory(atPath: overlay, withIntermediateDirectories: true)
            for index in 0..<document.pageCount {
                let image = try FieldOverlay.draw(found.filter { $0.pageIndex == index }, on: document.page(at: index))
                let url = URL(fileURLWithPath: overlay).appendingPathComponent("page-\(index + 1).png")
                try image.pngData().write(to: url)
            }
        }
    }

    private func score(directory: String) throws {
        let root = URL(fileURLWithPath: directory)
        let validationStems = try validation.map { path in
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        } ?? []
        let benchmark = FormBenchmark(detector: FormFieldDetector(bornDigitalDPI: bornDigitalDPI))
        if let candidateTable {
            let folder = URL(fileURLWithPath: candidateTable, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let table = try benchmark.candidateTable(directory: root, validation: Set(validationStems))
            try table.candidates.write(to: folder.appendingPathComponent("candidates.csv"), atomically: true, encoding: .utf8)
            try table.truth.write(to: folder.appendingPathComponent("truth.csv"), atomically: true, encoding: .utf8)
            print("wrote \(folder.path)/candidates.csv and truth.csv")
            return
        }
        var results = try benchmark.scoreDerived(directory: root)
        if visualOnInteractive {
            var drawn: ((URL) -> PDFDocument?)?
            var scratch: URL?
            if flatten {
                let qpdf = QPDFBaseline()
                guard qpdf.isAvailable else { throw ValidationError("--flatten needs qpdf at \(qpdf.executable)") }
                let folder = FileManager.default.temporaryDirectory
                    .appendingPathComponent("legible-flat-\(UUID().uuidString)", isDirectory: true)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                scratch = folder
                // Both passes (drawn and scanned) take the same copy: each form is flattened once.
                drawn = { form in
                    let copy = folder.appendingPathComponent(form.lastPathComponent)
                    if !FileManager.default.fileExists(atPath: copy.path) {
                        guard (try? qpdf.flattenAnnotations(input: form, output: copy)) != nil else {
                            try? FileManager.default.removeItem(at: copy)
                            return nil
                        }
                    }
                    return try? PDFDocument(contentsOf: copy.path)
                }
            }
            defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
            results += try benchmark.scoreVisualOnInteractive(directory: root, blankOnly: !countPrefilled, drawn: drawn)
            results += try benchmark.scoreVisualOnInteractive(
                directory: root, asScans: true, blankOnly: !countPrefilled, drawn: drawn)
        }
        func line(_ name: String, _ s: FormScoring.Score, _ extra: String = "") -> String {
            let f = { (v: Double) in String(format: "%.3f", v) }
            return "\(name.padding(toLength: 78, withPad: " ", startingAt: 0)) truth \(String(format: "%3d", s.truthCount)) det \(String(format: "%3d", s.detectedCount)) match \(String(format: "%3d", s.matched))  P \(f(s.precision))  R \(f(s.recall))  type \(f(s.typeAccuracy))  label \(f(s.labelAccuracy)) (\(s.labelAgreed)/\(s.labelScored))\(extra)"
        }
        for kind in ["born-digital", "scan"] + (visualOnInteractive ? ["visual-on-interactive", "scans-of-interactive"] : []) {
            print("== \(kind)")
            var total = FormScoring.Score()
            var pages = 0
            var milliseconds = 0.0
            var missed = 0, undrawn = 0
            for result in results where result.kind == kind {
                total = total + result.score
                pages += result.pages
                milliseconds += result.milliseconds
                missed += result.missed.count
                undrawn += result.missedUndrawn
                print(line(result.file, result.score, String(format: "  %.0f ms/page", result.milliseconds / Double(result.pages))))
                if verbose, !result.missed.isEmpty { print("    missed: " + result.missed.joined(separator: ", ")) }
                if verbose, !result.labelMismatches.isEmpty {
                    print("    labels: " + result.labelMismatches.joined(separator: "\n            "))
                }
            }
            print(line("OVERALL \(kind)", total, String(format: "  %.0f ms/page", milliseconds / Double(max(1, pages)))))
            if !validationStems.isEmpty {
                let ofKind = results.filter { $0.kind == kind }
                for (name, held) in [("tuning", false), ("validation", true)] {
                    let group = ofKind.filter { result in
                        validationStems.contains { result.file.hasPrefix($0 + ".") } == held
                    }
                    let sum = group.reduce(FormScoring.Score()) { $0 + $1.score }
                    let meanRecall = group.map(\.score.recall).reduce(0, +) / Double(max(1, group.count))
                    print(line(
                        "  \(name) (\(group.count) forms)", sum, String(format: "  per-form mean R %.3f", meanRecall)))
                }
            }
            if kind.hasSuffix("interactive"), missed > 0 {
                let found = Double(total.truthCount - missed), drawn = Double(total.truthCount - undrawn)
                let shown = String(format: "%.3f", found / max(1, drawn))
                print("  missed \(missed), \(undrawn) with nothing drawn at the field; recall over fields shown: "
                    + shown)
            }
        }
        print("== AcroForm (interactive/)")
        let acro = try benchmark.checkAcroForms(directory: root)
        for result in acro {
            let status = result.passed ? "ok  " : "FAIL"
            var detail = "fields \(result.found.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))"
            if result.found != result.expected {
                detail += " widgets \(result.widgets.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))"
                detail += " expected \(result.expected.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))"
            }
            if result.widgetsCompared > 0 { detail += " widgets exact \(result.widgetsExact)/\(result.widgetsCompared)" }
            if let error = result.error { detail += " error: \(error)" }
            print("\(status) \(result.file.prefix(90)) \(detail)")
        }
        print("AcroForm: \(acro.filter(\.passed).count)/\(acro.count) forms pass")
    }
}

/// The wire shape of `--regions` output.
struct RegionJSON: Encodable {
    var id: String
    var pageIndex: Int
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var fieldType: String
    var label: String
    var confidence: Double
    var source: String
    /// Characters a comb takes (or an AcroForm field's `/MaxLen`); absent when unknown.
    var maxLength: Int?

    init(_ region: FieldRegion) {
        func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }
        id = region.id
        pageIndex = region.pageIndex
        x = round2(region.x)
        y = round2(region.y)
        width = round2(region.width)
        height = round2(region.height)
        fieldType = region.fieldType.rawValue
        label = region.label
        confidence = round2(region.confidence)
        source = region.source.rawValue
        maxLength = region.maxLength
    }
}
