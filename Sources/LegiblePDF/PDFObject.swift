/// A reference to an indirect object: its object number and generation (ISO 32000-1, 7.3.10).
struct PDFReference: Hashable, Sendable {
    var number: Int
    var generation: Int
}

/// A PDF object as read from a file or built for writing (ISO 32000-1, 7.3). Streams are not objects of their
/// own here: an indirect object holds a ``PDFIndirectValue``.
indirect enum PDFObject: Equatable, Sendable {
    case null
    case boolean(Bool)
    case integer(Int)
    case real(Double)
    /// A name without its slash, as written (any `#xx` escapes kept).
    case name(String)
    /// A string's bytes (literal escapes and hex digits decoded).
    case string([UInt8])
    case array([PDFObject])
    case dictionary(PDFDictionary)
    case reference(PDFReference)

    /// The dictionary, or nil for other kinds.
    var dictionary: PDFDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The array, or nil for other kinds.
    var array: [PDFObject]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The name (without slash), or nil for other kinds.
    var name: String? {
        if case .name(let value) = self { return value }
        return nil
    }

    /// The reference, or nil for direct objects.
    var reference: PDFReference? {
        if case .reference(let value) = self { return value }
        return nil
    }

    /// An integer or real as a Double.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// An integer, or a real with no fraction.
    var integer: Int? {
        switch self {
        case .integer(let value): value
        case .real(let value) where value.rounded() == value && abs(value) < 1e15: Int(value)
        default: nil
        }
    }

    /// The object written in PDF syntax, appended to `output`.
    func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += Array("null".utf8)
        case .boolean(let value): output += Array((value ? "true" : "false").utf8)
        case .integer(let value): output += Array(String(value).utf8)
        case .real(let value): output += Array(Self.format(value).utf8)
        case .name(let value):
            output.append(UInt8(ascii: "/"))
            output += Array(value.utf8)
        case .string(let bytes) where bytes.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }):
            // Printable ASCII as a literal string (shorter and readable); parentheses and backslashes escaped.
            output.append(UInt8(ascii: "("))
            for byte in bytes {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") {
                    output.append(UInt8(ascii: "\\"))
                }
                output.append(byte)
            }
            output.append(UInt8(ascii: ")"))
        case .string(let bytes):
            // Hex needs no escaping and keeps every byte as it is.
            let digits = Array("0123456789ABCDEF".utf8)
            output.append(UInt8(ascii: "<"))
            for byte in bytes {
                output.append(digits[Int(byte >> 4)])
                output.append(digits[Int(byte & 0x0F)])
            }
            output.append(UInt8(ascii: ">"))
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: " ")) }
                item.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            dictionary.write(to: &output)
        case .reference(let reference):
            output += Array("\(reference.number) \(reference.generation) R".utf8)
        }
    }

    /// A real in plain decimal notation (PDF has no exponents), at most 6 decimals, trailing zeros dropped.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Beyond a trillion points nothing is drawn sensibly; whole numbers keep the text (and Int) in range.
        if abs(value) >= 1e12 { return String(Int(max(-1e15, min(1e15, value.rounded())))) }
        if value.rounded() == value { return String(Int(value)) }
        var text = String(Int((abs(value) * 1_000_000).rounded()))
        while text.count < 7 { text = "0" + text }
        var fraction = String(text.suffix(6))
        let whole = String(text.dropLast(6))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && (whole != "0" || !fraction.isEmpty) ? "-" : ""
        return fraction.isEmpty ? sign + whole : sign + whole + "." + fraction
    }
}

/// A PDF dictionary that keeps its keys in the order they were read or set.
struct PDFDictionary: Equatable, Sendable {
    private(set) var entries: [(key: String, value: PDFObject)] = []

    init(_ entries: [(String, PDFObject)] = []) {
        for (key, value) in entries { self[key] = value }
    }

    /// The value for `key` (a name without its slash); setting nil removes the key.
    subscript(key: String) -> PDFObject? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// Puts `value` under `name`, or when that name holds something else, under `name` followed by as many
    /// `x` as make it free (a resource dictionary's names must stay unique); returns the name used.
    mutating func insert(_ value: PDFObject, preferringName name: String) -> String {
        var chosen = name
        while let existing = self[chosen], existing != value { chosen += "x" }
        self[chosen] = value
        return chosen
    }

    static func == (lhs: PDFDictionary, rhs: PDFDictionary) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// The dictionary in PDF syntax, appended to `output`.
    func write(to output: inout [UInt8]) {
        output += Array("<<".utf8)
        for (key, value) in entries {
            output.append(UInt8(ascii: "/"))
            output += Array(key.utf8)
            output.append(UInt8(ascii: " "))
            value.write(to: &output)
            output.append(UInt8(ascii: "\n"))
        }
        output += Array(">>".utf8)
    }
}

/// What an indirect object holds: a plain object, or a stream (its dictionary and its encoded bytes, exactly
/// as in the file).
enum PDFIndirectValue: Equatable, Sendable {
    case object(PDFObject)
    case stream(PDFDictionary, [UInt8])

    /// The object, or for a stream its dictionary as an object.
    var object: PDFObject {
        switch self {
        case .object(let object): object
        case .stream(let dictionary, _): .dictionary(dictionary)
        }
    }
}
