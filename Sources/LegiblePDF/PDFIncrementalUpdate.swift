/// New and replaced objects appended to a PDF as an incremental update (ISO 32000-1, 7.5.6): the original
/// bytes stay as they are, followed by the objects, a cross-reference section of the same kind as the file's
/// newest one, and a trailer whose `/Prev` points back.
struct PDFIncrementalUpdate {
    let file: PDFFileStructure
    private var nextNumber: Int
    private var written: [(reference: PDFReference, value: PDFIndirectValue)] = []
    private var byContent: [[UInt8]: PDFReference] = [:]

    init(file: PDFFileStructure) {
        self.file = file
        nextNumber = file.size
    }

    /// Reserves a new object number (fill it with ``set(_:to:)``).
    mutating func reserve() -> PDFReference {
        defer { nextNumber += 1 }
        return PDFReference(number: nextNumber, generation: 0)
    }

    /// Adds a new object and returns its reference.
    mutating func add(_ value: PDFIndirectValue) -> PDFReference {
        let reference = reserve()
        set(reference, to: value)
        return reference
    }

    /// Adds a new object, or returns the one added before with the same content (a field drawn on two pages
    /// gets one appearance).
    mutating func addShared(_ value: PDFIndirectValue) -> PDFReference {
        var key: [UInt8] = []
        switch value {
        case .object(let object): object.write(to: &key)
        case .stream(let dictionary, let data):
            dictionary.write(to: &key)
            key += data
        }
        if let existing = byContent[key] { return existing }
        let reference = add(value)
        byContent[key] = reference
        return reference
    }

    /// Writes `value` as object `reference` (a reserved number, or an existing object to replace).
    mutating func set(_ reference: PDFReference, to value: PDFIndirectValue) {
        written.removeAll { $0.reference.number == reference.number }
        written.append((reference, value))
    }

    /// A new object remembered under `key` (its serialised form) with ``remember(_:as:)``, for sharing.
    func existing(_ key: [UInt8]) -> PDFReference? { byContent[key] }

    /// Remembers that new object `reference` serialises as `key`.
    mutating func remember(_ key: [UInt8], as reference: PDFReference) { byContent[key] = reference }

    /// The original bytes with the update appended.
    func bytes() -> [UInt8] {
        var output = file.bytes
        output.reserveCapacity(file.bytes.count + 4096)
        if output.last != 0x0A && output.last != 0x0D { output.append(0x0A) }
        var offsets: [(PDFReference, Int)] = []
        for (reference, value) in written.sorted(by: { $0.reference.number < $1.reference.number }) {
            offsets.append((reference, output.count))
            Self.write(reference, value, to: &output)
        }
        var trailer = PDFDictionary()
        for key in ["Root", "Info", "ID"] { trailer[key] = file.trailer[key] }
        trailer["Prev"] = .integer(file.lastSectionOffset)
        if file.usesXRefStreams {
            let ownNumber = nextNumber
            let start = output.count
            offsets.append((PDFReference(number: ownNumber, generation: 0), start))
            trailer["Size"] = .integer(ownNumber + 1)
            let (index, widths, data) = Self.streamEntries(offsets)
            trailer["Type"] = .name("XRef")
            trailer["Index"] = .array(index.map { .integer($0) })
            trailer["W"] = .array(widths.map { .integer($0) })
            Self.write(PDFReference(number: ownNumber, generation: 0), .stream(trailer, data), to: &output)
            output += Array("startxref\n\(start)\n%%EOF\n".utf8)
        } else {
            let start = output.count
            output += Array("xref\n".utf8)
            for run in Self.runs(offsets.sorted { $0.0.number < $1.0.number }) {
                output += Array("\(run[0].0.number) \(run.count)\n".utf8)
                for (reference, offset) in run {
                    output += Array("\(Self.padded(offset, 10)) \(Self.padded(reference.generation, 5)) n\r\n".utf8)
                }
            }
            trailer["Size"] = .integer(nextNumber)
            output += Array("trailer\n".utf8)
            trailer.write(to: &output)
            output += Array("\nstartxref\n\(start)\n%%EOF\n".utf8)
        }
        return output
    }

    private static func write(_ reference: PDFReference, _ value: PDFIndirectValue, to output: inout [UInt8]) {
        output += Array("\(reference.number) \(reference.generation) obj\n".utf8)
        switch value {
        case .object(let object):
            object.write(to: &output)
        case .stream(var dictionary, var data):
            // Unfiltered streams of some size (appearances, page content written here) are compressed.
            if dictionary["Filter"] == nil, data.count >= 128, let compressed = Flate.deflate(data), compressed.count < data.count {
                dictionary["Filter"] = .name("FlateDecode")
                data = compressed
            }
            dictionary["Length"] = .integer(data.count)
            dictionary.write(to: &output)
            output += Array("\nstream\n".utf8)
            output += data
            output += Array("\nendstream".utf8)
        }
        output += Array("\nendobj\n".utf8)
    }

    /// Consecutive object numbers grouped into subsections.
    private static func runs(_ entries: [(PDFReference, Int)]) -> [[(PDFReference, Int)]] {
        var result: [[(PDFReference, Int)]] = []
        for entry in entries {
            if let last = result.last?.last, last.0.number + 1 == entry.0.number {
                result[result.count - 1].append(entry)
            } else {
                result.append([entry])
            }
        }
        return result
    }

    /// `/Index`, `/W` and the binary entries of a cross-reference stream (type 1 entries only).
    private static func streamEntries(_ offsets: [(PDFReference, Int)]) -> ([Int], [Int], [UInt8]) {
        let sorted = offsets.sorted { $0.0.number < $1.0.number }
        let largest = sorted.map(\.1).max() ?? 0
        var offsetBytes = 1
        while offsetBytes < 8, largest >> (8 * offsetBytes) > 0 { offsetBytes += 1 }
        var index: [Int] = [], data: [UInt8] = []
        for run in runs(sorted) {
            index += [run[0].0.number, run.count]
            for (reference, offset) in run {
                data.append(1)
                for shift in stride(from: offsetBytes - 1, through: 0, by: -1) { data.append(UInt8(truncatingIfNeeded: offset >> (8 * shift))) }
                data.append(UInt8(truncatingIfNeeded: reference.generation >> 8))
                data.append(UInt8(truncatingIfNeeded: reference.generation))
            }
        }
        return (index, [1, offsetBytes, 2], data)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
