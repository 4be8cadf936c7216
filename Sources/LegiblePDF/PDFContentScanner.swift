/// Finds operators in decoded content streams (ISO 32000-1, 7.8.2) without interpreting them: strings,
/// dictionaries and comments are skipped so their bytes are never taken for operators.
enum PDFContentScanner {
    /// The byte range of the first marked-content sequence tagged `tag` (`/tag BMC … EMC`, nested sequences
    /// included), from the tag's slash to the end of its `EMC`; nil when there is none or it is not closed.
    static func markedContent(_ tag: String, in bytes: [UInt8]) -> Range<Int>? {
        var tokens = Tokens(bytes: bytes)
        var previous: (text: String, start: Int)?
        var start: Int?
        var depth = 0
        while let token = tokens.next() {
            if let opened = start {
                if token.text == "BMC" || token.text == "BDC" { depth += 1 }
                if token.text == "EMC" {
                    depth -= 1
                    if depth == 0 { return opened..<token.end }
                }
            } else if token.text == "BMC", let previous, previous.text == "/" + tag {
                start = previous.start
                depth = 1
            }
            previous = (token.text, token.start)
        }
        return nil
    }

    /// Words, names and numbers of a content stream with their positions; strings and dictionaries are
    /// returned as placeholders.
    private struct Tokens {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> (text: String, start: Int, end: Int)? {
            var parser = PDFObjectParser(bytes: bytes, position: position)
            parser.skipWhite()
            position = parser.position
            guard position < bytes.count else { return nil }
            let start = position
            switch bytes[position] {
            case UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "["):
                // Strings, hex strings, dictionaries and arrays (inline-image data is not handled: appearance
                // streams of form fields do not use it).
                guard (try? parser.readObject()) != nil else { return nil }
                position = parser.position
                return ("", start, position)
            case UInt8(ascii: "/"):
                position += 1
                while position < bytes.count, !PDFObjectParser.isWhite(bytes[position]), !PDFObjectParser.isDelimiter(bytes[position]) {
                    position += 1
                }
                return (String(decoding: bytes[start..<position], as: UTF8.self), start, position)
            case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                position += 1
                return ("", start, position)
            default:
                guard let word = parser.readWord() else { return nil }
                position = parser.position
                return (word, start, position)
            }
        }
    }
}
