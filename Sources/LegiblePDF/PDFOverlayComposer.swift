package import Foundation

/// Puts pages of one PDF (values drawn by Cairo) over the pages of another as an incremental update, and
/// optionally flattens the form: widgets are replaced by their appearances drawn into the page content and
/// the AcroForm is removed.
///
/// The original bytes are kept as they are and followed by a small update: page content, fonts and images
/// stay untouched (text stays extractable, nothing is re-encoded), and the overlay's fonts come as Cairo
/// subset them. Files whose structure does not read cleanly (damaged cross-references Poppler had to
/// reconstruct, encryption) throw ``PDFStructureError``; callers then compose through Poppler instead.
package struct PDFOverlayComposer {
    /// What to compose.
    package struct Request {
        /// For a page index of the document, the 0-based page of the overlay PDF drawn over it. Each overlay
        /// page is the page as displayed (crop box, rotated), origin bottom-left as Cairo writes it.
        package var overlayPages: [Int: Int] = [:]
        /// The overlay PDF (from Cairo); nil when only flattening.
        package var overlay: Data?
        /// Values written in the standard Helvetica over a page (by page index): nothing embedded.
        package var textBlocks: [Int: [PDFTextBlock]] = [:]
        /// Draw widgets into the page content and drop the AcroForm.
        package var flattenWidgets = false
        /// Widgets whose value is being replaced, by page index; their old value must not print.
        package var replacedWidgets: [Int: [ReplacedWidget]] = [:]
        /// Values set on AcroForm fields (the form stays fillable); not combined with ``flattenWidgets``.
        package var fieldValues: [FieldValue] = []

        /// An empty request: nothing drawn, nothing flattened.
        package init() {}
    }

    /// A widget whose value is being replaced. A check box or radio button is drawn in its off state; a text
    /// or choice widget without the text of its appearance (the `/Tx BMC … EMC` part, ISO 32000-1, 12.7.3.3),
    /// or not at all when that part cannot be found and the widget shows a value.
    package struct ReplacedWidget {
        /// The widget's rectangle in points, top-left origin of the page as displayed; matched at IoU 0.5.
        package var rect: PDFRect
        /// Whether the widget currently shows a value.
        package var showsValue: Bool

        /// A replaced widget at `rect`, showing a value or not.
        package init(rect: PDFRect, showsValue: Bool) {
            self.rect = rect
            self.showsValue = showsValue
        }
    }

    /// A page found in the page tree, with the attributes it inherits.
    struct PageNode {
        var reference: PDFReference
        var dictionary: PDFDictionary
        var resources: PDFObject?
        var mediaBox: [Double]?
        var cropBox: [Double]?
        var rotate: Int
    }

    let file: PDFFileStructure

    /// Reads the structure of `data`.
    /// - Throws: ``PDFStructureError`` when it cannot be read cleanly or is encrypted.
    package init(data: Data) throws(PDFStructureError) {
        file = try PDFFileStructure(bytes: [UInt8](data))
        guard file.trailer["Encrypt"] == nil else { throw PDFStructureError(reason: "the document is encrypted") }
    }

    /// The composed document.
    /// - Parameter pageCount: The page count Poppler reports; the page tree must agree.
    /// - Throws: ``PDFStructureError`` when a needed object is missing or malformed.
    package func compose(_ request: Request, pageCount: Int) throws(PDFStructureError) -> Composition {
        guard let catalogReference = file.trailer["Root"]?.reference, var catalog = try file.dictionary(.reference(catalogReference)) else {
            throw PDFStructureError(reason: "no document catalog")
        }
        let pages = try Self.pages(of: file, catalog: catalog)
        guard pages.count == pageCount else {
            throw PDFStructureError(reason: "the page tree has \(pages.count) pages, Poppler counts \(pageCount)")
        }
        var update = PDFIncrementalUpdate(file: file)
        var overlayFile: PDFFileStructure?
        var overlayNodes: [PageNode] = []
        if let overlay = request.overlay, !request.overlayPages.isEmpty || !request.fieldValues.isEmpty {
            let parsed = try PDFFileStructure(bytes: [UInt8](overlay))
            guard let root = try parsed.dictionary(parsed.trailer["Root"]) else { throw PDFStructureError(reason: "overlay has no catalog") }
            overlayNodes = try Self.pages(of: parsed, catalog: root)
            overlayFile = parsed
        }
        var imported: [Int: PDFReference] = [:]
        var saveState: PDFReference?
        var outcomes: [Int: FieldOutcome] = [:]
        if !request.fieldValues.isEmpty {
            guard !request.flattenWidgets else { throw PDFStructureError(reason: "field values and flattening do not mix") }
            var context = FieldContext(
                overlay: overlayFile, overlayPages: overlayNodes, imported: imported, update: update, catalog: catalog)
            outcomes = try setFieldValues(request.fieldValues, pages: pages, context: &context)
            (imported, update) = (context.imported, context.update)
            if context.catalog != catalog {
                catalog = context.catalog
                update.set(catalogReference, to: .object(.dictionary(catalog)))
            }
        }
        for (index, page) in pages.enumerated() {
            var draws: [(name: String, reference: PDFReference, matrix: [Double])] = []
            var dictionary = page.dictionary
            if request.flattenWidgets, let annotations = try file.resolve(dictionary["Annots"])?.array {
                var kept: [PDFObject] = []
                var replaced: [(rect: PDFRect, showsValue: Bool)] = []
                for widget in request.replacedWidgets[index] ?? [] {
                    replaced.append((try Self.userRect(ofDisplayed: widget.rect, page: page), widget.showsValue))
                }
                for annotation in annotations {
                    guard let widget = try file.dictionary(annotation), widget["Subtype"]?.name == "Widget" else {
                        kept.append(annotation)
                        continue
                    }
                    if let draw = try appearance(of: widget, replaced: replaced, update: &update) { draws.append(draw) }
                }
                dictionary["Annots"] = kept.isEmpty ? nil : .array(kept)
            }
            if let overlayIndex = request.overlayPages[index], let overlayFile {
                guard overlayIndex >= 0, overlayIndex < overlayNodes.count else {
                    throw PDFStructureError(reason: "overlay page \(overlayIndex) does not exist")
                }
                let form = try formXObject(from: overlayNodes[overlayIndex], of: overlayFile, imported: &imported, update: &update)
                draws.append(("LegibleOverlay", form, try Self.displayedToUser(page)))
            }
            let blocks = request.textBlocks[index] ?? []
            guard !draws.isEmpty || !blocks.isEmpty || dictionary != page.dictionary else { continue }
            if !draws.isEmpty || !blocks.isEmpty {
                var resources = try file.dictionary(page.resources) ?? PDFDictionary()
                var xObjects = try file.dictionary(resources["XObject"]) ?? PDFDictionary()
                var content = Array("Q\n".utf8)
                for (offset, draw) in draws.enumerated() {
                    let name = xObjects.insert(.reference(draw.reference), preferringName: "\(draw.name)\(offset)")
                    let matrix = draw.matrix.map(PDFObject.format).joined(separator: " ")
                    content += Array("q \(matrix) cm /\(name) Do Q\n".utf8)
                }
                if !draws.isEmpty { resources["XObject"] = .dictionary(xObjects) }
                if !blocks.isEmpty {
                    let name = try helveticaName(in: &resources, update: &update)
                    let height = try Self.displayedHeight(page)
                    content += Array("q \(try Self.displayedToUser(page).map(PDFObject.format).joined(separator: " ")) cm\n".utf8)
                    for block in blocks { content += PDFTextRun.content(block.runs, height: height, clip: block.box, font: name) }
                    content += Array("Q\n".utf8)
                }
                dictionary["Resources"] = .dictionary(resources)
                let opening = saveState ?? update.add(.stream(PDFDictionary(), Array("q\n".utf8)))
                saveState = opening
                let closing = update.add(.stream(PDFDictionary(), content))
                var contents: [PDFObject] = [.reference(opening)]
                switch dictionary["Contents"] {
                case .reference(let reference)?:
                    if case .object(.array(let items)) = try file.value(reference) { contents += items } else { contents.append(.reference(reference)) }
                case .array(let items)?: contents += items
                default: break
                }
                contents.append(.reference(closing))
                dictionary["Contents"] = .array(contents)
            }
            update.set(page.reference, to: .object(.dictionary(dictionary)))
        }
        if request.flattenWidgets, catalog["AcroForm"] != nil {
            catalog["AcroForm"] = nil
            update.set(catalogReference, to: .object(.dictionary(catalog)))
        }
        return Composition(data: Data(update.bytes()), outcomes: outcomes)
    }

    /// Puts the shared Helvetica font object into `resources`' fonts and returns its resource name.
    func helveticaName(in resources: inout PDFDictionary, update: inout PDFIncrementalUpdate) throws(PDFStructureError) -> String {
        var fonts = try file.dictionary(resources["Font"]) ?? PDFDictionary()
        let name = fonts.insert(.reference(update.addShared(.object(PDFTextRun.helvetica))), preferringName: "LegibleHelvetica")
        resources["Font"] = .dictionary(fonts)
        return name
    }

    // MARK: Widgets

    /// The form XObject drawing `widget` as it prints, with the matrix placing it on its rectangle; nil for
    /// widgets that do not print, have no appearance, or are replaced without an off state.
    private func appearance(
        of widget: PDFDictionary, replaced: [(rect: PDFRect, showsValue: Bool)], update: inout PDFIncrementalUpdate
    ) throws(PDFStructureError) -> (name: String, reference: PDFReference, matrix: [Double])? {
        let flags = widget["F"]?.integer ?? 0
        guard flags & 4 != 0, flags & 2 == 0, let rect = Self.rectangle(try file.resolve(widget["Rect"])) else { return nil }
        let replacement = replaced.first { $0.rect.intersectionOverUnion(rect) >= 0.5 }
        guard let normal = try file.dictionary(widget["AP"])?["N"] else { return nil }
        let chosen: PDFReference
        if case .reference(let reference) = normal, case .stream = try file.value(reference) {
            chosen = reference
        } else if let states = try file.dictionary(normal) {
            let state = replacement != nil ? "Off" : (widget["AS"]?.name ?? "Off")
            guard let reference = states[state]?.reference else { return nil }
            chosen = reference
        } else {
            return nil
        }
        guard case .stream(var dictionary, var data) = try file.value(chosen) else { return nil }
        var stream = chosen
        var rewrite = false
        if let replacement, normal.reference == chosen {
            // A text or choice widget: its old value must go, its border and background may stay.
            if let stripped = try? Self.withoutVariableText(data, dictionary: dictionary) {
                (dictionary, data) = stripped
                stream = update.reserve()
                rewrite = true
            } else if replacement.showsValue {
                return nil
            }
        }
        if dictionary["Subtype"]?.name != "Form" {
            dictionary["Type"] = .name("XObject")
            dictionary["Subtype"] = .name("Form")
            rewrite = true
        }
        if rewrite { update.set(stream, to: .stream(dictionary, data)) }
        return try placed(stream, dictionary: dictionary, on: rect)
    }

    /// The draw of form XObject `stream` (dictionary `dictionary`) onto an annotation rectangle.
    private func placed(
        _ stream: PDFReference, dictionary: PDFDictionary, on rect: PDFRect
    ) throws(PDFStructureError) -> (name: String, reference: PDFReference, matrix: [Double])? {
        guard let box = Self.rectangle(try file.resolve(dictionary["BBox"])) else { return nil }
        let formMatrix = (try file.resolve(dictionary["Matrix"]))?.array?.compactMap(\.number) ?? [1, 0, 0, 1, 0, 0]
        guard formMatrix.count == 6 else { return nil }
        // ISO 32000-1, 12.5.5: the box transformed by the form matrix is mapped onto the annotation rectangle.
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height), (box.x + box.width, box.y + box.height)]
            .map { (x, y) in (formMatrix[0] * x + formMatrix[2] * y + formMatrix[4], formMatrix[1] * x + formMatrix[3] * y + formMatrix[5]) }
        let minX = corners.map(\.0).min()!, maxX = corners.map(\.0).max()!
        let minY = corners.map(\.1).min()!, maxY = corners.map(\.1).max()!
        guard maxX - minX > 0.001, maxY - minY > 0.001 else { return nil }
        let scaleX = rect.width / (maxX - minX), scaleY = rect.height / (maxY - minY)
        return ("LegibleWidget", stream, [scaleX, 0, 0, scaleY, rect.x - minX * scaleX, rect.y - minY * scaleY])
    }

    /// An appearance stream without its variable text (`/Tx BMC … EMC`), decoded; nil when it has none or
    /// cannot be decoded.
    static func withoutVariableText(
        _ data: [UInt8], dictionary: PDFDictionary
    ) throws(PDFStructureError) -> (dictionary: PDFDictionary, data: [UInt8])? {
        let plain = try PDFFileStructure.decode(data, dictionary: dictionary)
        guard let range = PDFContentScanner.markedContent("Tx", in: plain) else { return nil }
        var copy = dictionary
        copy["Filter"] = nil
        copy["DecodeParms"] = nil
        copy["Length"] = nil
        return (copy, Array(plain[..<range.lowerBound]) + Array(plain[range.upperBound...]))
    }

    // MARK: Overlay pages

    /// A form XObject holding the content of `page` of `source`, its resources copied into this document.
    func formXObject(
        from page: PageNode, of source: PDFFileStructure, imported: inout [Int: PDFReference],
        update: inout PDFIncrementalUpdate
    ) throws(PDFStructureError) -> PDFReference {
        var (dictionary, data) = try Self.contentStream(of: page, in: source)
        guard let box = page.mediaBox, box.count == 4 else { throw PDFStructureError(reason: "overlay page has no media box") }
        dictionary["Length"] = nil
        dictionary["Type"] = .name("XObject")
        dictionary["Subtype"] = .name("Form")
        dictionary["BBox"] = .array(box.map { .real($0) })
        if let resources = page.resources {
            dictionary["Resources"] = try importObject(resources, from: source, imported: &imported, update: &update)
        }
        return update.add(.stream(dictionary, data))
    }

    /// The one content stream of an overlay page (Cairo writes one per page): its dictionary and encoded data.
    static func contentStream(of page: PageNode, in source: PDFFileStructure) throws(PDFStructureError) -> (PDFDictionary, [UInt8]) {
        var contents = page.dictionary["Contents"]
        if case .reference(let reference)? = contents, case .object(.array(let items)) = try source.value(reference) {
            contents = .array(items)
        }
        if case .array(let items)? = contents, items.count == 1 { contents = items[0] }
        guard case .reference(let reference)? = contents, case .stream(let dictionary, let data) = try source.value(reference) else {
            throw PDFStructureError(reason: "overlay page content is not one stream")
        }
        return (dictionary, data)
    }

    /// `object` with every reference into `source` replaced by a copy of the referred object in this document.
    func importObject(
        _ object: PDFObject, from source: PDFFileStructure, imported: inout [Int: PDFReference],
        update: inout PDFIncrementalUpdate
    ) throws(PDFStructureError) -> PDFObject {
        switch object {
        case .reference(let reference):
            if let known = imported[reference.number] { return .reference(known) }
            switch try source.value(reference) {
            case .object(let value):
                let copied = try importObject(value, from: source, imported: &imported, update: &update)
                // Cairo writes the same resource dictionary for every page: one copy serves them all.
                var key: [UInt8] = []
                copied.write(to: &key)
                if let same = update.existing(key) {
                    imported[reference.number] = same
                    return .reference(same)
                }
                let target = update.reserve()
                imported[reference.number] = target
                update.set(target, to: .object(copied))
                update.remember(key, as: target)
                return .reference(target)
            case .stream(var dictionary, let data):
                let target = update.reserve()
                imported[reference.number] = target
                dictionary["Length"] = nil
                guard case .dictionary(let copied) = try importObject(.dictionary(dictionary), from: source, imported: &imported, update: &update) else {
                    throw PDFStructureError(reason: "stream dictionary did not copy")
                }
                update.set(target, to: .stream(copied, data))
                return .reference(target)
            }
        case .array(let items):
            var copied: [PDFObject] = []
            for item in items { copied.append(try importObject(item, from: source, imported: &imported, update: &update)) }
            return .array(copied)
        case .dictionary(let dictionary):
            var copied = PDFDictionary()
            for (key, value) in dictionary.entries {
                // Pages and annotations are never part of resources; a /Parent would drag the page tree along.
                guard key != "Parent" else { continue }
                copied[key] = try importObject(value, from: source, imported: &imported, update: &update)
            }
            return .dictionary(copied)
        default:
            return object
        }
    }

    // MARK: Page tree and geometry

    static func pages(of file: PDFFileStructure, catalog: PDFDictionary) throws(PDFStructureError) -> [PageNode] {
        guard let root = catalog["Pages"]?.reference else { throw PDFStructureError(reason: "the catalog has no page tree") }
        var result: [PageNode] = []
        var visited: Set<Int> = []
        try collect(root, file: file, inherited: PageNode(reference: root, dictionary: PDFDictionary(), rotate: 0), visited: &visited, into: &result, depth: 0)
        return result
    }

    private static func collect(
        _ reference: PDFReference, file: PDFFileStructure, inherited: PageNode, visited: inout Set<Int>,
        into result: inout [PageNode], depth: Int
    ) throws(PDFStructureError) {
        guard depth < 64, visited.insert(reference.number).inserted else {
            throw PDFStructureError(reason: "the page tree loops or is too deep")
        }
        guard let node = try file.dictionary(.reference(reference)) else {
            throw PDFStructureError(reason: "page tree node \(reference.number) is not a dictionary")
        }
        var current = inherited
        current.reference = reference
        current.dictionary = node
        if let resources = node["Resources"] { current.resources = resources }
        if let box = try file.resolve(node["MediaBox"])?.array?.compactMap(\.number), box.count == 4 { current.mediaBox = box }
        if let box = try file.resolve(node["CropBox"])?.array?.compactMap(\.number), box.count == 4 { current.cropBox = box }
        if let rotate = try file.resolve(node["Rotate"])?.integer { current.rotate = rotate }
        if let kids = try file.resolve(node["Kids"])?.array, node["Type"]?.name != "Page" {
            for kid in kids {
                guard let kidReference = kid.reference else { throw PDFStructureError(reason: "a page tree kid is not a reference") }
                try collect(kidReference, file: file, inherited: current, visited: &visited, into: &result, depth: depth + 1)
            }
        } else {
            result.append(current)
        }
    }

    /// The matrix from a page as displayed (crop box turned by `/Rotate`, origin bottom-left) to its user space.
    static func displayedToUser(_ page: PageNode) throws(PDFStructureError) -> [Double] {
        guard let media = page.mediaBox.map(normalized) else { throw PDFStructureError(reason: "page has no media box") }
        var crop = page.cropBox.map(normalized) ?? media
        crop = [max(crop[0], media[0]), max(crop[1], media[1]), min(crop[2], media[2]), min(crop[3], media[3])]
        if crop[2] <= crop[0] || crop[3] <= crop[1] { crop = media }
        let width = crop[2] - crop[0], height = crop[3] - crop[1]
        switch ((page.rotate % 360) + 360) % 360 {
        case 90: return [0, 1, -1, 0, crop[0] + width, crop[1]]
        case 180: return [-1, 0, 0, -1, crop[0] + width, crop[1] + height]
        case 270: return [0, -1, 1, 0, crop[0], crop[1] + height]
        default: return [1, 0, 0, 1, crop[0], crop[1]]
        }
    }

    /// The height of the page as displayed (its crop box, turned by `/Rotate`), in points.
    static func displayedHeight(_ page: PageNode) throws(PDFStructureError) -> Double {
        guard let media = page.mediaBox.map(normalized) else { throw PDFStructureError(reason: "page has no media box") }
        let crop = page.cropBox.map(normalized) ?? media
        let rotated = ((page.rotate % 360) + 360) % 360
        return rotated == 90 || rotated == 270 ? crop[2] - crop[0] : crop[3] - crop[1]
    }

    /// A rectangle given on the page as displayed (points, top-left origin) in the page's user space.
    static func userRect(ofDisplayed rect: PDFRect, page: PageNode) throws(PDFStructureError) -> PDFRect {
        let matrix = try displayedToUser(page)
        let height = try displayedHeight(page)
        let corners = [(rect.x, rect.y), (rect.x + rect.width, rect.y + rect.height)].map { (x, y) in
            let v = height - y
            return (matrix[0] * x + matrix[2] * v + matrix[4], matrix[1] * x + matrix[3] * v + matrix[5])
        }
        let minX = min(corners[0].0, corners[1].0), minY = min(corners[0].1, corners[1].1)
        return PDFRect(x: minX, y: minY, width: abs(corners[0].0 - corners[1].0), height: abs(corners[0].1 - corners[1].1))
    }

    static func normalized(_ box: [Double]) -> [Double] {
        [min(box[0], box[2]), min(box[1], box[3]), max(box[0], box[2]), max(box[1], box[3])]
    }

    /// A PDF rectangle array as a ``PDFRect`` in user space (x, y the lower-left corner).
    static func rectangle(_ object: PDFObject?) -> PDFRect? {
        guard let values = object?.array?.compactMap(\.number), values.count == 4 else { return nil }
        let box = normalized(values)
        return PDFRect(x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1])
    }
}
