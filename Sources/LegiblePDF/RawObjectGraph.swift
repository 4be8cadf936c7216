import Foundation

/// A document's objects as a reader that rebuilds a damaged file's cross-references sees them: each object is
/// its last definition in the file (how Poppler reconstructs, and how incremental updates order them), found in
/// the file's own bytes or in a Flate-compressed object stream, and the catalog is the one the last `/Root`
/// names.
///
/// For checks that must agree with Poppler on a damaged file before Poppler is asked to act on it. Each object
/// is read by the strict object parser: a lenient reader recovers from a damaged dictionary in ways of its own,
/// so a dictionary that only parses leniently is taken as not there.
struct RawObjectGraph {
    private let objects: [Int: RawPDFScanner.RawObject]
    /// The catalog's object number; nil when the file names none.
    let root: Int?

    init(data: Data) {
        let bytes = [UInt8](data)
        objects = RawPDFScanner(data: data).objects(bytes)
        let key = Array("/Root".utf8)
        guard let rootAt = ByteSearch.lastIndex(of: key, in: bytes) else {
            root = nil
            return
        }
        let start = rootAt + key.count
        let after = String(decoding: bytes[start..<min(bytes.count, start + 64)], as: UTF8.self)
        let words = after.split(whereSeparator: { $0.isWhitespace }).prefix(3)
        if words.count == 3, let number = Int(words[0]), number >= 0, Int(words[1]) != nil, words[2].hasPrefix("R") {
            root = number
        } else {
            root = nil
        }
    }

    /// The catalog dictionary; nil when it is missing or damaged.
    var catalog: PDFDictionary? { root.flatMap { dictionary(.reference(PDFReference(number: $0, generation: 0))) } }

    /// `object` as a dictionary: an inline one, or the object a reference names when it parses as one.
    func dictionary(_ object: PDFObject?) -> PDFDictionary? { resolved(object)?.dictionary }

    /// `object` as an array: an inline one, or the object a reference names when it parses as one.
    func array(_ object: PDFObject?) -> [PDFObject]? { resolved(object)?.array }

    /// `object` itself, or for a reference the object it names as the strict parser reads it (nil when that
    /// object is missing or does not parse).
    private func resolved(_ object: PDFObject?) -> PDFObject? {
        guard case .reference(let reference)? = object else { return object }
        guard let text = objects[reference.number]?.text else { return nil }
        var parser = PDFObjectParser(bytes: Array(text.utf8))
        return try? parser.readObject()
    }
}

extension PDFDocument {
    /// This document's ``RawObjectGraph``, read once (the raw scan inflates every object stream) and shared by
    /// the checks made before Poppler fills it. Not thread-safe, like the document.
    var rawObjectGraph: RawObjectGraph {
        if let rawObjects { return rawObjects }
        let graph = RawObjectGraph(data: data)
        rawObjects = graph
        return graph
    }
}
