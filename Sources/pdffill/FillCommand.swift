import ArgumentParser
import FormFields
import FormFill
import Foundation
import LegiblePDF

/// `pdffill fill FORM VALUES.json -o OUT.pdf [--flatten | --interactive]`.
struct FillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fill", abstract: "Write values into a form and save a new PDF (the input is never changed).")

    @Argument(help: "The PDF form, or - for standard input.")
    var form: String

    @Argument(help: "Values: a JSON object keyed by region id, field name or label, or [{fieldRegionId, value}]; - for stdin.")
    var values: String

    @Option(name: .shortAndLong, help: "The filled PDF, or - for standard output.")
    var output: String

    @Flag(help: "Draw the values onto the pages (the default; the output has no fields).")
    var flatten = false

    @Flag(help: "Set the AcroForm fields' values (the output stays fillable).")
    var interactive = false

    @Option(help: "Also write the filled pages as PNGs into this folder, for a quick look without a PDF viewer.")
    var preview: String?

    @Option(help: "Password of an encrypted form.")
    var password: String?

    func validate() throws {
        if flatten && interactive { throw ValidationError("choose one of --flatten and --interactive") }
        if form == "-" && values == "-" { throw ValidationError("only one of FORM and VALUES can be standard input") }
    }

    func run() throws {
        let document = try PDFDocument(
            data: try FormInput.read(form, what: "form"), options: PDFOpenOptions(password: password))
        let parsed = try FillValues(json: try FormInput.read(values, what: "values"))
        let regions = try FormFieldDetector().detect(document)
        let fields = try FillField.fields(of: document, regions: regions)
        let filler = FormFiller(options: FillOptions(allowsImageFiles: true))
        let result = try filler.fill(
            document: document, fields: fields, values: parsed, mode: interactive ? .interactive : .overlay)
        for warning in result.warnings { FormInput.printError("warning: \(warning)") }
        try FormInput.write(result.data, to: output)
        if let preview {
            try FileManager.default.createDirectory(atPath: preview, withIntermediateDirectories: true)
            let filled = try PDFDocument(data: result.data)
            let files = try FieldOverlay.writePreviews(nil, of: filled, to: URL(fileURLWithPath: preview))
            FormInput.printError("wrote \(files.count) preview page(s) to \(preview)")
        }
        if output != "-" { FormInput.printError("filled \(result.filledCount) fields -> \(output)") }
    }
}
