/// Characters that OCR mistakes for one another on serial plates, screens and stickers.
///
/// Used to propose a grammatical reading when neither the chosen character nor Tesseract's alternatives fit
/// the grammar at a position (an Apple serial has no `O`, so `CO2...` is `C02...`).
enum Confusables {
    /// For each character as read, the characters it may stand for, most likely first.
    static let twins: [Character: [Character]] = [
        "0": ["O", "D", "Q"], "O": ["0", "D", "Q"], "Q": ["0", "O"], "D": ["0", "O"], "U": ["0", "V"],
        "1": ["I", "L", "7", "T"], "I": ["1", "L", "T"], "L": ["1", "I"], "|": ["1", "I"], "!": ["1", "I"],
        "l": ["1", "I", "L"], "i": ["1", "I"], "j": ["J"], "7": ["T", "1", "Z"], "T": ["7", "1"],
        "5": ["S"], "S": ["5"], "s": ["S", "5"], "$": ["S", "5"],
        "8": ["B", "3"], "B": ["8", "3"], "3": ["8", "B"],
        "2": ["Z"], "Z": ["2", "7"], "z": ["Z", "2"],
        "6": ["G", "b"], "G": ["6", "C"], "C": ["G", "0"], "b": ["6"],
        "4": ["A"], "A": ["4"], "9": ["g", "q"], "g": ["9"], "q": ["9"],
        "V": ["U", "Y"], "Y": ["V"], "K": ["X"], "X": ["K"], "E": ["F"], "F": ["E"], "H": ["N"], "N": ["H", "M"],
        "M": ["N"], "W": ["V"], "P": ["R"], "R": ["P"],
        ")": ["J"], "]": ["J"], "}": ["J"], "\u{20AC}": ["C"], "\u{00A2}": ["C"],
    ]

    /// How much of a symbol's confidence a twin substitution keeps when Tesseract did not list the twin
    /// itself: the first (most likely) twin keeps most, later ones less.
    static func retention(rank: Int) -> Double { [0.6, 0.35, 0.25][min(rank, 2)] }

    /// The pairs readers confuse most, each character mapped to its partner: S/5, B/8, Z/2, G/6, O/0 and I/1.
    static let lookAlikes: [Character: Character] = Dictionary(
        uniqueKeysWithValues: ["S5", "B8", "Z2", "G6", "O0", "I1"].flatMap { pair in
            [(pair.first!, pair.last!), (pair.last!, pair.first!)]
        })

    /// True when `first` and `second` have the same length and differ at exactly one position, where one holds
    /// a character of a look-alike pair (``lookAlikes``) and the other its partner.
    static func swapsOneLookAlike(_ first: String, _ second: String) -> Bool {
        guard first.count == second.count else { return false }
        let differences = zip(first, second).filter { $0 != $1 }
        return differences.count == 1 && lookAlikes[differences[0].0] == differences[0].1
    }
}
