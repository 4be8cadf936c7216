/// Where a word's reading came from, as Tesseract records it (`PermuterType`, src/ccstruct/ratngs.h): the
/// decoder's plain top choice, or one of the word lists that accepted it. The raw values are Tesseract's, and
/// their order matters: when several lists accept a letter, the highest value wins.
package enum Permuter: UInt8, Sendable, Comparable, CaseIterable {
    /// No list accepts it (`NO_PERM`); also a space that starts a dictionary word after a non-dictionary one.
    case none = 0
    /// Punctuation alone (`PUNC_PERM`).
    case punctuation = 1
    /// The decoder's best path without any list (`TOP_CHOICE_PERM`).
    case topChoice = 2
    /// `LOWER_CASE_PERM` (not produced by the LSTM decoder).
    case lowerCase = 3
    /// `UPPER_CASE_PERM` (not produced by the LSTM decoder).
    case upperCase = 4
    /// `NGRAM_PERM` (not produced by the LSTM decoder).
    case ngram = 5
    /// The number patterns (`NUMBER_PERM`).
    case number = 6
    /// User patterns (`USER_PATTERN_PERM`).
    case userPattern = 7
    /// The model's word list (`SYSTEM_DAWG_PERM`).
    case systemWord = 8
    /// The document's words (`DOC_DAWG_PERM`).
    case documentWord = 9
    /// User words (`USER_DAWG_PERM`).
    case userWord = 10
    /// Frequent words (`FREQ_DAWG_PERM`).
    case frequentWord = 11
    /// A compound of words (`COMPOUND_PERM`).
    case compound = 12

    /// Orders by Tesseract's values.
    package static func < (lhs: Permuter, rhs: Permuter) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether Tesseract counts the word as a dictionary word (`Dict::valid_word_permuter` with numbers not
    /// counted): a word list's, a user pattern's or a compound's, but not a number's or punctuation's.
    package var isDictionaryWord: Bool {
        switch self {
        case .systemWord, .frequentWord, .documentWord, .userWord, .userPattern, .compound: true
        default: false
        }
    }
}
