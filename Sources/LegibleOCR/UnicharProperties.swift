/// The character classes a unicharset records for a character (Tesseract's `UNICHARSET` property bits).
struct UnicharProperties: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    /// Makes a mask from its bits.
    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A letter.
    static let alpha = UnicharProperties(rawValue: 1)
    /// A lower-case letter.
    static let lower = UnicharProperties(rawValue: 2)
    /// An upper-case letter.
    static let upper = UnicharProperties(rawValue: 4)
    /// A digit.
    static let digit = UnicharProperties(rawValue: 8)
    /// Punctuation.
    static let punctuation = UnicharProperties(rawValue: 16)
}
