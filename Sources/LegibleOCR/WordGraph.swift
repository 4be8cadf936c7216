/// One of a model's word lists as Tesseract stores it: a directed acyclic word graph in its "squished"
/// layout (`SquishedDawg`), read from a `.traineddata` component.
///
/// Each edge is one 64-bit record: the character's id in the LSTM character set (low bits, enough for the
/// set's size plus one), three flags (last edge of its node, backward edge, end of a word), then the index
/// of the node the edge leads to (0 when no word goes on). A node is the run of edges starting at its index
/// up to the one marked last. The root's edges are sorted, so they are binary-searched, as Tesseract does;
/// other nodes are searched in order. This is the first part of decoding with a model's dictionaries, which
/// Tesseract does for Debian's `eng` even with dictionaries off (``LSTMDictionary`` walks them).
struct WordGraph: Sendable, CustomStringConvertible {
    /// What a model's graph lists.
    enum Kind: String, Sendable, CaseIterable {
        /// Punctuation patterns around words.
        case punctuation
        /// The words.
        case words
        /// Number patterns.
        case numbers
    }

    private let edges: [UInt64]
    private let flagShift: UInt64
    private let nextNodeShift: UInt64
    private let letterMask: UInt64
    private let nextNodeMask: UInt64
    /// Number of forward edges of the root node.
    private let rootEdges: Int

    /// The size of the character set the graph was built for.
    let characterCount: Int

    /// Tesseract's `kDawgMagicNumber`, the first field of every graph.
    static let magic: Int16 = 42

    private static let lastEdgeFlag: UInt64 = 1
    private static let backwardFlag: UInt64 = 2
    private static let wordEndFlag: UInt64 = 4

    /// Reads a graph from a component's bytes: a 16-bit magic number, the character set's size, the edge
    /// count, then the edges.
    ///
    /// - Throws: `OCRError.modelFormat` for a wrong magic number, an empty or truncated graph, or edges that
    ///   lead outside it.
    init(bytes: [UInt8]) throws(OCRError) {
        var reader = TrainedDataReader(bytes)
        let magic = try reader.int16("word graph magic number")
        guard magic == Self.magic else {
            throw .modelFormat("word graph magic number is \(magic), not \(Self.magic)")
        }
        let size = try reader.count("word graph character set size", limit: 1 << 20)
        let count = try reader.count("word graph edge count", limit: reader.remaining / 8)
        guard size > 0, count > 0 else { throw .modelFormat("the word graph is empty") }
        let raw = try reader.take(count * 8, "word graph edges")
        var edges = [UInt64](repeating: 0, count: count)
        raw.withUnsafeBytes { source in
            for index in 0..<count {
                edges[index] = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            }
        }
        // Bits for a character id: enough for the set's size plus one (the size itself is the null).
        let letterBits = UInt64(Self.bits(for: size + 1))
        flagShift = letterBits
        nextNodeShift = letterBits + 3
        letterMask = ~(~UInt64(0) << letterBits)
        nextNodeMask = ~UInt64(0) << (letterBits + 3)
        characterCount = size
        self.edges = edges
        var root = 0
        if Self.isForward(edges[0], flagShift: letterBits), edges[0] != nextNodeMask {
            repeat { root += 1 } while root < count && (edges[root - 1] >> letterBits) & Self.lastEdgeFlag == 0
        }
        rootEdges = root
        for (index, edge) in edges.enumerated() where edge != nextNodeMask {
            let target = (edge & nextNodeMask) >> nextNodeShift
            guard target < UInt64(count) else {
                throw .modelFormat("word graph edge \(index) leads to edge \(target) of \(count)")
            }
        }
    }

    /// A summary (the edges themselves are too many to print).
    var description: String { "word graph of \(edges.count) edges over \(characterCount) characters" }

    /// ceil(log2(value)), as Tesseract computes the character bits (`Dawg::init`).
    private static func bits(for value: Int) -> Int {
        var bits = 0
        while (1 << bits) < value { bits += 1 }
        return bits
    }

    private static func isForward(_ edge: UInt64, flagShift: UInt64) -> Bool {
        (edge >> flagShift) & backwardFlag == 0
    }

    /// Whether the graph holds the word spelled by `characters` (ids in the LSTM character set).
    func contains(_ characters: [Int]) -> Bool {
        guard !characters.isEmpty else { return false }
        var node = 0
        for (index, character) in characters.enumerated() {
            let last = index == characters.count - 1
            guard let edge = edge(from: node, character: character, wordEnd: last) else { return false }
            if last { return true }
            node = nextNode(edge)
            if node == 0 { return false }
        }
        return false
    }

    /// The edge leaving `node` with `character` (that ends a word, when `wordEnd`), or nil.
    func edge(from node: Int, character: Int, wordEnd: Bool) -> Int? {
        guard node >= 0, node < edges.count else { return nil }
        if node == 0 {
            var low = 0, high = rootEdges - 1
            while low <= high {
                let middle = (low + high) >> 1
                switch compare(character, wordEnd: wordEnd, with: edges[middle]) {
                case 0: return middle
                case 1: low = middle + 1
                default: high = middle - 1
                }
            }
            return nil
        }
        guard edges[node] != nextNodeMask else { return nil }
        var edge = node
        while edge < edges.count {
            let record = edges[edge]
            if Int(record & letterMask) == character, !wordEnd || endsWord(record) { return edge }
            if (record >> flagShift) & Self.lastEdgeFlag != 0 { break }
            edge += 1
        }
        return nil
    }

    /// The node `edge` leads to (0: no word goes on).
    func nextNode(_ edge: Int) -> Int { Int((edges[edge] & nextNodeMask) >> nextNodeShift) }

    /// Whether `edge` ends a word.
    func endsWord(at edge: Int) -> Bool { endsWord(edges[edge]) }

    private func endsWord(_ record: UInt64) -> Bool { (record >> flagShift) & Self.wordEndFlag != 0 }

    /// Tesseract's `given_greater_than_edge_rec` with no next node given: 0 when the edge matches, 1 when the
    /// character (then the word end) sorts after the edge's, -1 otherwise.
    private func compare(_ character: Int, wordEnd: Bool, with record: UInt64) -> Int {
        let other = Int(record & letterMask)
        if character == other, !wordEnd || endsWord(record) { return 0 }
        return character > other ? 1 : -1
    }
}
