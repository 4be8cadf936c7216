internal import CPoppler
import Foundation

/// Looks for PDF names in a document's raw bytes, including inside Flate-compressed object streams, for facts
/// Poppler-GLib does not expose (such as the presence of an XFA form).
struct RawPDFScanner {
    /// Object streams larger than this (compressed) are not inflated: a guard against decompression bombs.
    static let maxCompressedStream = 1 << 20
    /// At most this many object streams are inflated.
    static let maxStreams = 256

    let data: Data

    /// True when `/<name>` (followed by a delimiter) occurs in the file or in one of its object streams.
    func containsName(_ name: String) -> Bool {
        let bytes = [UInt8](data)
        let needle = Array("/\(name)".utf8)
        if Self.containsToken(needle, in: bytes[...]) { return true }
        var inflatedCount = 0
        for (_, stream) in objectStreamsWithDictionaries(bytes) {
            guard inflatedCount < Self.maxStreams else { break }
            inflatedCount += 1
            if let plain = Flate.inflate(stream), Self.containsToken(needle, in: plain[...]) { return true }
        }
        return false
    }

    /// One object's text: its dictionary (or other value) up to `endobj` or `stream`, or its entry in an
    /// object stream.
    struct RawObject {
        var generation: Int
        var text: String
    }

    /// The document's objects by number: uncompressed ones (later definitions, from incremental updates, win)
    /// and those in Flate-compressed object streams (limits as for ``containsName(_:)``). Object texts longer
    /// than 64 KB are cut there.
    func objects(_ bytes: [UInt8]) -> [Int: RawObject] {
        var result: [Int: RawObject] = [:]
        var inflatedCount = 0
        for (dictionary, stream) in objectStreamsWithDictionaries(bytes) {
            guard inflatedCount < Self.maxStreams else { break }
            inflatedCount += 1
            guard let count = Self.integer(after: "/N", in: dictionary), let first = Self.integer(after: "/First", in: dictionary),
                count > 0, count <= 100_000, first > 0, let plain = Flate.inflate(stream), first <= plain.count
            else { continue }
            let header = String(decoding: plain[0..<first], as: UTF8.self).split(whereSeparator: \.isWhitespace)
            let numbers = header.compactMap { Int($0) }
            guard numbers.count >= 2 * count else { continue }
            // Offsets come from the file: anything outside the inflated stream is skipped before any arithmetic.
            let room = plain.count - first
            for item in 0..<count {
                let offset = numbers[2 * item + 1]
                let nextOffset = item + 1 < count ? numbers[2 * item + 3] : room
                guard offset >= 0, offset <= nextOffset, nextOffset <= room else { continue }
                let start = first + offset, end = first + nextOffset
                result[numbers[2 * item]] = RawObject(
                    generation: 0, text: String(decoding: plain[start..<min(end, start + (64 << 10))], as: UTF8.self))
            }
        }
        let keyword = Array("obj".utf8)
        var position = 0
        while let found = ByteSearch.firstIndex(of: keyword, in: bytes, from: position) {
            position = found + keyword.count
            guard let (number, generation) = Self.objectHeader(endingAt: found, in: bytes) else { continue }
            let start = found + keyword.count
            let window = Array(bytes[start..<min(bytes.count, start + (64 << 10))])
            let end = [ByteSearch.firstIndex(of: Array("endobj".utf8), in: window, from: 0), ByteSearch.firstIndex(of: Array("stream".utf8), in: window, from: 0)]
                .compactMap { $0 }.min() ?? window.count
            result[number] = RawObject(generation: generation, text: String(decoding: window[0..<end], as: UTF8.self))
            position = start + end
        }
        return result
    }

    /// The object number and generation written before the `obj` keyword at `keyword` (`12 0 obj`), or nil
    /// when the bytes there are not an object header.
    private static func objectHeader(endingAt keyword: Int, in bytes: [UInt8]) -> (number: Int, generation: Int)? {
        guard keyword >= 1, keyword + 3 < bytes.count, isWhite(bytes[keyword - 1]),
            isWhite(bytes[keyword + 3]) || "<[(/".utf8.contains(bytes[keyword + 3])
        else { return nil }
        var index = keyword - 1
        while index >= 0, isWhite(bytes[index]) { index -= 1 }
        let generationEnd = index + 1
        while index >= 0, isDigit(bytes[index]) { index -= 1 }
        let generationStart = index + 1
        guard generationStart < generationEnd, generationEnd - generationStart <= 5, index >= 0, isWhite(bytes[index])
        else { return nil }
        while index >= 0, isWhite(bytes[index]) { index -= 1 }
        let numberEnd = index + 1
        while index >= 0, isDigit(bytes[index]) { index -= 1 }
        let numberStart = index + 1
        guard numberStart < numberEnd, numberEnd - numberStart <= 9,
            let number = Int(String(decoding: bytes[numberStart..<numberEnd], as: UTF8.self)),
            let generation = Int(String(decoding: bytes[generationStart..<generationEnd], as: UTF8.self))
        else { return nil }
        return (number, generation)
    }

    /// One embedded font program's stream as it stands in the file.
    struct FontProgramStream {
        var number: Int
        /// The stream's dictionary text, from `obj` to `stream`.
        var dictionary: String
        var body: ArraySlice<UInt8>

        /// The program's bytes: the body inflated (to at most `maxInflated` bytes) when Flate-compressed, as is
        /// when stored plain; nil under any other filter or when it does not inflate.
        func program(maxInflated: Int) -> [UInt8]? {
            if !dictionary.contains("/Filter") { return Array(body.prefix(maxInflated)) }
            guard dictionary.range(of: #"/Filter\s*\[?\s*/FlateDecode\s*\]?\s*(/|>>)"#, options: .regularExpression) != nil
            else { return nil }
            return Flate.inflate(body, maxInflated: maxInflated)
        }
    }

    /// The streams of embedded font programs (`/FontFile2` and `/FontFile3`), by object number. A font program
    /// is a stream, and streams stand in the file's own bytes (never in object streams), so each one is found by
    /// its header; the newest definition of a number wins. At most ``maxStreams`` programs.
    func fontProgramStreams() -> [FontProgramStream] {
        let bytes = [UInt8](data)
        var wanted = Set<Int>()
        for object in objects(bytes).values {
            var search = object.text[...]
            while let range = search.range(of: #"/FontFile[23]\s+\d+\s+\d+\s+R"#, options: .regularExpression) {
                let number = search[range].dropFirst("/FontFile2".count).drop { $0.isWhitespace }.prefix { $0.isNumber }
                if let number = Int(number), wanted.count < Self.maxStreams { wanted.insert(number) }
                search = search[range.upperBound...]
            }
        }
        guard !wanted.isEmpty else { return [] }
        let keyword = Array("obj".utf8)
        var streams: [Int: FontProgramStream] = [:]
        var position = 0
        while let found = ByteSearch.firstIndex(of: keyword, in: bytes, from: position) {
            position = found + keyword.count
            guard let (number, _) = Self.objectHeader(endingAt: found, in: bytes), wanted.contains(number),
                let streamAt = ByteSearch.firstIndex(of: Self.streamKeyword, in: bytes, from: position),
                streamAt - position < 4096
            else { continue }
            let dictionary = String(decoding: bytes[position..<streamAt], as: UTF8.self)
            guard !dictionary.contains("endobj") else { continue }
            guard let body = Self.streamBody(keywordAt: streamAt, in: bytes) else { break }
            streams[number] = FontProgramStream(number: number, dictionary: dictionary, body: bytes[body])
            position = body.upperBound
        }
        return streams.values.sorted { $0.number < $1.number }
    }

    /// The largest image XObject the file declares (`/Subtype /Image` with direct `/Width` and `/Height`), by
    /// pixels; nil when there is none. An image is a stream, and streams are never inside object streams
    /// (ISO 32000-1, 7.5.7), so each image's dictionary stands in the file's own bytes: every `/Image` name is
    /// looked at in its object's text (from `obj` to `stream`, at most 4 KB each way), in one pass over the file.
    func largestImage() -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        let name = Array("/Image".utf8), objectKeyword = Array("obj".utf8)
        let ends = [Array("stream".utf8), Array("endobj".utf8)]
        var largest: (width: Int, height: Int)?
        var position = 0
        while let found = ByteSearch.firstIndex(of: name, in: bytes, from: position) {
            position = found + name.count
            if position < bytes.count, !Self.isDelimiter(bytes[position]) { continue }  // /ImageB, /ImageMask...
            var start = found
            let floor = max(0, found - 4096)
            while start > floor, !bytes[start..<min(bytes.count, start + objectKeyword.count)].elementsEqual(objectKeyword) {
                start -= 1
            }
            let window = Array(bytes[found..<min(bytes.count, found + 4096)])
            let end = found + (ends.compactMap { ByteSearch.firstIndex(of: $0, in: window, from: 0) }.min() ?? window.count)
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            guard text.range(of: #"/Subtype\s*/Image\b"#, options: .regularExpression) != nil,
                let width = Self.integer(after: "/Width", in: text), let height = Self.integer(after: "/Height", in: text),
                width > 0, height > 0
            else { continue }
            if width.multipliedReportingOverflow(by: height).overflow { return (width, height) }
            if width * height > (largest.map { $0.width * $0.height } ?? 0) { largest = (width, height) }
        }
        return largest
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        isWhite(byte) || "/<>[]()%{}".utf8.contains(byte)
    }

    private static func isWhite(_ byte: UInt8) -> Bool { [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00].contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// The integer after the key `key` (followed by white space) in `text`.
    private static func integer(after key: String, in text: String) -> Int? {
        var search = text[...]
        while let range = search.range(of: key) {
            let rest = search[range.upperBound...]
            if let next = rest.first, next.isWhitespace {
                return Int(rest.drop { $0.isWhitespace }.prefix { $0.isNumber })
            }
            search = rest
        }
        return nil
    }

    /// The dictionary text and compressed body of every `/Type /ObjStm` stream (bodies over
    /// ``maxCompressedStream`` left out).
    private func objectStreamsWithDictionaries(_ bytes: [UInt8]) -> [(String, ArraySlice<UInt8>)] {
        let marker = Array("/ObjStm".utf8)
        var result: [(String, ArraySlice<UInt8>)] = []
        var position = 0
        while let found = ByteSearch.firstIndex(of: marker, in: bytes, from: position) {
            position = found + marker.count
            guard let keyword = ByteSearch.firstIndex(of: Self.streamKeyword, in: bytes, from: position),
                keyword - found < 4096
            else { continue }
            let before = String(decoding: bytes[max(0, found - 1024)..<found], as: UTF8.self)
            let opening = before.range(of: "obj", options: .backwards).map { before[$0.upperBound...] } ?? before[...]
            let dictionary = String(opening) + String(decoding: bytes[found..<keyword], as: UTF8.self)
            guard let body = Self.streamBody(keywordAt: keyword, in: bytes) else { break }
            if body.count <= Self.maxCompressedStream { result.append((dictionary, bytes[body])) }
            position = body.upperBound
        }
        return result
    }

    private static let streamKeyword = Array("stream".utf8)
    private static let endstreamKeyword = Array("endstream".utf8)

    /// The data of the stream whose `stream` keyword starts at `keyword`: from the first byte after the keyword's
    /// end of line up to the next `endstream` (the `/Length` of a damaged file is not trusted); nil when no
    /// `endstream` follows.
    private static func streamBody(keywordAt keyword: Int, in bytes: [UInt8]) -> Range<Int>? {
        let start = PDFFileStructure.streamDataStart(in: bytes, afterKeywordEndingAt: keyword + streamKeyword.count)
        guard let stop = ByteSearch.firstIndex(of: endstreamKeyword, in: bytes, from: start) else { return nil }
        return start..<stop
    }

    private static func containsToken(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Bool {
        let array = Array(bytes)
        var position = 0
        while let found = ByteSearch.firstIndex(of: needle, in: array, from: position) {
            let after = found + needle.count
            if after >= array.count { return true }
            let next = array[after]
            // PDF delimiters and white space end a name.
            if "/[]<>() \t\r\n%{}".utf8.contains(next) || next == 0 || next == 0x0C { return true }
            position = found + 1
        }
        return false
    }
}
