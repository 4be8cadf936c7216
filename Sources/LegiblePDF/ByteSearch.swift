/// Plain byte-string search in PDF bytes (keywords, names), shared by the raw scanners of this package's modules.
package enum ByteSearch {
    /// The index of the first occurrence of `needle` in `bytes` at or after `start`; nil when there is none.
    package static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0, bytes.count >= needle.count, start <= bytes.count - needle.count else {
            return nil
        }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The index of the last occurrence of `needle` in `bytes`; nil when there is none.
    package static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }
}
