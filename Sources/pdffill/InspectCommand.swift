import ArgumentParser
import Foundation
import LegiblePDF

/// `pdffill inspect FORM`: pages, fields and current values.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect", abstract: "Show the pages, fields and current values of a form.")

    @Argument(help: "The PDF form, or - for standard input.")
    var form: String

    func run() throws {
        let document = try PDFDocument(data: try FormInput.read(form, what: "form"))
        print("pages: \(document.pageCount)\(document.hasXFA ? " (XFA hybrid)" : "")")
        for index in 0..<document.pageCount {
            let page = try document.page(at: index)
            print(String(format: "  page %d: %.1f x %.1f pt, rotation %d", index + 1, page.width, page.height, page.rotation))
        }
        let widgets = try document.formWidgets()
        print("fields: \(widgets.count)")
        for w in widgets {
            var line = "  p\(w.pageIndex + 1) \(w.kind.rawValue) \(w.name ?? "(no name)")"
            if let value = w.value { line += " = \(value.debugDescription)" }
            if let on = w.onStateName { line += " [on: \(on)]" }
            if let max = w.maxLength { line += " [max \(max)]" }
            if w.isReadOnly { line += " [read-only]" }
            print(line)
        }
    }
}
