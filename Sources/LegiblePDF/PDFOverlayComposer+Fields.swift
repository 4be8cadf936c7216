package import Foundation

extension PDFOverlayComposer {
    /// A value for one widget of an AcroForm field, set in the file so the form stays fillable.
    package struct FieldValue {
        /// What to set.
        package enum Setting: Equatable {
            /// Text (or a choice's selection) with its appearance drawn on `appearancePage` of the overlay PDF:
            /// a page the size of the widget's rectangle.
            case text(String, appearancePage: Int)
            /// Latin text whose appearance is `runs` of the standard Helvetica (nothing embedded), laid out for a
            /// box the size of the widget's rectangle.
            case runs(String, [PDFTextRun])
            /// A check box or radio button turned on (to its own on state) or off.
            case toggle(Bool)
        }

        /// Identifies the value in the outcomes.
        package var key: Int
        /// The widget's page (0-based).
        package var pageIndex: Int
        /// The widget's rectangle in points, top-left origin of the page as displayed; matched at IoU 0.5.
        package var rect: PDFRect
        /// What to set.
        package var setting: Setting

        /// A value for the widget at `rect` on page `pageIndex`.
        package init(key: Int, pageIndex: Int, rect: PDFRect, setting: Setting) {
            self.key = key
            self.pageIndex = pageIndex
            self.rect = rect
            self.setting = setting
        }
    }

    /// What happened to a ``FieldValue``.
    package enum FieldOutcome: Equatable {
        /// The value was set.
        case set
        /// The field refused the value (`reason` says why: not one of a closed choice's options...).
        case refused(reason: String)
    }

    /// The composed bytes and, for field values, what happened to each (by ``FieldValue/key``; values whose
    /// widget was not found are absent).
    package struct Composition {
        /// The composed PDF.
        package var data: Data
        /// What happened to each field value, by key.
        package var outcomes: [Int: FieldOutcome]
    }

    /// The state `setFieldValues` works on: objects edited so far and the update being built.
    struct FieldContext {
        var overlay: PDFFileStructure?
        var overlayPages: [PageNode]
        var imported: [Int: PDFReference]
        var update: PDFIncrementalUpdate
        var catalog: PDFDictionary
        /// Dictionaries changed so far, written once at the end (a widget may also be its field).
        var edits: [PDFReference: PDFDictionary] = [:]

        init(overlay: PDFFileStructure?, overlayPages: [PageNode], imported: [Int: PDFReference], update: PDFIncrementalUpdate, catalog: PDFDictionary) {
            self.overlay = overlay
            self.overlayPages = overlayPages
            self.imported = imported
            self.update = update
            self.catalog = catalog
        }
    }

    /// Sets `values` on their widgets' fields: `/V` on the field (the parent of kid widgets), `/AS` on
    /// buttons, a new appearance on text widgets (the old one without its text, with the drawn value on
    /// top), and `/NeedAppearances` off, since every filled widget now has its appearance.
    func setFieldValues(
        _ values: [FieldValue], pages: [PageNode], context: inout FieldContext
    ) throws(PDFStructureError) -> [Int: FieldOutcome] {
        var outcomes: [Int: FieldOutcome] = [:]
        // Pages in order, so the same request always writes the same bytes.
        for (pageIndex, onPage) in Dictionary(grouping: values, by: \.pageIndex).sorted(by: { $0.key < $1.key }) {
            guard pageIndex >= 0, pageIndex < pages.count else { continue }
            let page = pages[pageIndex]
            guard let annotations = try file.resolve(page.dictionary["Annots"])?.array else { continue }
            var widgets: [(reference: PDFReference, rect: PDFRect)] = []
            for annotation in annotations {
                guard let reference = annotation.reference, let widget = try file.dictionary(annotation),
                    widget["Subtype"]?.name == "Widget", let rect = Self.rectangle(try file.resolve(widget["Rect"]))
                else { continue }
                widgets.append((reference, rect))
            }
            for value in onPage {
                let target = try Self.userRect(ofDisplayed: value.rect, page: page)
                guard let match = widgets.max(by: { $0.rect.intersectionOverUnion(target) < $1.rect.intersectionOverUnion(target) }),
                    match.rect.intersectionOverUnion(target) >= 0.5
                else { continue }
                switch value.setting {
                case .toggle(let on):
                    outcomes[value.key] = try toggle(match.reference, on: on, context: &context)
                case .text(let text, let appearancePage):
                    if page.rotate % 360 != 0 { throw PDFStructureError(reason: "text appearances on rotated pages") }
                    outcomes[value.key] = try setText(
                        text, widget: match.reference, rect: match.rect, drawn: .overlayPage(appearancePage), context: &context)
                case .runs(let text, let runs):
                    if page.rotate % 360 != 0 { throw PDFStructureError(reason: "text appearances on rotated pages") }
                    outcomes[value.key] = try setText(
                        text, widget: match.reference, rect: match.rect, drawn: .runs(runs), context: &context)
                }
            }
        }
        if outcomes.values.contains(.set) {
            try clearNeedAppearances(context: &context)
        }
        for (reference, dictionary) in context.edits {
            context.update.set(reference, to: .object(.dictionary(dictionary)))
        }
        return outcomes
    }

    // MARK: Buttons

    private func toggle(
        _ widget: PDFReference, on: Bool, context: inout FieldContext
    ) throws(PDFStructureError) -> FieldOutcome {
        var dictionary = try edited(widget, context: context)
        let (fieldReference, field) = try self.field(of: widget, dictionary: dictionary, context: context)
        guard let state = try onState(of: dictionary) else {
            // No appearance to name the on state: the caller fills through Poppler, which makes one.
            throw PDFStructureError(reason: "a button without on-state appearance")
        }
        if on {
            // Every widget of the field shows the state if it has it (radio kids, or a check box drawn twice).
            for kid in try kids(of: field) where kid != widget {
                var kidDictionary = try edited(kid, context: context)
                kidDictionary["AS"] = .name(try onState(of: kidDictionary) == state ? state : "Off")
                context.edits[kid] = kidDictionary
            }
            dictionary["AS"] = .name(state)
            var fieldDictionary = fieldReference == widget ? dictionary : field
            fieldDictionary["V"] = .name(state)
            Self.store(widget: widget, dictionary, field: fieldReference, fieldDictionary, in: &context)
        } else {
            dictionary["AS"] = .name("Off")
            var fieldDictionary = fieldReference == widget ? dictionary : field
            if fieldDictionary["V"]?.name == state || fieldReference == widget { fieldDictionary["V"] = .name("Off") }
            Self.store(widget: widget, dictionary, field: fieldReference, fieldDictionary, in: &context)
        }
        return .set
    }

    /// Records the edited widget and field; when the widget is its own field, the field's version (which has
    /// the widget's changes too) is the one kept.
    private static func store(
        widget: PDFReference, _ dictionary: PDFDictionary, field: PDFReference, _ fieldDictionary: PDFDictionary,
        in context: inout FieldContext
    ) {
        if field == widget {
            context.edits[widget] = fieldDictionary
        } else {
            context.edits[widget] = dictionary
            context.edits[field] = fieldDictionary
        }
    }

    /// The name of a button widget's on state: the key of its normal appearances other than `Off`.
    private func onState(of widget: PDFDictionary) throws(PDFStructureError) -> String? {
        guard let states = try file.dictionary(try file.dictionary(widget["AP"])?["N"]) else { return nil }
        return states.entries.map(\.key).first { $0 != "Off" }
    }

    // MARK: Text

    /// Where a text value's drawing comes from.
    private enum DrawnValue {
        /// A page of the overlay PDF (Cairo, fonts embedded as subsets).
        case overlayPage(Int)
        /// Lines of the standard Helvetica (nothing embedded).
        case runs([PDFTextRun])
    }

    private func setText(
        _ text: String, widget: PDFReference, rect: PDFRect, drawn: DrawnValue, context: inout FieldContext
    ) throws(PDFStructureError) -> FieldOutcome {
        var dictionary = try edited(widget, context: context)
        let (fieldReference, field) = try self.field(of: widget, dictionary: dictionary, context: context)
        if let refusal = try refusal(of: text, by: field) { return .refused(reason: refusal) }

        // The new appearance: the old one without its text (border, background), the value on top, in one stream.
        var appearance = PDFDictionary([
            ("Type", .name("XObject")), ("Subtype", .name("Form")),
            ("BBox", .array([.integer(0), .integer(0), .real(rect.width), .real(rect.height)])),
        ])
        var content: [UInt8] = []
        var resources = PDFDictionary()
        var placement = "1 0 0 1 0 0"
        if let old = try file.dictionary(dictionary["AP"])?["N"]?.reference, case .stream(let oldDictionary, let data) = try file.value(old) {
            let matrix = (try file.resolve(oldDictionary["Matrix"]))?.array?.compactMap(\.number) ?? [1, 0, 0, 1, 0, 0]
            if matrix == [1, 0, 0, 1, 0, 0], let box = Self.rectangle(try file.resolve(oldDictionary["BBox"])),
                box.width > 0.001, box.height > 0.001, let stripped = try? Self.withoutVariableText(data, dictionary: oldDictionary)
            {
                appearance = stripped.dictionary
                appearance["Type"] = .name("XObject")
                appearance["Subtype"] = .name("Form")
                resources = try file.dictionary(appearance["Resources"]) ?? PDFDictionary()
                if stripped.data.contains(where: { !PDFObjectParser.isWhite($0) }) {
                    content = Array("q\n".utf8) + stripped.data + Array("\nQ\n".utf8)
                }
                placement = [box.width / rect.width, 0, 0, box.height / rect.height, box.x, box.y]
                    .map(PDFObject.format).joined(separator: " ")
            }
        }
        switch drawn {
        case .runs(let runs):
            let name = try helveticaName(in: &resources, update: &context.update)
            content += Array("q \(placement) cm\n".utf8)
                + PDFTextRun.content(
                    runs, height: rect.height, clip: PDFRect(x: 0, y: 0, width: rect.width, height: rect.height), font: name)
                + Array("Q\n".utf8)
        case .overlayPage(let index):
            guard let overlay = context.overlay, index >= 0, index < context.overlayPages.count else {
                throw PDFStructureError(reason: "appearance page \(index) does not exist")
            }
            let page = context.overlayPages[index]
            let value = try overlayContent(of: page, in: overlay, context: &context)
            if let merged = try merging(value.resources, into: resources) {
                resources = merged
                content += Array("q \(placement) cm\n".utf8) + value.content + Array("\nQ\n".utf8)
            } else {
                // A resource name used by both: the value keeps resources of its own as a form XObject.
                let drawn = try formXObject(from: page, of: overlay, imported: &context.imported, update: &context.update)
                var xObjects = try file.dictionary(resources["XObject"]) ?? PDFDictionary()
                let name = xObjects.insert(.reference(drawn), preferringName: "LegibleValue")
                resources["XObject"] = .dictionary(xObjects)
                content += Array("q \(placement) cm /\(name) Do Q\n".utf8)
            }
        }
        appearance["Resources"] = .dictionary(resources)
        let stream = context.update.addShared(.stream(appearance, content))

        dictionary["AP"] = .dictionary(PDFDictionary([("N", .reference(stream))]))
        var fieldDictionary = fieldReference == widget ? dictionary : field
        fieldDictionary["V"] = .string(Self.textString(text))
        fieldDictionary["RV"] = nil
        Self.store(widget: widget, dictionary, field: fieldReference, fieldDictionary, in: &context)
        return .set
    }

    /// The decoded content of an overlay page and its resources (each category a dictionary whose values are
    /// copied into this document).
    private func overlayContent(
        of page: PageNode, in source: PDFFileStructure, context: inout FieldContext
    ) throws(PDFStructureError) -> (content: [UInt8], resources: PDFDictionary) {
        let (dictionary, data) = try Self.contentStream(of: page, in: source)
        let content = try PDFFileStructure.decode(data, dictionary: dictionary)
        var resources = PDFDictionary()
        for (category, value) in (try source.dictionary(page.resources))?.entries ?? [] {
            guard let entries = try source.dictionary(value) else { continue }
            guard case .dictionary(let copied) = try importObject(
                .dictionary(entries), from: source, imported: &context.imported, update: &context.update)
            else { continue }
            resources[category] = .dictionary(copied)
        }
        return (content, resources)
    }

    /// `resources` with the named resources of `added` put in; nil when a name is taken in the same category.
    private func merging(_ added: PDFDictionary, into resources: PDFDictionary) throws(PDFStructureError) -> PDFDictionary? {
        var merged = resources
        for (category, value) in added.entries {
            guard case .dictionary(let names) = value else { continue }
            var existing = try file.dictionary(merged[category]) ?? PDFDictionary()
            for (name, object) in names.entries {
                guard existing[name] == nil else { return nil }
                existing[name] = object
            }
            merged[category] = .dictionary(existing)
        }
        return merged
    }

    /// Why a choice field refuses `text` (not one of its options and not editable); nil when it takes it.
    private func refusal(of text: String, by field: PDFDictionary) throws(PDFStructureError) -> String? {
        guard try file.fieldAttribute("FT", of: field)?.name == "Ch" else { return nil }
        let flags = try file.fieldAttribute("Ff", of: field)?.integer ?? 0
        let isEditable = flags & (1 << 18) != 0
        guard !isEditable, let options = try file.fieldAttribute("Opt", of: field)?.array, !options.isEmpty else { return nil }
        var names: [String] = []
        for option in options {
            switch try file.resolve(option) {
            case .string(let bytes)?: names.append(Self.decodeTextString(bytes))
            case .array(let pair)?:
                for part in pair { if case .string(let bytes)? = try file.resolve(part) { names.append(Self.decodeTextString(bytes)) } }
            default: break
            }
        }
        return names.contains(text) ? nil : "not one of the field's options"
    }

    /// A PDF text string: PDFDocEncoding where it is Latin-1 printable, else UTF-16BE with a byte-order mark
    /// (ISO 32000-1, 7.9.2.2).
    static func textString(_ text: String) -> [UInt8] {
        let scalars = Array(text.unicodeScalars)
        // PDFDocEncoding matches Latin-1 on 0x20-0x7E and 0xA1-0xFF (0xAD excepted) and on line breaks.
        if scalars.allSatisfy({ (0x20...0x7E).contains($0.value) || (0xA1...0xFF).contains($0.value) && $0.value != 0xAD || $0 == "\n" || $0 == "\r" }) {
            return scalars.map { UInt8($0.value) }
        }
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return bytes
    }

    /// A PDF text string as Swift text (UTF-16BE with a byte-order mark, else Latin-1 as an approximation of
    /// PDFDocEncoding).
    static func decodeTextString(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    // MARK: Fields

    /// The dictionary of `reference` as edited so far.
    private func edited(_ reference: PDFReference, context: FieldContext) throws(PDFStructureError) -> PDFDictionary {
        if let dictionary = context.edits[reference] { return dictionary }
        guard let dictionary = try file.dictionary(.reference(reference)) else {
            throw PDFStructureError(reason: "object \(reference.number) is not a dictionary")
        }
        return dictionary
    }

    /// The field a widget belongs to: the widget itself when it carries the field's name or type, else its
    /// parent.
    private func field(
        of widget: PDFReference, dictionary: PDFDictionary, context: FieldContext
    ) throws(PDFStructureError) -> (PDFReference, PDFDictionary) {
        if dictionary["T"] != nil || dictionary["FT"] != nil { return (widget, dictionary) }
        guard let parent = dictionary["Parent"]?.reference else { return (widget, dictionary) }
        return (parent, try edited(parent, context: context))
    }

    /// The widget references among a field's kids.
    private func kids(of field: PDFDictionary) throws(PDFStructureError) -> [PDFReference] {
        guard let kids = try file.resolve(field["Kids"])?.array else { return [] }
        return kids.compactMap(\.reference)
    }

    /// Sets `/NeedAppearances` false: the filled widgets have appearances, and a viewer that regenerated them
    /// from the field's font might lose characters that font lacks.
    private func clearNeedAppearances(context: inout FieldContext) throws(PDFStructureError) {
        guard let entry = context.catalog["AcroForm"] else { return }
        if case .reference(let reference) = entry {
            var form = try edited(reference, context: context)
            guard form["NeedAppearances"] != nil else { return }
            form["NeedAppearances"] = .boolean(false)
            context.edits[reference] = form
        } else if var form = entry.dictionary, form["NeedAppearances"] != nil {
            form["NeedAppearances"] = .boolean(false)
            context.catalog["AcroForm"] = .dictionary(form)
        }
    }
}
