/// A PDF file's object structure read from its bytes: cross-reference tables and streams (following `/Prev`
/// and `/XRefStm`), the trailer, and every indirect object on demand, including those in object streams
/// (ISO 32000-1, 7.5). Strict: a file whose cross-references do not hold up is an error here (Poppler may
/// still open it by reconstruction; callers then take a path through Poppler).
final class PDFFileStructure {
    /// Where an object lives.
    enum Location: Equatable {
        case offset(Int, generation: Int)
        case compressed(stream: Int, index: Int)
    }

    /// Object streams inflate to at most this many bytes.
    static let maxInflatedStream = 64 << 20
    /// At most this many cross-reference sections are followed.
    static let maxSections = 1000
    /// At most this many object numbers over all sections (about 100 bytes of memory each); larger files are
    /// left to Poppler.
    static let maxObjects = 2_000_000

    let bytes: [UInt8]
    /// The newest location of each object number.
    private(set) var locations: [Int: Location] = [:]
    /// The newest trailer (for cross-reference streams, the stream's dictionary).
    let trailer: PDFDictionary
    /// Offset of the newest cross-reference section (what `startxref` points at).
    let lastSectionOffset: Int
    /// True when the newest section is a cross-reference stream (an update must then write one too).
    let usesXRefStreams: Bool

    private var cache: [Int: PDFIndirectValue] = [:]
    private var objectStreams: [Int: (first: Int, offsets: [Int: Int], data: [UInt8])] = [:]
    private var resolving: Set<Int> = []

    /// Reads the cross-reference sections of `bytes`.
    /// - Throws: ``PDFStructureError`` when `startxref` or a section cannot be read.
    init(bytes: [UInt8]) throws(PDFStructureError) {
        self.bytes = bytes
        let start = try Self.startXRef(in: bytes)
        lastSectionOffset = start
        var pending = [start]
        var visited: Set<Int> = []
        var newestTrailer: PDFDictionary?
        var newestIsStream = false
        var locations: [Int: Location] = [:]
        while let offset = pending.popLast() {
            guard visited.insert(offset).inserted else { continue }
            guard visited.count <= Self.maxSections else {
                throw PDFStructureError(reason: "more than \(Self.maxSections) cross-reference sections")
            }
            let (trailer, isStream) = try Self.readSection(at: offset, bytes: bytes, into: &locations)
            if newestTrailer == nil {
                newestTrailer = trailer
                newestIsStream = isStream
            }
            // The previous section is read after a hybrid file's stream, so newer entries keep winning.
            if let previous = trailer["Prev"]?.integer { pending.append(previous) }
            if let stream = trailer["XRefStm"]?.integer { pending.append(stream) }
        }
        guard let newestTrailer else { throw PDFStructureError(reason: "no trailer") }
        trailer = newestTrailer
        usesXRefStreams = newestIsStream
        self.locations = locations
    }

    /// The numbers of the objects in use (not free), in increasing order.
    var objectNumbers: [Int] {
        locations.filter { !Self.isFree($0.value) }.keys.sorted()
    }

    /// One past the highest object number in use (the trailer's `/Size`, or more if entries say so).
    var size: Int {
        max(trailer["Size"]?.integer ?? 0, (locations.keys.max() ?? 0) + 1)
    }

    /// The value of indirect object `reference`.
    /// - Throws: ``PDFStructureError`` when it is missing or malformed.
    func value(_ reference: PDFReference) throws(PDFStructureError) -> PDFIndirectValue {
        if let cached = cache[reference.number] { return cached }
        guard let location = locations[reference.number], !Self.isFree(location)
        else {
            throw PDFStructureError(reason: "object \(reference.number) is not in the cross-reference table")
        }
        guard resolving.insert(reference.number).inserted else {
            throw PDFStructureError(reason: "object \(reference.number) refers to itself")
        }
        defer { resolving.remove(reference.number) }
        let value: PDFIndirectValue
        switch location {
        case .offset(let offset, _):
            value = try readIndirect(at: offset, number: reference.number)
        case .compressed(let stream, let index):
            value = .object(try compressedObject(reference.number, stream: stream, index: index))
        }
        cache[reference.number] = value
        return value
    }

    /// `object` itself, or the object it refers to (a stream's dictionary for streams).
    func resolve(_ object: PDFObject?) throws(PDFStructureError) -> PDFObject? {
        guard let object else { return nil }
        guard case .reference(let reference) = object else { return object }
        return try value(reference).object
    }

    /// The dictionary `object` is or refers to; nil for anything else.
    func dictionary(_ object: PDFObject?) throws(PDFStructureError) -> PDFDictionary? {
        try resolve(object)?.dictionary
    }

    /// A form field attribute of `field` or of its nearest ancestor that has it (fields inherit `/FT`, `/Ff`,
    /// `/MaxLen`, `/Opt`..., ISO 32000-1, 12.7.3.1), resolved; at most 32 levels up.
    func fieldAttribute(_ key: String, of field: PDFDictionary) throws(PDFStructureError) -> PDFObject? {
        var current: PDFDictionary? = field
        var depth = 0
        while let dictionary = current, depth < 32 {
            if let value = dictionary[key] { return try resolve(value) }
            current = try self.dictionary(dictionary["Parent"])
            depth += 1
        }
        return nil
    }

    /// The generation a replacement of object `number` must carry.
    func generation(of number: Int) -> Int {
        if case .offset(_, let generation) = locations[number] { return generation }
        return 0
    }

    private static func isFree(_ location: Location) -> Bool {
        if case .offset(let offset, _) = location { return offset < 0 }
        return false
    }

    // MARK: Reading objects

    private func readIndirect(at offset: Int, number: Int) throws(PDFStructureError) -> PDFIndirectValue {
        guard offset >= 0, offset < bytes.count else {
            throw PDFStructureError(reason: "object \(number) offset \(offset) is outside the file")
        }
        var parser = PDFObjectParser(bytes: bytes, position: offset)
        let found = try parser.readInteger("object number")
        _ = try parser.readInteger("generation")
        try parser.expect("obj")
        guard found == number else {
            throw PDFStructureError(reason: "offset \(offset) holds object \(found), not \(number)")
        }
        let object = try parser.readObject()
        guard case .dictionary(let dictionary) = object, parser.readKeyword("stream") else { return .object(object) }
        let start = Self.streamDataStart(in: bytes, afterKeywordEndingAt: parser.position)
        let declared: Int?
        if let length = dictionary["Length"], case .reference = length {
            declared = try resolve(length)?.integer
        } else {
            declared = dictionary["Length"]?.integer
        }
        let end: Int
        if let declared, declared >= 0, start + declared <= bytes.count, Self.endstreamFollows(bytes, at: start + declared) {
            end = start + declared
        } else if let found = ByteSearch.firstIndex(of: Array("endstream".utf8), in: bytes, from: start) {
            // A wrong /Length: the data runs to the keyword, less the end-of-line before it.
            var stop = found
            if stop > start, bytes[stop - 1] == 0x0A { stop -= 1 }
            if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
            end = stop
        } else {
            throw PDFStructureError(reason: "stream of object \(number) has no end")
        }
        return .stream(dictionary, Array(bytes[start..<end]))
    }

    /// Where a stream's data begins: after the end-of-line (CR LF, LF, or a lone CR) that follows `stream`.
    static func streamDataStart(in bytes: [UInt8], afterKeywordEndingAt position: Int) -> Int {
        var start = position
        if start < bytes.count, bytes[start] == 0x0D { start += 1 }
        if start < bytes.count, bytes[start] == 0x0A { start += 1 }
        return start
    }

    private static func endstreamFollows(_ bytes: [UInt8], at position: Int) -> Bool {
        var parser = PDFObjectParser(bytes: bytes, position: position)
        return parser.readKeyword("endstream")
    }

    private func compressedObject(_ number: Int, stream: Int, index: Int) throws(PDFStructureError) -> PDFObject {
        if objectStreams[stream] == nil {
            guard case .stream(let dictionary, let data) = try value(PDFReference(number: stream, generation: 0)) else {
                throw PDFStructureError(reason: "object stream \(stream) is not a stream")
            }
            guard let count = dictionary["N"]?.integer, let first = dictionary["First"]?.integer, count >= 0,
                count <= 1_000_000
            else { throw PDFStructureError(reason: "object stream \(stream) lacks /N or /First") }
            let plain = try Self.decode(data, dictionary: dictionary)
            guard first >= 0, first <= plain.count else {
                throw PDFStructureError(reason: "object stream \(stream): /First is outside its data")
            }
            var header = PDFObjectParser(bytes: Array(plain[0..<first]))
            var offsets: [Int: Int] = [:]
            for _ in 0..<count {
                let objectNumber = try header.readInteger("object number in object stream")
                let objectOffset = try header.readInteger("offset in object stream")
                offsets[objectNumber] = objectOffset
            }
            objectStreams[stream] = (first, offsets, plain)
        }
        guard let entry = objectStreams[stream], let offset = entry.offsets[number], entry.first + offset < entry.data.count else {
            throw PDFStructureError(reason: "object \(number) is not in object stream \(stream)")
        }
        var parser = PDFObjectParser(bytes: entry.data, position: entry.first + offset)
        return try parser.readObject()
    }

    /// A stream's data with its filters undone; only `FlateDecode` (with PNG predictors) is
    /// supported, which is what cross-reference and object streams use.
    static func decode(_ data: [UInt8], dictionary: PDFDictionary) throws(PDFStructureError) -> [UInt8] {
        let filters: [PDFObject]
        switch dictionary["Filter"] {
        case nil: return data
        case .name(let name)?: filters = [.name(name)]
        case .array(let items)?: filters = items
        default: throw PDFStructureError(reason: "unsupported /Filter")
        }
        guard filters.count == 1, filters[0].name == "FlateDecode" else {
            throw PDFStructureError(reason: "unsupported stream filter \(filters.compactMap(\.name))")
        }
        guard let inflated = Flate.inflate(data[...], maxInflated: maxInflatedStream) else {
            throw PDFStructureError(reason: "stream data does not inflate")
        }
        var parameters = dictionary["DecodeParms"]
        if case .array(let items)? = parameters { parameters = items.first }
        guard let parameters = parameters?.dictionary, let predictor = parameters["Predictor"]?.integer, predictor > 1 else {
            return inflated
        }
        guard predictor >= 10 else { throw PDFStructureError(reason: "TIFF predictor is not supported") }
        let columns = parameters["Columns"]?.integer ?? 1
        let colors = parameters["Colors"]?.integer ?? 1
        let bits = parameters["BitsPerComponent"]?.integer ?? 8
        return try undoPNGPredictor(inflated, columns: columns, colors: colors, bitsPerComponent: bits)
    }

    /// Reverses PNG row filters (each row starts with its filter type byte).
    static func undoPNGPredictor(
        _ data: [UInt8], columns: Int, colors: Int, bitsPerComponent: Int
    ) throws(PDFStructureError) -> [UInt8] {
        guard columns > 0, columns < 1 << 20, colors > 0, colors <= 32, [1, 2, 4, 8, 16].contains(bitsPerComponent) else {
            throw PDFStructureError(reason: "bad predictor parameters")
        }
        let pixelBytes = max(1, colors * bitsPerComponent / 8)
        let rowBytes = (columns * colors * bitsPerComponent + 7) / 8
        var output: [UInt8] = []
        output.reserveCapacity(data.count)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var position = 0
        while position + 1 + rowBytes <= data.count {
            let filter = data[position]
            var row = Array(data[(position + 1)..<(position + 1 + rowBytes)])
            for index in 0..<rowBytes {
                let left = index >= pixelBytes ? Int(row[index - pixelBytes]) : 0
                let up = Int(previous[index])
                let upperLeft = index >= pixelBytes ? Int(previous[index - pixelBytes]) : 0
                let add: Int
                switch filter {
                case 0: add = 0
                case 1: add = left
                case 2: add = up
                case 3: add = (left + up) / 2
                case 4:
                    let estimate = left + up - upperLeft
                    let distances = (abs(estimate - left), abs(estimate - up), abs(estimate - upperLeft))
                    add = distances.0 <= distances.1 && distances.0 <= distances.2 ? left : distances.1 <= distances.2 ? up : upperLeft
                default: throw PDFStructureError(reason: "unknown PNG predictor \(filter)")
                }
                row[index] = UInt8(truncatingIfNeeded: Int(row[index]) + add)
            }
            output += row
            previous = row
            position += 1 + rowBytes
        }
        return output
    }

    // MARK: Cross-reference sections

    private static func startXRef(in bytes: [UInt8]) throws(PDFStructureError) -> Int {
        let keyword = Array("startxref".utf8)
        let from = max(0, bytes.count - 2048)
        var found: Int?
        var index = bytes.count - keyword.count
        while index >= from {
            if bytes[index] == keyword[0], bytes[index..<index + keyword.count].elementsEqual(keyword) {
                found = index
                break
            }
            index -= 1
        }
        guard let found else { throw PDFStructureError(reason: "no startxref near the end of the file") }
        var parser = PDFObjectParser(bytes: bytes, position: found + keyword.count)
        let offset = try parser.readInteger("startxref offset")
        guard offset < bytes.count else { throw PDFStructureError(reason: "startxref points outside the file") }
        return offset
    }

    /// Reads the section at `offset` (a table and trailer, or a stream), adding entries not already known.
    private static func readSection(
        at offset: Int, bytes: [UInt8], into locations: inout [Int: Location]
    ) throws(PDFStructureError) -> (PDFDictionary, Bool) {
        guard offset >= 0, offset < bytes.count else {
            throw PDFStructureError(reason: "cross-reference offset \(offset) is outside the file")
        }
        var parser = PDFObjectParser(bytes: bytes, position: offset)
        if parser.readKeyword("xref") {
            while !parser.readKeyword("trailer") {
                let first = try parser.readInteger("first object number")
                let count = try parser.readInteger("entry count")
                guard count <= maxObjects, locations.count + count <= maxObjects else {
                    throw PDFStructureError(reason: "more than \(maxObjects) objects")
                }
                for item in 0..<count {
                    let position = try parser.readInteger("object offset")
                    let generation = try parser.readInteger("generation")
                    let inUse = parser.readKeyword("n")
                    guard inUse || parser.readKeyword("f") else { throw PDFStructureError(reason: "bad cross-reference entry") }
                    let number = first + item
                    if locations[number] == nil {
                        // A free entry still hides older definitions of the number.
                        locations[number] = inUse ? .offset(position, generation: generation) : .offset(-1, generation: generation)
                    }
                }
            }
            guard case .dictionary(let trailer) = try parser.readObject() else {
                throw PDFStructureError(reason: "trailer is not a dictionary")
            }
            return (trailer, false)
        }
        let number = try parser.readInteger("cross-reference stream object number")
        _ = try parser.readInteger("generation")
        try parser.expect("obj")
        guard case .dictionary(let dictionary) = try parser.readObject(), dictionary["Type"]?.name == "XRef",
            parser.readKeyword("stream")
        else { throw PDFStructureError(reason: "offset \(offset) is neither a table nor a cross-reference stream") }
        let start = streamDataStart(in: bytes, afterKeywordEndingAt: parser.position)
        guard let length = dictionary["Length"]?.integer, length >= 0, start + length <= bytes.count else {
            throw PDFStructureError(reason: "cross-reference stream \(number) has no usable /Length")
        }
        let data = try decode(Array(bytes[start..<start + length]), dictionary: dictionary)
        guard let widths = dictionary["W"]?.array?.compactMap(\.integer), widths.count == 3,
            widths.allSatisfy({ $0 >= 0 && $0 <= 8 })
        else { throw PDFStructureError(reason: "cross-reference stream \(number) has a bad /W") }
        let size = dictionary["Size"]?.integer ?? 0
        let index = dictionary["Index"]?.array?.compactMap(\.integer) ?? [0, size]
        guard index.count % 2 == 0 else { throw PDFStructureError(reason: "cross-reference stream \(number) has a bad /Index") }
        let entryBytes = widths.reduce(0, +)
        guard entryBytes > 0 else { throw PDFStructureError(reason: "cross-reference stream \(number) has empty entries") }
        var cursor = 0
        func field(_ width: Int, default value: Int) -> Int {
            guard width > 0 else { return value }
            var result = 0
            for _ in 0..<width {
                result = result << 8 | Int(data[cursor])
                cursor += 1
            }
            return result
        }
        for pair in stride(from: 0, to: index.count, by: 2) {
            let first = index[pair], count = index[pair + 1]
            guard count >= 0, count <= maxObjects, locations.count + count <= maxObjects else {
                throw PDFStructureError(reason: "more than \(maxObjects) objects")
            }
            for item in 0..<count {
                guard cursor + entryBytes <= data.count else {
                    throw PDFStructureError(reason: "cross-reference stream \(number) is shorter than its /Index")
                }
                let type = field(widths[0], default: 1)
                let second = field(widths[1], default: 0)
                let third = field(widths[2], default: 0)
                let objectNumber = first + item
                guard locations[objectNumber] == nil else { continue }
                switch type {
                case 1: locations[objectNumber] = .offset(second, generation: third)
                case 2: locations[objectNumber] = .compressed(stream: second, index: third)
                default: locations[objectNumber] = .offset(-1, generation: 0)
                }
            }
        }
        return (dictionary, true)
    }
}
