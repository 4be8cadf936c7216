extension PDFDocument {
    /// The rectangles (PDF user space, by page index) of the text widgets whose field is a comb (`/Ff` bit 25
    /// with a `/MaxLen`, ISO 32000-1, 12.7.4.3), read from the file's own structure: Poppler-GLib does not
    /// expose the comb flag. Empty when the structure cannot be read. Computed once per document.
    func combWidgetRects() -> [Int: [PDFRect]] {
        if let combRects { return combRects }
        var found: [Int: [PDFRect]] = [:]
        if let file = try? PDFFileStructure(bytes: [UInt8](data)),
            let catalog = try? file.dictionary(file.trailer["Root"]),
            let pages = try? PDFOverlayComposer.pages(of: file, catalog: catalog), pages.count == pageCount
        {
            for (index, page) in pages.enumerated() {
                for annotation in ((try? file.resolve(page.dictionary["Annots"]))??.array) ?? [] {
                    guard let widget = try? file.dictionary(annotation), widget["Subtype"]?.name == "Widget",
                        let rect = PDFOverlayComposer.rectangle(try? file.resolve(widget["Rect"]))
                    else { continue }
                    let type = try? file.fieldAttribute("FT", of: widget)?.name
                    let flags = (try? file.fieldAttribute("Ff", of: widget)?.integer) ?? 0
                    let maxLength = (try? file.fieldAttribute("MaxLen", of: widget)?.integer) ?? 0
                    if type == "Tx", flags & (1 << 24) != 0, maxLength > 0 { found[index, default: []].append(rect) }
                }
            }
        }
        combRects = found
        return found
    }
}
