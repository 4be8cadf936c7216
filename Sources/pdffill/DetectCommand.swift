import ArgumentParser
import FormFields
import Foundation
import LegiblePDF

/// `pdffill detect FORM [--json]`.
struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect", abstract: "List the fillable regions of a form.")

    @Argument(help: "The PDF form, or - for standard input.")
    var form: String

    @Flag(help: "Print the regions as JSON.")
    var json = false

    @Option(help: "Write one PNG per page with the regions drawn on it into this folder.")
    var preview: String?

    @Flag(
        name: .customLong("visual-too"),
        help: "On an interactive form, also list the regions its pages show where no widget is near.")
    var visualToo = false

    func run() throws {
        let document = try PDFDocument(data: try FormInput.read(form, what: "form"))
        let records = try FormFieldDetector(addsVisualRegionsToInteractiveForms: visualToo).detect(document)
        if let preview {
            try FileManager.default.createDirectory(atPath: preview, withIntermediateDirectories: true)
            let files = try FieldOverlay.writePreviews(records, of: document, to: URL(fileURLWithPath: preview))
            FormInput.printError("wrote \(files.count) preview page(s) to \(preview)")
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(records), as: UTF8.self))
        } else {
            for r in records {
                let box = String(format: "%.1f,%.1f %.1fx%.1f", r.x, r.y, r.width, r.height)
                print("p\(r.pageIndex + 1)  \(r.fieldType.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(box)  \(r.id)  \(r.label)")
            }
            print("\(records.count) regions")
        }
    }
}
