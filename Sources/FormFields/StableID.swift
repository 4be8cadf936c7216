/// Deterministic ids: a 128-bit FNV-1a hash of the document bytes, the page and the rounded rectangle,
/// printed as a UUID (version 8, "custom"). Not a cryptographic hash; it only has to be stable and spread.
struct StableID {
    private var low: UInt64 = 0xcbf2_9ce4_8422_2325
    private var high: UInt64 = 0x6c62_272e_07bb_0142

    init() {}

    mutating func add<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes {
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ (low >> 29)
        }
    }

    mutating func add(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { add($0) }
    }

    mutating func add(_ text: String) { add(text.utf8) }

    /// The hash as `xxxxxxxx-xxxx-8xxx-yxxx-xxxxxxxxxxxx`.
    var uuidString: String {
        var bytes: [UInt8] = (0..<8).map { UInt8(truncatingIfNeeded: high >> (8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (8 * $0)) }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte -> String in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }
        return hex[0..<4].joined() + "-" + hex[4..<6].joined() + "-" + hex[6..<8].joined() + "-"
            + hex[8..<10].joined() + "-" + hex[10..<16].joined()
    }
}
