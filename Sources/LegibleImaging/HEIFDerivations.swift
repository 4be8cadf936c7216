/// The derived-image references of a HEIF file (`dimg` entries of the `iref` box in the top-level `meta` box,
/// ISO/IEC 23008-12, 6.4.3 and 9.3): which items a grid or overlay is made from.
///
/// libheif 1.15 follows these references without looking for cycles: a grid that lists itself (or a chain that
/// comes back to it) as a tile recurses until the stack or the process's threads run out. A file whose
/// derivations loop, or nest deeper than any real file does, is refused before libheif decodes it.
enum HEIFDerivations {
    /// Derivations deeper than this are refused: cameras write a grid of coded tiles (depth 1), perhaps under
    /// an overlay or identity transform (2-3).
    static let maxDepth = 8

    /// Nil when the derivations are a shallow tree (or the file has none), else why they are refused.
    static func problem(in bytes: UnsafeRawBufferPointer) -> String? {
        guard let references = derivedReferences(in: bytes) else { return nil }
        var depthOf: [UInt32: Int] = [:]
        var onPath: Set<UInt32> = []
        func depth(_ item: UInt32) -> Int? {
            if let known = depthOf[item] { return known }
            guard onPath.insert(item).inserted else { return nil }
            defer { onPath.remove(item) }
            var deepest = 0
            for input in references[item] ?? [] {
                guard let below = depth(input) else { return nil }
                deepest = max(deepest, below + 1)
                if deepest > maxDepth { return deepest }
            }
            depthOf[item] = deepest
            return deepest
        }
        for item in references.keys.sorted() {
            guard let found = depth(item) else { return "its derived images refer to themselves" }
            if found > maxDepth { return "its derived images are nested more than \(maxDepth) deep" }
        }
        return nil
    }

    /// `dimg` references (derived item -> input items), or nil when the file has no readable `meta`/`iref`.
    static func derivedReferences(in bytes: UnsafeRawBufferPointer) -> [UInt32: [UInt32]]? {
        guard let meta = boxes(in: bytes, from: 0, to: bytes.count).first(where: { $0.type == "meta" }),
            meta.body + 4 <= meta.end,
            let iref = boxes(in: bytes, from: meta.body + 4, to: meta.end).first(where: { $0.type == "iref" }),
            iref.body + 4 <= iref.end
        else { return nil }
        let idBytes = bytes[iref.body] == 0 ? 2 : 4
        var references: [UInt32: [UInt32]] = [:]
        for entry in boxes(in: bytes, from: iref.body + 4, to: iref.end) where entry.type == "dimg" {
            var position = entry.body
            func read(_ count: Int) -> UInt32? {
                guard position + count <= entry.end else { return nil }
                defer { position += count }
                return (0..<count).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[position + $1]) }
            }
            guard let from = read(idBytes), let count = read(2) else { continue }
            for _ in 0..<count {
                guard let to = read(idBytes) else { break }
                references[from, default: []].append(to)
            }
        }
        return references
    }

    /// An ISO BMFF box: its four-character type, where its contents start and where it ends (byte offsets).
    struct Box {
        var type: String
        var body: Int
        var end: Int
    }

    /// The boxes laid one after another in `start..<end`; stops at the first that does not fit.
    static func boxes(in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> [Box] {
        var found: [Box] = []
        var position = start
        while position + 8 <= end, found.count < 10_000 {
            let size32 = (0..<4).reduce(0) { $0 << 8 | Int(bytes[position + $1]) }
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            var header = 8
            var size = size32
            if size32 == 1 {
                guard position + 16 <= end else { break }
                let large = (8..<16).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[position + $1]) }
                guard large <= UInt64(end - position) else { break }
                size = Int(large)
                header = 16
            } else if size32 == 0 {
                size = end - position
            }
            guard size >= header, size <= end - position else { break }
            found.append(Box(type: type, body: position + header, end: position + size))
            position += size
        }
        return found
    }
}
