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
        let graph = rawObjectGraph
        guard let catalog = graph.catalog, let acroForm = graph.dictionary(catalog["AcroForm"]),
            let fields = graph.array(acroForm["Fields"])
        else { return nil }
        var visited = Set<Int>()
        var budget = 20_000
        /// Whether the walk may go into `node` (within the bounds, not seen before).
        func enters(_ node: PDFObject, depth: Int) -> Bool {
            guard depth < 32, budget > 0 else { return false }
            budget -= 1
            guard let number = node.reference?.number else { return true }
            return visited.insert(number).inserted
        }
        /// The first damaged group at or under `field` (its `kids` resolved), by name.
        func damaged(
            _ field: PDFDictionary, at node: PDFObject, kids: [PDFObject], inheritedType: String?, depth: Int
        ) -> String? {
            let type = field["FT"]?.name ?? inheritedType
            for kid in kids {
                let member = graph.dictionary(kid)
                let isWidget = member?["Subtype"]?.name == "Widget"
                let memberKids = graph.array(member?["Kids"])
                let ownType = member?["FT"]
                if type == "Btn", (!isWidget && memberKids == nil) || (ownType != nil && ownType?.name != "Btn") {
                    let name = field["T"].flatMap(Self.text) ?? node.reference.map { "object \($0.number)" }
                    return name ?? "a button group"
                }
                if let member, let memberKids, enters(kid, depth: depth + 1),
                    let found = damaged(member, at: kid, kids: memberKids, inheritedType: type, depth: depth + 1)
                {
                    return found
                }
            }
            return nil
        }
        for node in fields where enters(node, depth: 0) {
            guard let field = graph.dictionary(node), let kids = graph.array(field["Kids"]) else { continue }
            if let found = damaged(field, at: node, kids: kids, inheritedType: nil, depth: 0) { return found }
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
