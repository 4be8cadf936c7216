/// The word lists of an LSTM model walked letter by letter the way Tesseract 5.3's `Dict` walks them for its
/// LSTM decoder (`Dict::LoadLSTM`, `default_dawgs`, `def_letter_is_okay`, `valid_word`, `case_ok`,
/// src/dict/dict.cpp and context.cpp).
///
/// The lists are the model's punctuation, word and number graphs, in that order (Tesseract's load order,
/// which decides the graph indices in a ``Position``). A word is read as punctuation, then a word or a
/// number, then punctuation: the punctuation graph holds patterns in which character 0 (the space's id,
/// Tesseract's `kPatternUnicharID`) stands for the word in the middle, and the number graph has character 0
/// in place of every digit. A walk starts at the ``initialPositions`` and each letter maps the positions
/// reached so far to new ones; none left means no list accepts the letters.
///
/// Only the model's own lists are used (no user words or patterns), and every character is taken as
/// space-delimited (true of Latin and Common scripts, not of Han, Thai or Kana). An instance is immutable
/// and may be shared.
struct LSTMDictionary: Sendable {
    /// A place reached in the lists (`DawgPosition`): an edge of a word or number graph, of the punctuation
    /// graph, or both. Edge −1 is Tesseract's `NO_EDGE` (at the graph's root), graph −1 none.
    struct Position: Equatable, Sendable {
        /// Index of the word or number graph, −1 while still in leading punctuation.
        var graph: Int8
        /// The last edge taken in ``graph``.
        var edge: Int
        /// Index of the punctuation graph, −1 without one.
        var punctuationGraph: Int8
        /// The last edge taken in the punctuation graph.
        var punctuationEdge: Int
        /// Whether the word has ended and trailing punctuation is being read.
        var backToPunctuation: Bool
    }

    /// The outcome of one letter (`DawgArgs` after `def_letter_is_okay`).
    struct Step: Sendable {
        /// The highest permuter of the lists that accept the letter; ``Permuter/none`` when none does.
        var permuter: Permuter
        /// Whether the letters so far make a whole entry (word and its punctuation complete).
        var validEnd: Bool
    }

    private let graphs: [WordGraph]
    private let kinds: [WordGraph.Kind]
    private let successors: [[Int]]
    private let properties: [UnicharProperties]
    /// Where every walk starts (`default_dawgs`).
    let initialPositions: [Position]

    /// Builds the dictionary from a model's graphs; nil when it has none.
    /// - Parameters:
    ///   - graphs: The graphs by kind (``LSTMModel/wordGraphs(inFileAt:)``).
    ///   - properties: The character classes of each unichar id (digits matter to the number graph, letter
    ///     cases to ``caseIsValid(_:)``).
    init?(graphs: [WordGraph.Kind: WordGraph], properties: [UnicharProperties]) {
        let order: [WordGraph.Kind] = [.punctuation, .words, .numbers]
        let present = order.filter { graphs[$0] != nil }
        guard !present.isEmpty else { return nil }
        let ordered = present.compactMap { graphs[$0] }
        self.graphs = ordered
        kinds = present
        self.properties = properties
        // Tesseract's kDawgSuccessors: punctuation leads to words and numbers, and they lead back to it.
        successors = present.map { kind in
            present.indices.filter { other in
                switch (kind, present[other]) {
                case (.punctuation, .words), (.punctuation, .numbers), (.words, .punctuation),
                    (.numbers, .punctuation):
                    true
                default: false
                }
            }
        }
        let punctuation = present.firstIndex(of: .punctuation)
        let patternsAvailable =
            punctuation.map { ordered[$0].edge(from: 0, character: 0, wordEnd: true) != nil } ?? false
        var initial: [Position] = []
        for (index, kind) in present.enumerated() {
            if kind == .punctuation {
                initial.append(Position(graph: -1, edge: -1, punctuationGraph: Int8(index), punctuationEdge: -1,
                                        backToPunctuation: false))
            } else if !patternsAvailable {
                initial.append(Position(graph: Int8(index), edge: -1, punctuationGraph: -1, punctuationEdge: -1,
                                        backToPunctuation: false))
            }
        }
        initialPositions = initial
    }

    /// The permuter a graph's entries carry.
    private func graphPermuter(_ index: Int) -> Permuter {
        switch kinds[index] {
        case .punctuation: .punctuation
        case .words: .systemWord
        case .numbers: .number
        }
    }

    /// `char_for_dawg`: the number graph has character 0 for every digit.
    private func character(_ unichar: Int, inGraph index: Int) -> Int {
        kinds[index] == .numbers && properties(of: unichar).contains(.digit) ? 0 : unichar
    }

    private func properties(of unichar: Int) -> UnicharProperties {
        properties.indices.contains(unichar) ? properties[unichar] : []
    }

    /// `GetStartingNode`: the node an edge leads to; the root before any edge; −1 when the edge ends all
    /// words.
    private func startingNode(_ graph: WordGraph, after edge: Int) -> Int {
        guard edge >= 0 else { return 0 }
        let node = graph.nextNode(edge)
        return node == 0 ? -1 : node
    }

    private func endsWord(_ graph: WordGraph, _ edge: Int) -> Bool { edge >= 0 && graph.endsWord(at: edge) }

    private func edge(_ graph: WordGraph, from node: Int, _ character: Int, _ wordEnd: Bool) -> Int {
        node < 0 ? -1 : graph.edge(from: node, character: character, wordEnd: wordEnd) ?? -1
    }

    /// `def_letter_is_okay`: the positions `unichar` leads to from `active`, appended to `updated` (each once,
    /// in Tesseract's order), and the letter's permuter, combined with the `permuter` of the letters before
    /// as Tesseract combines them.
    /// - Parameters:
    ///   - active: The positions after the previous letters (``initialPositions`` for the first).
    ///   - unichar: The letter's unichar id; the space (0) and negative ids are never accepted.
    ///   - wordEnd: Whether this is the word's last letter (then only edges ending a word count).
    ///   - permuter: The walk's permuter so far (``Permuter/none`` for a fresh walk); updated.
    ///   - updated: Receives the new positions (it is emptied first).
    /// - Returns: Whether the letters make a complete entry here (`valid_end`).
    @discardableResult
    func advance<Positions: Collection<Position>>(
        _ active: Positions, unichar: Int, wordEnd: Bool, permuter: inout Permuter, updated: inout [Position]
    ) -> Bool {
        updated.removeAll(keepingCapacity: true)
        guard unichar > 0 else {
            permuter = .none
            return false
        }
        var current = Permuter.none
        var validEnd = false
        func add(_ position: Position) {
            if !updated.contains(position) { updated.append(position) }
        }
        for position in active {
            let puncIndex = Int(position.punctuationGraph)
            let punc: WordGraph? = puncIndex >= 0 ? graphs[puncIndex] : nil
            guard position.graph >= 0 else {
                guard let punc else { continue }
                // Still in leading punctuation: either the word (or number) starts here, or more punctuation.
                let puncNode = startingNode(punc, after: position.punctuationEdge)
                let transition = edge(punc, from: puncNode, 0, wordEnd)
                if transition >= 0 {
                    for next in successors[puncIndex] {
                        let graph = graphs[next]
                        let wordEdge = edge(graph, from: 0, character(unichar, inGraph: next), wordEnd)
                        guard wordEdge >= 0 else { continue }
                        add(Position(graph: Int8(next), edge: wordEdge, punctuationGraph: position.punctuationGraph,
                                     punctuationEdge: transition, backToPunctuation: false))
                        current = max(current, graphPermuter(next))
                        if endsWord(graph, wordEdge), endsWord(punc, transition) { validEnd = true }
                    }
                }
                let puncEdge = edge(punc, from: puncNode, unichar, wordEnd)
                if puncEdge >= 0 {
                    add(Position(graph: -1, edge: -1, punctuationGraph: position.punctuationGraph,
                                 punctuationEdge: puncEdge, backToPunctuation: false))
                    current = max(current, .punctuation)
                    if endsWord(punc, puncEdge) { validEnd = true }
                }
                continue
            }
            let graphIndex = Int(position.graph)
            let graph = graphs[graphIndex]
            if let punc, endsWord(graph, position.edge) {
                // The word may end here: the letter can be trailing punctuation.
                let puncNode = startingNode(punc, after: position.punctuationEdge)
                let puncEdge = edge(punc, from: puncNode, unichar, wordEnd)
                if puncEdge >= 0 {
                    add(Position(graph: position.graph, edge: position.edge,
                                 punctuationGraph: position.punctuationGraph, punctuationEdge: puncEdge,
                                 backToPunctuation: true))
                    current = max(current, graphPermuter(graphIndex))
                    if endsWord(punc, puncEdge) { validEnd = true }
                }
            }
            if position.backToPunctuation { continue }
            let node = startingNode(graph, after: position.edge)
            let next = edge(graph, from: node, character(unichar, inGraph: graphIndex), wordEnd)
            guard next >= 0 else { continue }
            if wordEnd, let punc, !endsWord(punc, position.punctuationEdge) { continue }
            current = max(current, graphPermuter(graphIndex))
            if endsWord(graph, next), punc.map({ endsWord($0, position.punctuationEdge) }) ?? true { validEnd = true }
            add(Position(graph: position.graph, edge: next, punctuationGraph: position.punctuationGraph,
                         punctuationEdge: position.punctuationEdge, backToPunctuation: false))
        }
        // A punctuation-only letter keeps the permuter of the word it follows (Tesseract keeps the "core" word's).
        if permuter == .none || current == .none || (current != .punctuation && permuter != .compound) {
            permuter = current
        }
        return validEnd
    }

    /// `Dict::valid_word` (without numbers counted): the permuter of the lists that hold `unichars` as a
    /// whole entry when it is a dictionary word (``Permuter/isDictionaryWord``), else ``Permuter/none``.
    func validWord(_ unichars: [Int]) -> Permuter {
        guard !unichars.isEmpty else { return .none }
        var active = initialPositions
        var updated: [Position] = []
        var permuter = Permuter.none
        for (index, unichar) in unichars.enumerated() {
            advance(active, unichar: unichar, wordEnd: index == unichars.count - 1, permuter: &permuter,
                    updated: &updated)
            if permuter == .none { break }
            swap(&active, &updated)
        }
        return permuter.isDictionaryWord ? permuter : .none
    }

    /// `Dict::case_ok`: whether the letter cases follow a word's pattern (all upper, all lower, capitalised,
    /// digits after capitals); a lone lower-case letter after punctuation only is not.
    func caseIsValid(_ unichars: [Int]) -> Bool {
        // States: 0 start, 1 after an initial capital, 2 lower, 3 upper, 4 digit, 5 after an initial lower;
        // columns: punctuation or other, upper, lower, digit; −1 rejects.
        let table: [[Int]] = [[0, 1, 5, 4], [0, 3, 2, 4], [0, -1, 2, -1], [0, 3, -1, 4], [0, -1, -1, 4],
                              [5, -1, 2, -1]]
        var state = 0
        for unichar in unichars {
            let kind = properties(of: unichar)
            let column = kind.contains(.upper) ? 1 : kind.contains(.lower) ? 2 : kind.contains(.digit) ? 3 : 0
            state = table[state][column]
            if state < 0 { return false }
        }
        return state != 5
    }

    /// `Dict::LengthOfShortestAlphaRun`: the length of the shortest run of letters (0 without letters).
    func shortestLetterRun(_ unichars: [Int]) -> Int {
        var shortest = Int.max
        var run = 0
        for unichar in unichars {
            if properties(of: unichar).contains(.alpha) {
                run += 1
            } else if run > 0 {
                shortest = min(shortest, run)
                run = 0
            }
        }
        if run > 0, run < shortest { return run }
        return shortest == .max ? 0 : shortest
    }

    /// How much lower than the non-dictionary certainty base Tesseract's stopper accepts a word
    /// (`Dict::AcceptableResult`): for a dictionary word whose cases are valid, 0.5 (in word certainty units,
    /// `stopper_certainty_per_char`) for each letter of its shortest letter run past 2 (`stopper_smallword_size`);
    /// 0 for other words. Returned as a value to add to the threshold (≤ 0).
    func acceptanceAllowance(_ unichars: [Int]) -> Float {
        guard validWord(unichars) != .none, caseIsValid(unichars) else { return 0 }
        return Float(max(0, shortestLetterRun(unichars) - 2)) * -0.5
    }
}
