/// Finds operators in decoded content streams (ISO 32000-1, 7.8.2) without interpreting them: strings,
/// dictionaries and comments are skipped so their bytes are never taken for operators.
enum PDFContentScanner {
    /// The byte range of the first marked-content sequence tagged `tag` (`/tag BMC … EMC`, nested sequences
    /// included), from the tag's slash to the end of its `EMC`; nil when there is none or it is not closed.
    static func markedContent(_ tag: String, in bytes: [UInt8]) -> Range<Int>? {
        let name = Array(("/" + tag).utf8)
        let begin = Array("BMC".utf8), beginWithProperties = Array("BDC".utf8), end = Array("EMC".utf8)
        var tokens = Tokens(bytes: bytes)
        var previous: Range<Int>?
        var start: Int?
        var depth = 0
        while let token = tokens.next() {
            let text = bytes[token]
            if let opened = start {
                if text.elementsEqual(begin) || text.elementsEqual(beginWithProperties) { depth += 1 }
                if text.elementsEqual(end) {
                    depth -= 1
                    if depth == 0 { return opened..<token.upperBound }
                }
            } else if text.elementsEqual(begin), let previous, bytes[previous].elementsEqual(name) {
                start = previous.lowerBound
                depth = 1
            }
            previous = token
        }
        return nil
    }

    /// The tokens of a content stream as byte ranges: words, names and numbers as they are; strings, arrays
    /// and dictionaries as one token each.
    private struct Tokens {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> Range<Int>? {
            var parser = PDFObjectParser(bytes: bytes, position: position)
            parser.skipWhite()
            position = parser.position
            guard position < bytes.count else { return nil }
            let start = position
            switch bytes[position] {
            case UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "["):
                // Inline-image data is not handled: appearance streams of form fields do not use it.
                guard (try? parser.readObject()) != nil else { return nil }
                position = parser.position
            case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                position += 1
            default:
                // A name keeps its slash; a word runs to the next delimiter.
                if bytes[position] == UInt8(ascii: "/") { position += 1 }
                while position < bytes.count, !PDFObjectParser.endsToken(bytes[position]) { position += 1 }
            }
            return start..<position
        }
    }
}
