/// Why a PDF's structure could not be read or updated in place (the caller then takes a slower path that
/// goes through Poppler).
package struct PDFStructureError: Error, CustomStringConvertible, Equatable {
    /// What did not hold up, for logs.
    package var reason: String
    /// The reason, as the error's description.
    package var description: String { reason }

    init(reason: String) { self.reason = reason }
}

/// Reads PDF objects from bytes (ISO 32000-1, 7.2-7.3): numbers, names, strings, arrays, dictionaries and
/// references, skipping white space and comments. Nesting deeper than ``maxDepth`` is an error, not a crash.
struct PDFObjectParser {
    static let maxDepth = 200

    let bytes: [UInt8]
    var position: Int

    init(bytes: [UInt8], position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    static func isWhite(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            true
        default: false
        }
    }

    /// Moves past white space and comments.
    mutating func skipWhite() {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isWhite(byte) {
                position += 1
            } else if byte == UInt8(ascii: "%") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// Reads a run of regular characters (a keyword or a number); nil at a delimiter or the end.
    mutating func readWord() -> String? {
        skipWhite()
        let start = position
        while position < bytes.count, !Self.isWhite(bytes[position]), !Self.isDelimiter(bytes[position]) { position += 1 }
        return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
    }

    /// Reads a non-negative integer, or throws.
    mutating func readInteger(_ what: String) throws(PDFStructureError) -> Int {
        skipWhite()
        guard let value = readUnsigned(), position >= bytes.count || Self.endsToken(bytes[position]) else {
            throw PDFStructureError(reason: "expected \(what) at byte \(position)")
        }
        return value
    }

    /// Reads the keyword `keyword` or throws.
    mutating func expect(_ keyword: String) throws(PDFStructureError) {
        guard readKeyword(keyword) else { throw PDFStructureError(reason: "expected '\(keyword)' at byte \(position)") }
    }

    /// Reads `keyword` when it comes next (as a whole token); otherwise reads nothing.
    mutating func readKeyword(_ keyword: String) -> Bool {
        skipWhite()
        var index = position
        for byte in keyword.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        guard index >= bytes.count || Self.endsToken(bytes[index]) else { return false }
        position = index
        return true
    }

    static func endsToken(_ byte: UInt8) -> Bool { isWhite(byte) || isDelimiter(byte) }

    /// Reads the digits at the position as an unsigned integer (at most 18 digits); nil when there are none.
    private mutating func readUnsigned() -> Int? {
        var value = 0, digits = 0
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, digits < 18 {
            value = value * 10 + Int(bytes[position] - 0x30)
            position += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// Reads a number (integer or real, with an optional sign); nil, reading nothing, when none comes next.
    private mutating func readNumber() -> PDFObject? {
        let start = position
        var index = position
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0, dots = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 { digits += 1 } else if byte == UInt8(ascii: ".") { dots += 1 } else { break }
            index += 1
        }
        guard digits > 0, dots <= 1, index >= bytes.count || Self.endsToken(bytes[index]) else { return nil }
        position = index
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if dots == 0, digits <= 18, let value = Int(text) { return .integer(value) }
        guard let real = Double(text) else { return nil }
        return .real(real)
    }

    /// Reads one object; `a b R` is read as a reference.
    mutating func readObject(depth: Int = 0) throws(PDFStructureError) -> PDFObject {
        guard depth < Self.maxDepth else { throw PDFStructureError(reason: "objects nested deeper than \(Self.maxDepth)") }
        skipWhite()
        guard position < bytes.count else { throw PDFStructureError(reason: "unexpected end of data") }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "/"):
            position += 1
            let start = position
            while position < bytes.count, !Self.isWhite(bytes[position]), !Self.isDelimiter(bytes[position]) { position += 1 }
            return .name(String(decoding: bytes[start..<position], as: UTF8.self))
        case UInt8(ascii: "("):
            return .string(try readLiteralString())
        case UInt8(ascii: "<"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
                return .dictionary(try readDictionary(depth: depth))
            }
            return .string(try readHexString())
        case UInt8(ascii: "["):
            position += 1
            var items: [PDFObject] = []
            while true {
                skipWhite()
                guard position < bytes.count else { throw PDFStructureError(reason: "unterminated array") }
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(items)
                }
                items.append(try readObject(depth: depth + 1))
            }
        default:
            if let number = readNumber() {
                // `n g R` is a reference: look ahead without consuming anything else.
                guard case .integer(let integer) = number, integer >= 0 else { return number }
                let saved = position
                skipWhite()
                if let generation = readUnsigned(), position < bytes.count, Self.isWhite(bytes[position]), readKeyword("R") {
                    return .reference(PDFReference(number: integer, generation: generation))
                }
                position = saved
                return number
            }
            if readKeyword("true") { return .boolean(true) }
            if readKeyword("false") { return .boolean(false) }
            if readKeyword("null") { return .null }
            let word = readWord() ?? String(Character(Unicode.Scalar(byte)))
            throw PDFStructureError(reason: "unexpected '\(word.prefix(20))' at byte \(position)")
        }
    }

    private mutating func readDictionary(depth: Int) throws(PDFStructureError) -> PDFDictionary {
        position += 2
        var dictionary = PDFDictionary()
        while true {
            skipWhite()
            guard position < bytes.count else { throw PDFStructureError(reason: "unterminated dictionary") }
            if bytes[position] == UInt8(ascii: ">") {
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else {
                    throw PDFStructureError(reason: "malformed dictionary end at byte \(position)")
                }
                position += 2
                return dictionary
            }
            guard case .name(let key) = try readObject(depth: depth + 1) else {
                throw PDFStructureError(reason: "dictionary key is not a name at byte \(position)")
            }
            let value = try readObject(depth: depth + 1)
            // A null value is the same as an absent key (7.3.7).
            if value != .null { dictionary[key] = value }
        }
    }

    private mutating func readLiteralString() throws(PDFStructureError) -> [UInt8] {
        position += 1
        var result: [UInt8] = []
        var open = 1
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "("):
                open += 1
                result.append(byte)
            case UInt8(ascii: ")"):
                open -= 1
                if open == 0 { return result }
                result.append(byte)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { break }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case 0x0D:
                    if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                case 0x0A: break
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(escaped - UInt8(ascii: "0"))
                    for _ in 0..<2 {
                        guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) else { break }
                        value = value * 8 + Int(bytes[position] - UInt8(ascii: "0"))
                        position += 1
                    }
                    result.append(UInt8(truncatingIfNeeded: value))
                default: result.append(escaped)
                }
            default:
                result.append(byte)
            }
        }
        throw PDFStructureError(reason: "unterminated string")
    }

    private mutating func readHexString() throws(PDFStructureError) -> [UInt8] {
        position += 1
        var result: [UInt8] = []
        var high: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") {
                if let high { result.append(high << 4) }
                return result
            }
            if Self.isWhite(byte) { continue }
            guard let nibble = Self.hexValue(byte) else { throw PDFStructureError(reason: "bad hex digit in string") }
            if let value = high {
                result.append(value << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        throw PDFStructureError(reason: "unterminated hex string")
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
