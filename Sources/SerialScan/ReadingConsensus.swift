import LegibleOCR

/// What two readings of one line agree on.
///
/// Tesseract's LSTM sometimes reads a character that is not there, with full confidence, and a reading of
/// the same line at another scale inserts a different one (`RZWS9Z5UQB8BR` and `RZWS9YZ5UQB8R` for
/// RZWS9Z5UQB8R). The characters both readings share, in order, are then the line's text: the longest
/// common subsequence of the two words, when it drops no more than two characters from either.
enum ReadingConsensus {
    /// Shortest word considered, in symbols: serials are 7 characters or more.
    static let minimumLength = 7

    /// Lines of `first` with one word cut down to what a word of `second` agrees with, and how many
    /// symbols were dropped from it; nothing for words the two readings already agree on or that no word
    /// of `second` nearly matches.
    static func agreedLines(_ first: [RecognizedLine], _ second: [RecognizedLine])
        -> [(line: RecognizedLine, dropped: Int)]
    {
        let others = second.flatMap(\.words).filter { $0.symbols.count >= minimumLength }
        var agreed: [(line: RecognizedLine, dropped: Int)] = []
        for line in first {
            for (index, word) in line.words.enumerated() where word.symbols.count >= minimumLength {
                let mine = word.symbols.map { $0.text.uppercased() }
                var seen: Set<[Int]> = []
                for other in others where abs(other.symbols.count - mine.count) <= 2 {
                    let kept = commonSubsequence(mine, other.symbols.map { $0.text.uppercased() })
                    let dropped = mine.count - kept.count
                    guard dropped > 0, kept.count >= minimumLength, dropped <= 2, other.symbols.count - kept.count <= 2,
                        seen.insert(kept).inserted
                    else { continue }
                    var cut = word
                    cut.symbols = kept.map { word.symbols[$0] }
                    cut.text = cut.symbols.map(\.text).joined()
                    cut.box = cut.symbols.dropFirst().reduce(cut.symbols[0].box) { $0.union($1.box) }
                    var copy = line
                    copy.words[index] = cut
                    copy.text = copy.words.map(\.text).joined(separator: " ")
                    agreed.append((copy, dropped))
                }
            }
        }
        return agreed
    }

    /// Lines of `first` with one word replaced by a merge with the word of `second` it lines up with: words of
    /// one length that differ in two or more places (and no more than a third), each place taking the
    /// character the more confident reading gave. Nothing where the merge equals either reading.
    ///
    /// An engraved `0XPZZ6T7SZ` was read `0XPZZ6T7SZ` and then `OXPZZ617SZ` (a 1, less sure than the
    /// first reading's T): the second reading counted for nothing, and the answer, right, scored 0.35.
    /// Merged, it reads `OXPZZ6T7SZ`, the Apple serial once its O is a 0, and the answer scored 0.92. On
    /// 2026-11-26 with device hints that was the only change on either serial set (main AUROC 0.931 ->
    /// 0.935). A single differing place is left to the third reading (``SerialScanPipeline``).
    static func mergedLines(_ first: [RecognizedLine], _ second: [RecognizedLine]) -> [RecognizedLine] {
        let others = second.flatMap(\.words).filter { $0.symbols.count >= minimumLength }
        var merged: [RecognizedLine] = []
        for line in first {
            for (index, word) in line.words.enumerated() where word.symbols.count >= minimumLength {
                let mine = word.symbols.map { $0.text.uppercased() }
                for other in others where other.symbols.count == word.symbols.count {
                    let theirs = other.symbols.map { $0.text.uppercased() }
                    let differing = mine.indices.filter { mine[$0] != theirs[$0] }
                    guard differing.count >= 2, differing.count * 3 <= mine.count else { continue }
                    var symbols = word.symbols
                    for position in differing where other.symbols[position].confidence > symbols[position].confidence {
                        symbols[position] = other.symbols[position]
                    }
                    let text = symbols.map { $0.text.uppercased() }
                    guard text != mine, text != theirs else { continue }
                    var cut = word
                    cut.symbols = symbols
                    cut.text = symbols.map(\.text).joined()
                    var copy = line
                    copy.words[index] = cut
                    copy.text = copy.words.map(\.text).joined(separator: " ")
                    merged.append(copy)
                }
            }
        }
        return merged
    }

    /// Indices into `a` of a longest common subsequence of `a` and `b`.
    static func commonSubsequence(_ a: [String], _ b: [String]) -> [Int] {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var indices: [Int] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                indices.append(i)
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return indices
    }
}
