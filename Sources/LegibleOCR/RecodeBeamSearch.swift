#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tesseract 5.3's CTC decoder for LSTM line models (`RecodeBeamSearch`, src/lstm/recodebeam.cpp), for
/// models whose recoder gives every unichar a code of length 1, with or without the model's word lists.
///
/// It is not plain best-path decoding. Each timestep keeps three beams of 5 nodes (continuations
/// "anything", "only a duplicate", "no duplicate"); a step first extends them with the 2 most likely classes
/// and the null, falling back to the top 5 and then to every class only when that leaves the "anything" beam
/// empty. Besides plain CTC extensions it adds nodes scored on summed probabilities (`p[c] + p[null]`, plus
/// `p[prev]` when prev and c are the top two), which can emit characters that are never the argmax. Node
/// certainty is `(ln p + certOffset) × dictRatio` with `ln p` floored at −20 (Float arithmetic as in the
/// Debian build, `logf`). With `includeChoices` it also reproduces `lstm_choice_mode = 2`: the main beam's
/// best character per character segment, then `choiceIterations` re-decodes that exclude the codes already
/// chosen in each segment.
///
/// With a ``dictionary`` each timestep also keeps three dictionary beams. A node on them continues a word
/// the word lists accept (``LSTMDictionary``) and keeps its certainty unscaled (`ln p + certOffset`, if above
/// ``Options/worstDictCertainty``), so dictionary words outscore plain readings of the same outputs. A
/// dictionary word starts at the line's start or after a space (the best such start per continuation is
/// offered once per step), and a final node on the dictionary beams counts only where its word validly ends.
/// Words get the permuter of their last character's node.
///
/// The heaps replicate Tesseract's `GenericHeap` array layout, because the order in which nodes are
/// visited decides ties and which node `extractSymbolChoices` picks.
struct RecodeBeamSearch: Sendable {
    /// Decoder constants; the defaults are what Tesseract passes for LSTM models.
    struct Options: Sendable, Equatable {
        /// `kDictRatio`: factor applied to every non-dictionary node certainty.
        var dictRatio: Float = 2.25
        /// `kCertOffset`: added to `ln p` before the ratio.
        var certOffset: Double = -0.085
        /// `kWorstDictCertainty / kCertaintyScale` = −25/7 (used as a Float): dictionary nodes and word
        /// starts after a space need a certainty above it. Only matters with a dictionary.
        var worstDictCertainty: Double = -25.0 / 7.0
        /// `lstm_choice_iterations`: secondary decodes for the symbol alternatives.
        var choiceIterations: Int = 5
        /// `lstm_rating_coefficient`: choice confidence = 100 − coefficient × rating.
        var ratingCoefficient: Float = 5

        /// Creates the default options.
        init() {}
    }

    /// Why a decoder could not be made or an input could not be decoded.
    enum InputError: Error, Equatable {
        /// There are no classes, or the null class is not one of them.
        case invalidNullClass
        /// A class maps to a negative unichar id.
        case invalidUnicharID(classIndex: Int)
        /// The probability count is not a multiple of the class count.
        case invalidShape(count: Int, classCount: Int)
    }

    /// The number of network output classes (the softmax width).
    let classCount: Int
    /// The CTC blank class (Tesseract's `null_char`).
    let nullClass: Int
    /// For each class, the unichar id its code decodes to (0 = space). The null class's entry is the unichar
    /// the recoder maps to the null code (Tesseract's "Joined", id 1, for our models); it only orders the codes.
    let unicharIDs: [Int]
    /// The decoder constants.
    let options: Options
    /// The word lists that guide the search (Tesseract's LSTM `Dict`), or nil to decode without them.
    let dictionary: LSTMDictionary?
    /// Classes in the order Tesseract's recoder lists them as final codes: by the smallest unichar id encoded
    /// to them (`UnicharCompress::SetupDecoder`), ties by class. Pushes happen in this order.
    private let codeOrder: [Int]
    /// Position of each class in ``codeOrder``.
    private let codeRank: [Int]

    /// Makes a decoder for a model with `unicharIDs.count` classes.
    /// - Parameters:
    ///   - nullClass: The blank class index.
    ///   - unicharIDs: Class index → unichar id (see ``unicharIDs``).
    ///   - options: Decoder constants.
    ///   - dictionary: Word lists to decode with (the dictionary beams), or nil.
    init(nullClass: Int, unicharIDs: [Int], options: Options = Options(), dictionary: LSTMDictionary? = nil)
        throws(InputError)
    {
        guard !unicharIDs.isEmpty, unicharIDs.indices.contains(nullClass) else { throw .invalidNullClass }
        if let bad = unicharIDs.firstIndex(where: { $0 < 0 }) { throw .invalidUnicharID(classIndex: bad) }
        classCount = unicharIDs.count
        self.nullClass = nullClass
        self.unicharIDs = unicharIDs
        self.options = options
        self.dictionary = dictionary
        let order = unicharIDs.indices.sorted { (unicharIDs[$0], $0) < (unicharIDs[$1], $1) }
        codeOrder = order
        var rank = [Int](repeating: 0, count: order.count)
        for (position, code) in order.enumerated() { rank[code] = position }
        codeRank = rank
    }

    /// Decodes one line.
    /// - Parameters:
    ///   - probabilities: The softmax output, timestep-major: `T × classCount` values (T may be 0).
    ///   - includeChoices: Also compute the `lstm_choice_mode = 2` alternatives (1 + `choiceIterations`
    ///     decodes instead of 1).
    /// - Returns: The best path's characters, words and, if asked, per-symbol alternatives.
    func decode(_ probabilities: [Float], includeChoices: Bool = false) throws(InputError) -> RecodeBeamResult {
        guard probabilities.count % classCount == 0 else {
            throw .invalidShape(count: probabilities.count, classCount: classCount)
        }
        let steps = probabilities.count / classCount
        guard steps > 0 else {
            return RecodeBeamResult(timesteps: 0, characters: [], words: [], characterBoundaries: [],
                                    characterChoices: [])
        }
        let lattice = Lattice(search: self, probabilities: probabilities)
        lattice.run(exclusions: nil, boundaries: [])
        let path = lattice.path(endingAt: lattice.bestFinalNode())
        let run = lattice.unichars(along: path[...])
        let boundaries = run.characterBoundaries(width: steps)
        var characters: [RecodeBeamCharacter] = []
        characters.reserveCapacity(run.unicharIDs.count)
        for i in run.unicharIDs.indices {
            characters.append(RecodeBeamCharacter(
                unicharID: run.unicharIDs[i], certainty: run.certainties[i], rating: run.ratings[i],
                startTimestep: run.xcoords[i], endTimestep: run.ends[i], permuter: run.permuters[i],
                startsWord: run.startsWord[i]))
        }
        var choices: [[RecodeBeamChoice]] = []
        if includeChoices, boundaries.count >= 2 {
            choices = symbolChoices(lattice, boundaries: boundaries)
        }
        let words = Self.words(characters, choices: includeChoices ? choices : nil)
        return RecodeBeamResult(timesteps: steps, characters: characters, words: words,
                                characterBoundaries: boundaries, characterChoices: choices)
    }

    /// `extractSymbolChoices` on the main lattice, then `choiceIterations` rounds of `DecodeSecondaryBeams` +
    /// `extractSymbolChoices`. Returns `ctc_choices`: one list per character.
    private func symbolChoices(_ lattice: Lattice, boundaries: [Int]) -> [[RecodeBeamChoice]] {
        let count = boundaries.count - 1
        var choices = [[RecodeBeamChoice]](repeating: [], count: count)
        var exclusions = [Bool](repeating: false, count: count * classCount)
        lattice.extractChoices(boundaries: boundaries, into: &choices, exclusions: &exclusions)
        for _ in 0..<max(options.choiceIterations, 0) {
            lattice.run(exclusions: exclusions, boundaries: boundaries)
            lattice.extractChoices(boundaries: boundaries, into: &choices, exclusions: &exclusions)
        }
        return choices
    }

    /// Splits characters into words at spaces and at characters that start a dictionary word
    /// (`ExtractBestPathAsWords`; every unichar of our models is space-delimited), gives each word the
    /// permuter of its last character's node, and attaches each symbol's `ChoiceIterator` list when `choices`
    /// is given.
    static func words(_ characters: [RecodeBeamCharacter], choices: [[RecodeBeamChoice]]?) -> [RecodeBeamWord] {
        var words: [RecodeBeamWord] = []
        var previousSpaceCertainty: Float = 0
        var start = 0
        while start < characters.count {
            var end = start + 1
            while end < characters.count, characters[end].unicharID != 0, !characters[end].startsWord { end += 1 }
            let spaceCertainty = end < characters.count ? characters[end].certainty : 0
            let leadingSpace = start > 0 && characters[start - 1].unicharID == 0
            let bounding = min(spaceCertainty, previousSpaceCertainty)
            var certainty = Float.greatestFiniteMagnitude
            for i in start..<end { certainty = min(certainty, characters[i].certainty) }
            var symbolChoices: [[RecodeBeamChoice]] = []
            if let choices {
                let first = leadingSpace ? start - 1 : start
                let slice = Array(choices[min(first, choices.count)..<min(end, choices.count)])
                symbolChoices = iteratorChoices(slice, symbols: end - start, leadingSpace: leadingSpace)
            }
            // ExtractBestPathAsWords makes a word of spaces only (e.g. from three spaces in a row), but it never
            // reaches Tesseract's output (seen on the serial lines; the stage that drops it was not identified).
            if characters[start..<end].contains(where: { $0.unicharID != 0 }) {
                words.append(RecodeBeamWord(
                    characters: start..<end, hasLeadingSpace: leadingSpace, spaceCertainty: bounding,
                    certainty: min(bounding, certainty), symbolChoices: symbolChoices,
                    permuter: characters[end - 1].permuter))
            }
            previousSpaceCertainty = spaceCertainty
            start = end < characters.count && characters[end].unicharID == 0 ? end + 1 : end
        }
        return words
    }

    /// What `ChoiceIterator` lists for each symbol of a word, given the word's `CTC_symbol_choices` (its leading
    /// space's list first when it has one): the list at `symbol + blanks`, without spaces, where blanks is 1
    /// after a space unless the word's first list does not start with a space.
    private static func iteratorChoices(_ lists: [[RecodeBeamChoice]], symbols: Int,
                                        leadingSpace: Bool) -> [[RecodeBeamChoice]] {
        var blanks = leadingSpace ? 1 : 0
        if let firstList = lists.first, let first = firstList.first, first.unicharID != 0 { blanks = 0 }
        return (0..<symbols).map { symbol in
            let index = symbol + blanks
            guard index < lists.count else { return [] }
            return lists[index].filter { $0.unicharID != 0 }
        }
    }

    /// Accessors for the lattice (kept private to the decoder's file).
    fileprivate var orderedCodes: [Int] { codeOrder }
    fileprivate var codeRanks: [Int] { codeRank }
}

/// A node of the search lattice (`RecodeNode`).
private struct Node {
    /// The class emitted at this timestep.
    var code: Int
    /// The unichar id, or −1 for the null (`INVALID_UNICHAR_ID`).
    var unicharID: Int
    /// Index of the previous timestep's node in ``Lattice/nodes``, or −1 at timestep 0.
    var prev: Int
    /// Whether this node repeats the previous node's code (CTC duplicate).
    var duplicate: Bool
    /// This timestep's certainty (dict-ratio scaled).
    var certainty: Float
    /// The path score: the sum of certainties up to here.
    var score: Float
    /// Rolling hash of the path's non-null, non-duplicate codes.
    var hash: UInt64
    /// The word list the node's word comes from so far (``Permuter/topChoice`` off the dictionary beams).
    var permuter: Permuter = .topChoice
    /// Whether a dictionary word may start after this node (a space, or the start of a line).
    var startOfDawg = false
    /// Whether this node's character starts a dictionary word.
    var startOfWord = false
    /// Whether the dictionary word ends validly at this node.
    var endOfWord = false
    /// The node's dictionary positions: a range of ``Lattice/positions`` (start −1: none).
    var dawgStart: Int32 = -1
    var dawgCount: Int32 = 0
}

/// The beams of every timestep and the per-step state of one decode (`RecodeBeam` array + `top_n_flags_`).
///
/// A class over manually allocated buffers: the decode is a few million tiny reads and writes, and Swift
/// arrays in a mutated struct cost a retain/release pair on many of them.
private final class Lattice {
    /// `kMinCertainty`.
    static let minCertainty: Float = -20
    /// `kMinProb` = e^−20.
    static let minProbability: Float = expf(-20)
    /// `kBeamWidths[0]`.
    static let beamWidth = 5
    /// Heap capacity: a push may briefly hold one node more than the beam width.
    static let slots = 6
    /// Continuations: `NC_ANYTHING`, `NC_ONLY_DUP`, `NC_NO_DUP` (the beam index for code length 0).
    static let anything = 0, onlyDup = 1, noDup = 2
    /// Top-n states: `TN_TOP2`, `TN_TOPN`, `TN_ALSO_RAN`.
    static let top2: UInt8 = 0, topN: UInt8 = 1, alsoRan: UInt8 = 2

    let steps: Int
    let classCount: Int
    let nullClass: Int
    let dictRatio: Float
    let certOffset: Double
    /// `worst_dict_cert` as the C++ passes it on (a float): dictionary nodes need a certainty above it.
    let worstDictCertainty: Float
    /// The word lists, or nil for the plain search.
    let dictionary: LSTMDictionary?
    /// 3 heaps (one per continuation) per timestep, 6 with a dictionary (the dictionary beams after them).
    let heapsPerStep: Int
    /// Dictionary positions of the nodes (append-only during a decode; the first entries are the initial
    /// positions, shared by every node that starts a word).
    var positions: [LSTMDictionary.Position] = []
    var scratch: [LSTMDictionary.Position] = []
    /// The current timestep's best node starting a dictionary word, per continuation (`best_initial_dawgs_`;
    /// code −1: none).
    let initialNodes: UnsafeMutablePointer<Node>
    let ratingCoefficient: Float
    let codeRange: UInt64
    /// Class → unichar id, classes in code order, class → position in code order.
    let unicharIDs: UnsafeMutablePointer<Int>
    let codeOrder: UnsafeMutablePointer<Int>
    let codeRank: UnsafeMutablePointer<Int>
    /// The softmax output, `steps × classCount`.
    let probabilities: UnsafeMutablePointer<Float>
    /// `steps × 3` heaps of ``slots`` nodes.
    let nodes: UnsafeMutablePointer<Node>
    /// Node count of each heap.
    let counts: UnsafeMutablePointer<Int>
    /// The current timestep's top-n state per class.
    let flags: UnsafeMutablePointer<UInt8>
    /// Classes flagged top-2 (null included) and top-n, each in code order (at most 3 and 4).
    let top2Codes: UnsafeMutablePointer<Int>
    var top2Count = 0
    let topNCodes: UnsafeMutablePointer<Int>
    var topNCount = 0
    /// Classes not flagged also-ran at the current timestep (to reset them cheaply).
    let flagged: UnsafeMutablePointer<Int>
    var flaggedCount = 0
    var topCode = -1
    var secondCode = -1
    /// ComputeTopN's min-heap of (probability, class).
    let topKeys: UnsafeMutablePointer<Float>
    let topClasses: UnsafeMutablePointer<Int>
    var topCount = 0

    /// Allocates the beams for the timesteps of `probabilities` (a whole number of rows of
    /// `search.classCount`) and copies them in.
    init(search: RecodeBeamSearch, probabilities: [Float]) {
        classCount = search.classCount
        steps = probabilities.count / search.classCount
        nullClass = search.nullClass
        dictRatio = search.options.dictRatio
        certOffset = search.options.certOffset
        worstDictCertainty = Float(search.options.worstDictCertainty)
        dictionary = search.dictionary
        heapsPerStep = search.dictionary == nil ? 3 : 6
        ratingCoefficient = search.options.ratingCoefficient
        codeRange = UInt64(search.classCount)
        unicharIDs = .allocate(capacity: classCount)
        codeOrder = .allocate(capacity: classCount)
        codeRank = .allocate(capacity: classCount)
        for code in 0..<classCount {
            unicharIDs[code] = search.unicharIDs[code]
            codeOrder[code] = search.orderedCodes[code]
            codeRank[code] = search.codeRanks[code]
        }
        let values = UnsafeMutablePointer<Float>.allocate(capacity: steps * classCount)
        for i in 0..<(steps * classCount) { values[i] = probabilities[i] }
        self.probabilities = values
        let empty = Node(code: 0, unicharID: -1, prev: -1, duplicate: false, certainty: 0, score: 0, hash: 0)
        nodes = .allocate(capacity: steps * heapsPerStep * Self.slots)
        nodes.initialize(repeating: empty, count: steps * heapsPerStep * Self.slots)
        counts = .allocate(capacity: steps * heapsPerStep)
        counts.initialize(repeating: 0, count: steps * heapsPerStep)
        initialNodes = .allocate(capacity: 3)
        initialNodes.initialize(repeating: empty, count: 3)
        flags = .allocate(capacity: classCount)
        flags.initialize(repeating: Self.alsoRan, count: classCount)
        top2Codes = .allocate(capacity: Self.slots)
        topNCodes = .allocate(capacity: Self.slots)
        flagged = .allocate(capacity: Self.slots + 1)
        topKeys = .allocate(capacity: Self.slots)
        topClasses = .allocate(capacity: Self.slots)
    }

    deinit {
        for pointer in [unicharIDs, codeOrder, codeRank, counts, top2Codes, topNCodes, flagged, topClasses] {
            pointer.deallocate()
        }
        probabilities.deallocate()
        nodes.deallocate()
        initialNodes.deallocate()
        flags.deallocate()
        topKeys.deallocate()
    }

    /// Tesseract's `ProbToCertainty(p) + cert_offset`, rounded to Float as the C++ assignment does.
    @inline(__always)
    func offsetCertainty(_ probability: Float) -> Float {
        let logProbability = probability > Self.minProbability ? logf(probability) : Self.minCertainty
        return Float(Double(logProbability) + certOffset)
    }

    /// Index in ``counts`` of heap `continuation` at timestep `t`, of the dictionary beams when `dawg`
    /// (`BeamIndex` for code length 0).
    @inline(__always)
    func heap(_ t: Int, _ continuation: Int, dawg: Bool = false) -> Int {
        t * heapsPerStep + (dawg ? 3 : 0) + continuation
    }

    // MARK: Decoding

    /// Decodes every timestep (`Decode`, or `DecodeSecondaryBeams` when `exclusions` is given: then segment
    /// b's excluded classes, `exclusions[b × classCount + class]`, never enter the top-n at its timesteps).
    func run(exclusions: [Bool]?, boundaries: [Int]) {
        positions = dictionary?.initialPositions ?? []
        var bucket = 0
        for t in 0..<steps {
            let row = t * classCount
            if let exclusions {
                while bucket + 1 < boundaries.count, t >= boundaries[bucket + 1] { bucket += 1 }
                exclusions.withUnsafeBufferPointer { excluded in
                    computeTopN(row: row, excluded: UnsafeBufferPointer(rebasing: excluded[(bucket * classCount)...]))
                }
            } else {
                computeTopN(row: row, excluded: nil)
            }
            step(t: t)
        }
    }

    /// `ComputeTopN` / `ComputeSecTopN`: flags the 2 best classes top-2, the next 3 top-n, the null top-2.
    func computeTopN(row: Int, excluded: UnsafeBufferPointer<Bool>?) {
        for i in 0..<flaggedCount { flags[flagged[i]] = Self.alsoRan }
        flaggedCount = 0
        topCount = 0
        topCode = -1
        secondCode = -1
        for code in 0..<classCount {
            let p = probabilities[row + code]
            guard topCount < Self.beamWidth || p > topKeys[0] else { continue }
            if let excluded, excluded[code] { continue }
            pushTop(p, code)
            if topCount > Self.beamWidth { popTop() }
        }
        top2Count = 0
        topNCount = 0
        while topCount > 0 {
            let code = topClasses[0]
            popTop()
            if topCount > 1 {
                flags[code] = Self.topN
                insertByRank(code, into: topNCodes, count: &topNCount)
            } else {
                flags[code] = Self.top2
                insertByRank(code, into: top2Codes, count: &top2Count)
                if topCount == 0 { topCode = code } else { secondCode = code }
            }
            flagged[flaggedCount] = code
            flaggedCount += 1
        }
        if flags[nullClass] != Self.top2 {
            if flags[nullClass] == Self.topN {
                var kept = 0
                for i in 0..<topNCount where topNCodes[i] != nullClass {
                    topNCodes[kept] = topNCodes[i]
                    kept += 1
                }
                topNCount = kept
            } else {
                flagged[flaggedCount] = nullClass
                flaggedCount += 1
            }
            flags[nullClass] = Self.top2
            insertByRank(nullClass, into: top2Codes, count: &top2Count)
        }
    }

    /// Inserts `code` into a short list kept in code order.
    @inline(__always)
    private func insertByRank(_ code: Int, into list: UnsafeMutablePointer<Int>, count: inout Int) {
        let rank = codeRank[code]
        var index = count
        while index > 0, codeRank[list[index - 1]] > rank {
            list[index] = list[index - 1]
            index -= 1
        }
        list[index] = code
        count += 1
    }

    /// `GenericHeap::Push` on the top-n min-heap.
    @inline(__always)
    private func pushTop(_ key: Float, _ code: Int) {
        var hole = topCount
        topCount += 1
        while hole > 0 {
            let parent = (hole + 1) / 2 - 1
            guard key < topKeys[parent] else { break }
            topKeys[hole] = topKeys[parent]
            topClasses[hole] = topClasses[parent]
            hole = parent
        }
        topKeys[hole] = key
        topClasses[hole] = code
    }

    /// `GenericHeap::Pop` on the top-n min-heap (discarding the top).
    @inline(__always)
    private func popTop() {
        let last = topCount - 1
        topCount = last
        guard last > 0 else { return }
        let key = topKeys[last], code = topClasses[last]
        var hole = 0
        while true {
            var child = hole * 2 + 1
            guard child < last else { break }
            if child + 1 < last, topKeys[child + 1] < topKeys[child] { child += 1 }
            guard topKeys[child] < key else { break }
            topKeys[hole] = topKeys[child]
            topClasses[hole] = topClasses[child]
            hole = child
        }
        topKeys[hole] = key
        topClasses[hole] = code
    }

    /// `DecodeStep`: extends the previous timestep's heaps (last element first, as Tesseract does; the plain
    /// beams, then the dictionary beams) with the top-2 classes, then top-n, then the rest, stopping once an
    /// "anything" heap is non-empty; then offers each continuation's best word start to its dictionary heap.
    func step(t: Int) {
        for index in 0..<heapsPerStep { counts[t * heapsPerStep + index] = 0 }
        for continuation in 0..<3 { initialNodes[continuation].code = -1 }
        if t == 0 {
            continueContext(prev: -1, dawg: false, prevContinuation: Self.anything, flag: Self.top2, t: 0)
            if dictionary != nil {
                continueContext(prev: -1, dawg: true, prevContinuation: Self.anything, flag: Self.top2, t: 0)
            }
            return
        }
        var flag = Self.top2
        while flag <= Self.alsoRan, counts[heap(t, Self.anything)] == 0,
            dictionary == nil || counts[heap(t, Self.anything, dawg: true)] == 0
        {
            for index in 0..<heapsPerStep {
                let previous = (t - 1) * heapsPerStep + index
                let base = previous * Self.slots
                var i = counts[previous] - 1
                while i >= 0 {
                    continueContext(prev: base + i, dawg: index >= 3, prevContinuation: index % 3, flag: flag, t: t)
                    i -= 1
                }
            }
            flag += 1
        }
        guard dictionary != nil else { return }
        for continuation in 0..<3 where initialNodes[continuation].code >= 0 {
            pushIfBetter(initialNodes[continuation], heap: heap(t, continuation, dawg: true))
        }
    }

    /// `ContinueContext` for code length 0: pushes the duplicate, no-duplicate and new-code continuations of
    /// node `prev` (of a dictionary beam when `dawg`) whose classes have top-n state `flag`.
    func continueContext(prev: Int, dawg: Bool, prevContinuation: Int, flag: UInt8, t: Int) {
        let row = t * classCount
        let null = nullClass
        var prevCode = -1
        if prev >= 0 {
            prevCode = nodes[prev].code
            let prevUnichar = nodes[prev].unicharID
            if flags[prevCode] == flag {
                if prevContinuation != Self.noDup {
                    let cert = offsetCertainty(probabilities[row + prevCode])
                    pushDuplicate(code: prevCode, unicharID: prevUnichar, certainty: cert, dawg: dawg,
                                  continuation: Self.anything, prev: prev, t: t)
                }
                if prevContinuation == Self.anything, flag == Self.top2, prevCode != null {
                    let cert = offsetCertainty(probabilities[row + prevCode] + probabilities[row + null])
                    pushDuplicate(code: prevCode, unicharID: prevUnichar, certainty: cert, dawg: dawg,
                                  continuation: Self.noDup, prev: prev, t: t)
                }
            }
            if prevContinuation == Self.onlyDup { return }
        }
        switch flag {
        case Self.top2:
            for i in 0..<top2Count {
                continueWithCode(top2Codes[i], prev, prevCode, dawg, prevContinuation, flag, t)
            }
        case Self.topN:
            for i in 0..<topNCount {
                continueWithCode(topNCodes[i], prev, prevCode, dawg, prevContinuation, flag, t)
            }
        default:
            for i in 0..<classCount where flags[codeOrder[i]] == flag {
                continueWithCode(codeOrder[i], prev, prevCode, dawg, prevContinuation, flag, t)
            }
        }
    }

    /// The final-code loop body of `ContinueContext`: a new character (or null) after `prev`, plus its
    /// summed-probability "only duplicate" variant in the top-2 pass.
    @inline(__always)
    private func continueWithCode(_ code: Int, _ prev: Int, _ prevCode: Int, _ dawg: Bool, _ prevContinuation: Int,
                                  _ flag: UInt8, _ t: Int) {
        if code == prevCode { return }
        let row = t * classCount
        let null = nullClass
        let cert = offsetCertainty(probabilities[row + code])
        if cert < Self.minCertainty && code != null { return }
        let unicharID = code == null ? -1 : unicharIDs[code]
        continueUnichar(code: code, unicharID: unicharID, certainty: cert, dawg: dawg, continuation: Self.anything,
                        prev: prev, t: t)
        guard flag == Self.top2, code != null else { return }
        var probability = probabilities[row + code] + probabilities[row + null]
        if prev >= 0, prevContinuation == Self.anything, prevCode != null,
           (prevCode == topCode && code == secondCode) || (code == topCode && prevCode == secondCode) {
            probability += probabilities[row + prevCode]
        }
        let summed = offsetCertainty(probability)
        continueUnichar(code: code, unicharID: unicharID, certainty: summed, dawg: dawg, continuation: Self.onlyDup,
                        prev: prev, t: t)
    }

    /// `ContinueUnichar`: on a dictionary beam, the dictionary continuation (unscaled certainty); otherwise the
    /// plain node (certainty × dict ratio) and, for a space that is sure enough, a dictionary word start.
    @inline(__always)
    private func continueUnichar(code: Int, unicharID: Int, certainty: Float, dawg: Bool, continuation: Int,
                                 prev: Int, t: Int) {
        if dawg {
            if certainty > worstDictCertainty {
                continueDawg(code: code, unicharID: unicharID, certainty: certainty, continuation: continuation,
                             prev: prev, t: t)
            }
            return
        }
        pushIfBetter(code: code, unicharID: unicharID, permuter: .topChoice, duplicate: false,
                     certainty: certainty * dictRatio, prev: prev, heap: heap(t, continuation))
        if dictionary != nil, unicharID == 0, certainty > worstDictCertainty {
            // The space after a plain word is marked NO_PERM and keeps its own certainty unscaled, so that the
            // dictionary word after it is not judged by nulls already scaled on the plain beam.
            pushInitialDawg(code: code, unicharID: 0, permuter: .none, startOfWord: false, endOfWord: false,
                            certainty: certainty, continuation: continuation, prev: prev)
        }
    }

    /// `ContinueDawg`: a null, a space ending a dictionary word, or a letter the word lists accept after the
    /// dictionary word that `prev` continues.
    private func continueDawg(code: Int, unicharID: Int, certainty: Float, continuation: Int, prev: Int, t: Int) {
        guard let dictionary else { return }
        let dawgHeap = heap(t, continuation, dawg: true)
        let plainHeap = heap(t, continuation)
        if unicharID < 0 {
            pushIfBetter(code: code, unicharID: unicharID, permuter: .none, duplicate: false, certainty: certainty,
                         prev: prev, heap: dawgHeap)
            return
        }
        let score = prev >= 0 ? certainty + nodes[prev].score : certainty
        if counts[dawgHeap] >= Self.beamWidth, score <= nodes[dawgHeap * Self.slots].score,
           counts[plainHeap] >= Self.beamWidth, score <= nodes[plainHeap * Self.slots].score {
            return
        }
        var letter = prev
        while letter >= 0, nodes[letter].unicharID < 0 || nodes[letter].duplicate { letter = nodes[letter].prev }
        if unicharID == 0 {
            if letter >= 0, nodes[letter].endOfWord {
                let permuter = nodes[letter].permuter
                pushInitialDawg(code: code, unicharID: 0, permuter: permuter, startOfWord: false, endOfWord: false,
                                certainty: certainty, continuation: continuation, prev: prev)
                pushIfBetter(code: code, unicharID: 0, permuter: permuter, duplicate: false, certainty: certainty,
                             prev: prev, heap: plainHeap)
            }
            return
        }
        if letter >= 0, nodes[letter].startOfDawg, nodes[letter].unicharID != 0 {
            return  // No word break between two space-delimited characters.
        }
        let wordStart: Bool
        var permuter = Permuter.none
        let validEnd: Bool
        if letter < 0 {
            wordStart = true
            validEnd = dictionary.advance(positions[0..<dictionary.initialPositions.count], unichar: unicharID,
                                          wordEnd: false, permuter: &permuter, updated: &scratch)
        } else if nodes[letter].dawgStart >= 0 {
            wordStart = nodes[letter].startOfDawg
            let start = Int(nodes[letter].dawgStart)
            validEnd = dictionary.advance(positions[start..<(start + Int(nodes[letter].dawgCount))],
                                          unichar: unicharID, wordEnd: false, permuter: &permuter, updated: &scratch)
        } else {
            return
        }
        guard permuter != .none else { return }
        let dawgStart = Int32(positions.count)
        positions.append(contentsOf: scratch)
        pushIfBetter(code: code, unicharID: unicharID, permuter: permuter, duplicate: false, certainty: certainty,
                     prev: prev, heap: dawgHeap, startOfWord: wordStart, endOfWord: validEnd,
                     dawgs: (dawgStart, Int32(scratch.count)))
    }

    /// `PushInitialDawgIfBetter`: keeps the best-scoring node per continuation that starts a dictionary word.
    private func pushInitialDawg(code: Int, unicharID: Int, permuter: Permuter, startOfWord: Bool, endOfWord: Bool,
                                 certainty: Float, continuation: Int, prev: Int) {
        let score = prev >= 0 ? certainty + nodes[prev].score : certainty
        guard initialNodes[continuation].code < 0 || score > initialNodes[continuation].score,
              let dictionary else { return }
        initialNodes[continuation] = Node(
            code: code, unicharID: unicharID, prev: prev, duplicate: false, certainty: certainty, score: score,
            hash: hash(code: code, duplicate: false, prev: prev), permuter: permuter, startOfDawg: true,
            startOfWord: startOfWord, endOfWord: endOfWord, dawgStart: 0,
            dawgCount: Int32(dictionary.initialPositions.count))
    }

    /// `PushDupOrNoDawgIfBetter` for code length 0: on a dictionary beam, pushes when the certainty passes the
    /// dictionary's worst; otherwise scales by the dict ratio and drops non-null nodes below the minimum
    /// certainty. The node keeps `prev`'s permuter.
    @inline(__always)
    private func pushDuplicate(code: Int, unicharID: Int, certainty: Float, dawg: Bool, continuation: Int, prev: Int,
                               t: Int) {
        if dawg {
            guard certainty > worstDictCertainty else { return }
            pushIfBetter(code: code, unicharID: unicharID, permuter: prev >= 0 ? nodes[prev].permuter : .none,
                         duplicate: true, certainty: certainty, prev: prev, heap: heap(t, continuation, dawg: true))
            return
        }
        let scaled = certainty * dictRatio
        guard scaled >= Self.minCertainty || code == nullClass else { return }
        pushIfBetter(code: code, unicharID: unicharID, permuter: prev >= 0 ? nodes[prev].permuter : .topChoice,
                     duplicate: true, certainty: scaled, prev: prev, heap: heap(t, continuation))
    }

    /// `ComputeCodeHash`: `prev`'s hash, extended with `code` unless it is a duplicate or the null.
    @inline(__always)
    private func hash(code: Int, duplicate: Bool, prev: Int) -> UInt64 {
        var hash: UInt64 = prev >= 0 ? nodes[prev].hash : 0
        if !duplicate && code != nullClass {
            let carry = ((hash >> 32) &* codeRange) >> 32
            hash = hash &* codeRange &+ carry &+ UInt64(code)
        }
        return hash
    }

    /// `PushHeapIfBetter`: makes the node if the heap has room or it beats the worst, then pushes it.
    @inline(__always)
    private func pushIfBetter(code: Int, unicharID: Int, permuter: Permuter, duplicate: Bool, certainty: Float,
                              prev: Int, heap: Int, startOfWord: Bool = false, endOfWord: Bool = false,
                              dawgs: (start: Int32, count: Int32) = (-1, 0)) {
        let score = prev >= 0 ? certainty + nodes[prev].score : certainty
        guard counts[heap] < Self.beamWidth || score > nodes[heap * Self.slots].score else { return }
        let node = Node(code: code, unicharID: unicharID, prev: prev, duplicate: duplicate, certainty: certainty,
                        score: score, hash: hash(code: code, duplicate: duplicate, prev: prev), permuter: permuter,
                        startOfDawg: false, startOfWord: startOfWord, endOfWord: endOfWord, dawgStart: dawgs.start,
                        dawgCount: dawgs.count)
        pushIfBetter(node, heap: heap)
    }

    /// `PushHeapIfBetter` (node form) + `UpdateHeapIfMatched`: adds the node if the heap has room or it beats
    /// the worst; a node with the same code, hash, permuter and word-start flag is replaced only when the new
    /// score is higher.
    private func pushIfBetter(_ node: Node, heap: Int) {
        let score = node.score
        let base = heap * Self.slots
        let count = counts[heap]
        guard count < Self.beamWidth || score > nodes[base].score else { return }
        for i in 0..<count {
            let other = nodes[base + i]
            guard other.code == node.code, other.hash == node.hash, other.permuter == node.permuter,
                  other.startOfDawg == node.startOfDawg else { continue }
            if score > other.score {
                var hole = siftDown(base: base, count: count, hole: i, score: score)
                hole = siftUp(base: base, hole: hole, score: score)
                nodes[base + hole] = node
            }
            return
        }
        let hole = siftUp(base: base, hole: count, score: score)
        nodes[base + hole] = node
        counts[heap] = count + 1
        if count + 1 > Self.beamWidth {
            // Pop the worst (the top of the min-heap).
            let last = nodes[base + count]
            let hole = siftDown(base: base, count: count, hole: 0, score: last.score)
            nodes[base + hole] = last
            counts[heap] = count
        }
    }

    /// `GenericHeap::SiftUp`: moves the hole at `hole` up past parents with a higher score; returns where a
    /// node with `score` belongs.
    @inline(__always)
    private func siftUp(base: Int, hole start: Int, score: Float) -> Int {
        var hole = start
        while hole > 0 {
            let parent = (hole + 1) / 2 - 1
            guard score < nodes[base + parent].score else { break }
            nodes[base + hole] = nodes[base + parent]
            hole = parent
        }
        return hole
    }

    /// `GenericHeap::SiftDown` within the first `count` nodes of the heap.
    @inline(__always)
    private func siftDown(base: Int, count: Int, hole start: Int, score: Float) -> Int {
        var hole = start
        while true {
            var child = hole * 2 + 1
            guard child < count else { break }
            if child + 1 < count, nodes[base + child + 1].score < nodes[base + child].score { child += 1 }
            guard nodes[base + child].score < score else { break }
            nodes[base + hole] = nodes[base + child]
            hole = child
        }
        return hole
    }

    // MARK: Paths

    /// `ExtractBestPaths`: the highest-scoring node of the last timestep's "anything" and "no duplicate" heaps,
    /// plain then dictionary for each (first found wins ties). A dictionary node counts only when its last
    /// character is a space or validly ends a word.
    func bestFinalNode() -> Int {
        var best = -1
        for continuation in stride(from: Self.anything, through: Self.noDup, by: Self.noDup - Self.anything) {
            for dawg in dictionary == nil ? [false] : [false, true] {
                let heap = heap(steps - 1, continuation, dawg: dawg)
                for i in 0..<counts[heap] {
                    let index = heap * Self.slots + i
                    if dawg {
                        var letter = index
                        while letter >= 0, nodes[letter].unicharID < 0 || nodes[letter].duplicate {
                            letter = nodes[letter].prev
                        }
                        if letter < 0 || (!nodes[letter].endOfWord && nodes[letter].unicharID != 0) { continue }
                    }
                    if best < 0 || nodes[index].score > nodes[best].score { best = index }
                }
            }
        }
        return best
    }

    /// The node indices from the first timestep to `last`, at most `limit` of them (`ExtractPath`).
    func path(endingAt last: Int, limit: Int = .max) -> [Int] {
        var path: [Int] = []
        var node = last
        while node >= 0, path.count < limit {
            path.append(node)
            node = nodes[node].prev
        }
        path.reverse()
        return path
    }

    /// `ExtractPathAsUnicharIds` along a path of node indices.
    func unichars(along path: ArraySlice<Int>) -> UnicharRun {
        var run = UnicharRun()
        var t = path.startIndex
        let width = path.endIndex
        while t < width {
            var certainty = 0.0
            var rating = 0.0
            while t < width, nodes[path[t]].unicharID < 0 {
                let cert = Double(nodes[path[t]].certainty)
                certainty = min(certainty, cert)
                rating -= cert
                t += 1
            }
            run.starts.append(t - path.startIndex)
            if t < width {
                let unicharID = nodes[path[t]].unicharID
                if unicharID == 0, let last = run.certainties.indices.last, nodes[path[t]].permuter != .none {
                    // Nulls before a space count for the previous character.
                    if Float(certainty) < run.certainties[last] { run.certainties[last] = Float(certainty) }
                    run.ratings[last] = Float(Double(run.ratings[last]) + rating)
                    certainty = 0
                    rating = 0
                }
                run.unicharIDs.append(unicharID)
                run.xcoords.append(t - path.startIndex)
                run.permuters.append(nodes[path[t]].permuter)
                run.startsWord.append(nodes[path[t]].startOfWord)
                repeat {
                    let cert = Double(nodes[path[t]].certainty)
                    // A NO_PERM space forgets the nulls before it (they were scaled on the plain beam).
                    if cert < certainty || (unicharID == 0 && nodes[path[t]].permuter == .none) { certainty = cert }
                    rating -= cert
                    t += 1
                } while t < width && nodes[path[t]].duplicate
                run.ends.append(t - path.startIndex)
                run.certainties.append(Float(certainty))
                run.ratings.append(Float(rating))
            } else if let last = run.certainties.indices.last {
                if Float(certainty) < run.certainties[last] { run.certainties[last] = Float(certainty) }
                run.ratings[last] = Float(Double(run.ratings[last]) + rating)
            }
        }
        return run
    }

    // MARK: Choices

    /// `extractSymbolChoices`: for each character segment `[b[j−1], b[j])`, among the nodes of the "anything"
    /// heap at the segment's last timestep whose last `b[j] − b[j−1]` nodes include a character, takes the
    /// best-scoring one, reads the characters of that window, appends the lowest-rated one to `choices[j−1]`
    /// and excludes all non-null classes of the window from segment j−1 in later rounds.
    func extractChoices(boundaries: [Int], into choices: inout [[RecodeBeamChoice]], exclusions: inout [Bool]) {
        let coefficient = ratingCoefficient
        for j in 1..<boundaries.count {
            let window = boundaries[j] - boundaries[j - 1]
            let last = boundaries[j] - 1
            guard window > 0, last >= 0, last < steps else { continue }
            let heap = heap(last, Self.anything)
            var best = -1
            for i in 0..<counts[heap] {
                let entry = heap * Self.slots + i
                var node = entry
                var back = 0
                var valid = false
                while node >= 0, back < window {
                    if nodes[node].code != nullClass && nodes[node].unicharID >= 0 {
                        valid = true
                        break
                    }
                    node = nodes[node].prev
                    back += 1
                }
                // A stable sort by descending score puts the first of the best-scoring entries first.
                if valid, best < 0 || nodes[entry].score > nodes[best].score { best = entry }
            }
            guard best >= 0 else { continue }
            let segment = path(endingAt: best, limit: window)
            let run = unichars(along: segment[...])
            guard var bestPosition = run.ratings.indices.first else { continue }
            for i in run.ratings.indices where run.ratings[i] < run.ratings[bestPosition] { bestPosition = i }
            for node in segment where nodes[node].code != nullClass {
                exclusions[(j - 1) * classCount + nodes[node].code] = true
            }
            let rating = run.ratings[bestPosition]
            choices[j - 1].append(RecodeBeamChoice(
                unicharID: run.unicharIDs[bestPosition], rating: rating,
                confidence: min(max(100 - coefficient * rating, 0), 100)))
        }
    }
}

/// The output of `ExtractPathAsUnicharIds`, in timesteps relative to the path's start.
private struct UnicharRun {
    var unicharIDs: [Int] = []
    var certainties: [Float] = []
    var ratings: [Float] = []
    /// Timestep of each character's own node.
    var xcoords: [Int] = []
    /// The permuter and word-start flag of each character's own node.
    var permuters: [Permuter] = []
    var startsWord: [Bool] = []
    /// Timestep where each scan started: after the previous character, before the nulls preceding the next.
    var starts: [Int] = []
    /// One past each character's last duplicate.
    var ends: [Int] = []

    /// `calculateCharBoundaries`: 0, the midpoints of the gaps between characters, then `width`.
    func characterBoundaries(width: Int) -> [Int] {
        guard !ends.isEmpty else { return [] }
        var bounds = [0]
        for i in ends.indices {
            let next = i + 1 < starts.count ? starts[i + 1] : width
            bounds.append(ends[i] + (next - ends[i]) / 2)
        }
        bounds[bounds.count - 1] = width
        return bounds
    }
}
