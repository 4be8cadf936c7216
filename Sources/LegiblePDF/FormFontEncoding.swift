import Foundation

/// Gives the standard Latin fonts of a form's default resources an explicit `/WinAnsiEncoding`, through an
/// incremental update of a copy of the document.
///
/// A field's `/DA` names a font of the form's (or the field's) `/DR`, usually an unembedded Helvetica with no
/// `/Encoding`, which means the font's built-in StandardEncoding: no accented letters. When Poppler sets a
/// text value containing a letter the font cannot encode (an `ë`), it embeds a whole system font (hundreds
/// of KB, once per field) to draw it. With WinAnsiEncoding the same unembedded font covers Western European
/// Latin (WinAnsi/CP1252), and Poppler embeds nothing. Only fonts a `/DR` names are changed, never fonts that
/// page content uses; fonts that already have an encoding, are embedded or are symbolic are left alone.
enum FormFontEncoding {
    /// The standard 14 fonts' Latin families (and their common aliases) that WinAnsiEncoding suits.
    static let latinBaseFonts: Set<String> = [
        "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
        "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic",
        "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
        "Arial", "Arial,Bold", "Arial,Italic", "Arial,BoldItalic", "ArialMT",
    ]

    /// `data` with an incremental update redefining every such font; `data` itself when there is none, when
    /// the document is encrypted, or when its trailer cannot be read.
    static func updating(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        let scanner = RawPDFScanner(data: data)
        guard !scanner.containsName("Encrypt") else { return data }
        let objects = scanner.objects(bytes)
        var fontNumbers = Set<Int>()
        for object in objects.values {
            for dictionary in resourceDictionaries(in: object.text, objects: objects) {
                fontNumbers.formUnion(fontReferences(in: dictionary, objects: objects))
            }
        }
        var replacements: [(number: Int, generation: Int, text: String)] = []
        for number in fontNumbers.sorted() {
            guard let object = objects[number], let text = reencoded(object.text) else { continue }
            replacements.append((number, object.generation, text))
        }
        guard !replacements.isEmpty, let trailer = trailer(bytes) else { return data }

        var update = Data("\n".utf8)
        var offsets: [(Int, Int, Int)] = []
        for replacement in replacements {
            offsets.append((replacement.number, replacement.generation, data.count + update.count))
            update.append(Data("\(replacement.number) \(replacement.generation) obj\n\(replacement.text)\nendobj\n".utf8))
        }
        let xrefOffset = data.count + update.count
        var xref = "xref\n"
        for (number, generation, offset) in offsets {
            xref += "\(number) 1\n" + pad(offset, 10) + " " + pad(generation, 5) + " n\r\n"
        }
        let size = max(trailer.size, (replacements.map(\.number).max() ?? 0) + 1)
        var dictionary = "<< /Size \(size) /Root \(trailer.root) /Prev \(trailer.startXRef)"
        if let info = trailer.info { dictionary += " /Info \(info)" }
        if let id = trailer.id { dictionary += " /ID \(id)" }
        dictionary += " >>"
        update.append(Data((xref + "trailer\n\(dictionary)\nstartxref\n\(xrefOffset)\n%%EOF\n").utf8))
        return data + update
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The texts of the `/DR` dictionaries in `text` (inline, or the referenced object's).
    static func resourceDictionaries(in text: String, objects: [Int: RawPDFScanner.RawObject]) -> [String] {
        var found: [String] = []
        var search = text[...]
        while let range = search.range(of: "/DR") {
            let rest = search[range.upperBound...]
            let after = rest.drop { $0.isWhitespace }
            if after.hasPrefix("<<") {
                found.append(String(after.prefix(4096)))
            } else if let (number, _) = reference(at: after), let object = objects[number] {
                found.append(object.text)
            }
            search = rest
        }
        return found
    }

    /// Object numbers of the fonts a resource dictionary's `/Font` entry names.
    static func fontReferences(in dictionary: String, objects: [Int: RawPDFScanner.RawObject]) -> [Int] {
        guard let range = dictionary.range(of: "/Font") else { return [] }
        var fonts = dictionary[range.upperBound...].drop { $0.isWhitespace }
        if !fonts.hasPrefix("<<") {
            guard let (number, _) = reference(at: fonts), let object = objects[number] else { return [] }
            fonts = object.text[...].drop { $0.isWhitespace }
        }
        guard fonts.hasPrefix("<<"), let end = fonts.range(of: ">>") else { return [] }
        let body = fonts[fonts.index(fonts.startIndex, offsetBy: 2)..<end.lowerBound]
        var numbers: [Int] = []
        var rest = body
        while let slash = rest.firstIndex(of: "/") {
            let afterName = rest[rest.index(after: slash)...].drop { !$0.isWhitespace && $0 != "/" }
            let value = afterName.drop { $0.isWhitespace }
            if let (number, _) = reference(at: value) { numbers.append(number) }
            rest = afterName
        }
        return numbers
    }

    /// `N G R` at the start of `text`.
    static func reference(at text: Substring) -> (Int, Int)? {
        let parts = text.prefix(40).split(whereSeparator: \.isWhitespace).prefix(3)
        guard parts.count == 3, let number = Int(parts[0]), let generation = Int(parts[1]) else { return nil }
        guard parts[2] == "R" || parts[2].hasPrefix("R/") || parts[2].hasPrefix("R>") else { return nil }
        return (number, generation)
    }

    /// The font dictionary with `/Encoding /WinAnsiEncoding` added, when it is an unembedded standard Latin
    /// Type 1 font without an encoding; nil otherwise.
    static func reencoded(_ text: String) -> String? {
        let trimmed = text.drop { $0.isWhitespace }
        guard trimmed.hasPrefix("<<"), !text.contains("/Encoding"), !text.contains("/FontDescriptor"),
            text.contains("/Type1") || text.contains("/TrueType"),
            let baseRange = text.range(of: "/BaseFont")
        else { return nil }
        let name = text[baseRange.upperBound...].drop { $0.isWhitespace }.dropFirst()
            .prefix { !$0.isWhitespace && !"/<>[]()".contains($0) }
        guard latinBaseFonts.contains(String(name)) else { return nil }
        let start = text.range(of: "<<")!.upperBound
        guard let end = text.range(of: ">>", options: .backwards) else { return nil }
        return "<<" + text[start..<end.lowerBound] + " /Encoding /WinAnsiEncoding >>"
    }

    /// What an incremental update's trailer needs from the document's last one.
    struct Trailer {
        var startXRef: Int
        var size: Int
        var root: String
        var info: String?
        var id: String?
    }

    /// The last `startxref` offset and the entries of the trailer (or cross-reference stream) found there.
    static func trailer(_ bytes: [UInt8]) -> Trailer? {
        let tail = String(decoding: bytes.suffix(2048), as: UTF8.self)
        guard let keyword = tail.range(of: "startxref", options: .backwards) else { return nil }
        let digits = tail[keyword.upperBound...].drop { $0.isWhitespace }.prefix { $0.isNumber }
        guard let startXRef = Int(digits), startXRef >= 0, startXRef < bytes.count else { return nil }
        // A classic table's trailer follows the table; a cross-reference stream's dictionary starts at the offset.
        let section = String(decoding: bytes[startXRef..<min(bytes.count, startXRef + (1 << 20))], as: UTF8.self)
        let dictionaryText: Substring
        if section.hasPrefix("xref"), let trailer = section.range(of: "trailer") {
            dictionaryText = section[trailer.upperBound...].prefix(4096)
        } else {
            dictionaryText = section.prefix(4096)
        }
        func value(_ key: String) -> Substring? {
            guard let range = dictionaryText.range(of: "/\(key)") else { return nil }
            return dictionaryText[range.upperBound...].drop { $0.isWhitespace }
        }
        guard let rootText = value("Root"), let (rootNumber, rootGeneration) = reference(at: rootText),
            let sizeText = value("Size"), let size = Int(sizeText.prefix { $0.isNumber })
        else { return nil }
        var trailer = Trailer(startXRef: startXRef, size: size, root: "\(rootNumber) \(rootGeneration) R")
        if let infoText = value("Info"), let (number, generation) = reference(at: infoText) {
            trailer.info = "\(number) \(generation) R"
        }
        if let idText = value("ID"), idText.hasPrefix("["), let close = idText.firstIndex(of: "]") {
            let id = idText[...close]
            if id.allSatisfy({ $0.isASCII && $0 != "\n" && $0 != "\r" }) { trailer.id = String(id) }
        }
        return trailer
    }
}
