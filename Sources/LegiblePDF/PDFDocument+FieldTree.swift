import Foundation

extension PDFDocument {
    /// The first check box or radio button field (`/FT /Btn`, inherited) of the AcroForm's field tree with a
    /// member that is not, by the strict object parser, a widget annotation or a field with kids of its own, or
    /// that declares another field type, as a reader that rebuilds a damaged file's cross-references sees the
    /// tree (``RawObjectGraph``); its partial name (`/T`), or `object N` when it has none. Nil when every button
    /// group is whole.
    ///
    /// Setting any button of such a group, Poppler 22.12 reads each member's widget as a button's: a member
    /// without a widget is read through a null pointer, one of another type as the wrong kind of object (fuzzed
    /// forms whose radio button's `/Subtype /Widget` had NUL bytes written into it, which Poppler's lenient
    /// parser reads as another subtype, or whose `/FT /Btn` read `/FT /OBtn`). A member that parses only
    /// leniently counts as damaged. The walk visits at most 20,000 fields, 32 levels deep, each once.
    package func buttonGroupWithADamagedMember() -> String? {
        let graph = RawObjectGraph(data: data)
        guard let catalog = graph.catalog, let acroForm = graph.dictionary(catalog["AcroForm"]),
            let fields = graph.array(acroForm["Fields"])
        else { return nil }
        var visited = Set<Int>()
        var budget = 20_000
        func damaged(_ node: PDFObject, inheritedType: String?, depth: Int) -> String? {
            guard depth < 32, budget > 0 else { return nil }
            budget -= 1
            if let number = node.reference?.number {
                guard visited.insert(number).inserted else { return nil }
            }
            guard let field = graph.dictionary(node) else { return nil }
            let type = field["FT"]?.name ?? inheritedType
            guard let kids = graph.array(field["Kids"]) else { return nil }
            for kid in kids {
                let member = graph.dictionary(kid)
                let isWidget = member?["Subtype"]?.name == "Widget"
                let hasKids = graph.array(member?["Kids"]) != nil
                let ownType = member?["FT"]
                if type == "Btn", (!isWidget && !hasKids) || (ownType != nil && ownType?.name != "Btn") {
                    let name = field["T"].flatMap(Self.text) ?? node.reference.map { "object \($0.number)" }
                    return name ?? "a button group"
                }
                if hasKids, let found = damaged(kid, inheritedType: type, depth: depth + 1) { return found }
            }
            return nil
        }
        for field in fields {
            if let found = damaged(field, inheritedType: nil, depth: 0) { return found }
        }
        return nil
    }

    /// A text string's characters, for messages (PDFDocEncoding read as Latin-1; UTF-16 with its mark).
    private static func text(_ object: PDFObject) -> String? {
        guard case .string(let bytes) = object else { return nil }
        if bytes.starts(with: [0xFE, 0xFF]) {
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map {
                UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
            }
            return String(decoding: units, as: UTF16.self)
        }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
