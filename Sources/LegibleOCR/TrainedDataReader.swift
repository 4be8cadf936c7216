/// Little-endian reads from the bytes of a Tesseract `.traineddata` component, each bounds-checked: a truncated
/// or damaged file ends in ``OCRError/modelFormat(_:)`` naming what was being read, never a crash.
struct TrainedDataReader {
    private let bytes: [UInt8]
    private(set) var position: Int

    /// A reader over `bytes`, starting at `position`.
    init(_ bytes: [UInt8], position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Bytes not yet read.
    var remaining: Int { bytes.count - position }

    /// The next `count` bytes; throws when fewer remain (`what` names the field for the message).
    mutating func take(_ count: Int, _ what: @autoclosure () -> String) throws(OCRError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else {
            throw .modelFormat("\(what()) needs \(count) bytes at offset \(position), \(remaining) remain")
        }
        defer { position += count }
        return bytes[position..<position + count]
    }

    /// One unsigned little-endian integer of `width` bytes.
    private mutating func unsigned(_ width: Int, _ what: @autoclosure () -> String) throws(OCRError) -> UInt64 {
        let slice = try take(width, what())
        var value: UInt64 = 0
        for (shift, byte) in slice.enumerated() { value |= UInt64(byte) << (8 * shift) }
        return value
    }

    mutating func uint8(_ what: @autoclosure () -> String) throws(OCRError) -> UInt8 {
        UInt8(try unsigned(1, what()))
    }

    mutating func int8(_ what: @autoclosure () -> String) throws(OCRError) -> Int8 {
        Int8(bitPattern: try uint8(what()))
    }

    mutating func int16(_ what: @autoclosure () -> String) throws(OCRError) -> Int16 {
        Int16(bitPattern: UInt16(try unsigned(2, what())))
    }

    mutating func uint32(_ what: @autoclosure () -> String) throws(OCRError) -> UInt32 {
        UInt32(try unsigned(4, what()))
    }

    mutating func int32(_ what: @autoclosure () -> String) throws(OCRError) -> Int32 {
        Int32(bitPattern: try uint32(what()))
    }

    mutating func int64(_ what: @autoclosure () -> String) throws(OCRError) -> Int64 {
        Int64(bitPattern: try unsigned(8, what()))
    }

    mutating func float32(_ what: @autoclosure () -> String) throws(OCRError) -> Float {
        Float(bitPattern: try uint32(what()))
    }

    mutating func float64(_ what: @autoclosure () -> String) throws(OCRError) -> Double {
        Double(bitPattern: try unsigned(8, what()))
    }

    /// A count read as a 32-bit integer, checked against `limit` (a damaged count must not allocate gigabytes).
    mutating func count(_ what: @autoclosure () -> String, limit: Int) throws(OCRError) -> Int {
        let value = Int(try int32(what()))
        guard (0...limit).contains(value) else {
            throw .modelFormat("\(what()) is \(value), outside 0...\(limit)")
        }
        return value
    }

    /// A string stored as a 32-bit length and that many bytes of UTF-8.
    mutating func string(_ what: @autoclosure () -> String) throws(OCRError) -> String {
        let length = Int(try uint32(what()))
        guard length <= remaining else {
            throw .modelFormat("\(what()) claims \(length) bytes at offset \(position), \(remaining) remain")
        }
        return String(decoding: try take(length, what()), as: UTF8.self)
    }
}
