/// The serial-number formats Legible recognises, each with a per-position grammar.
///
/// Sources for the layouts (facts only; no code was taken from them):
/// - Apple 12-character serials (2010-2020): three characters of manufacturing location, one for the year
///   half (`C`...`Z` without vowels and some letters), one for the week, three unique characters and four
///   for the model; as described in Apple-serial decoder guides such as everymac.com's "Apple serial number
///   decoder" and beetstech.com's "Apple serial number lookup" articles.
/// - Apple 11-character (before 2010): plant (2), year digit (1), week (2 digits), unique (3), model (3);
///   same sources.
/// - Apple randomised serials (from 2021): 8 to 14 random characters, usually 10, announced by Apple in
///   2021 and reported by MacRumors ("Apple to switch to randomized serial numbers", March 2021).
/// - Apple never uses the letters I and O in serials (to avoid confusion with 1 and 0): Apple support
///   article HT204308 "Find the serial number of your Apple product".
/// - Dell service tags: seven characters, a base-36 number (digits and A-Z; Dell support "Locate your service
///   tag", Creativyst's "Convert Dell Service Tags to Express Service Codes"). Legible leaves out O and I, the
///   two letters a reader cannot tell from 0 and 1, so a tag read with them is repaired like an Apple serial.
/// - Samsung serials: 11 characters starting with R, then factory (2), year letter, month character and a
///   6-character sequence (Samsung support "What is the serial number of my Samsung device").
public enum SerialFormat: String, Sendable, Codable, CaseIterable {
    /// Apple, 12 characters (e.g. `C02XK1JCJG5J`).
    case apple12
    /// Apple before 2010, 11 characters (e.g. `W8812345XYZ`).
    case apple11
    /// Apple randomised, 8 to 14 characters, usually 10 (e.g. `K7QWX4F2N9`).
    case appleRandom = "apple10"
    /// Dell service tag, 7 characters (e.g. `JX3QK72`).
    case dell
    /// Samsung, 11 characters starting with R (e.g. `R58M12ABCDE`).
    case samsung
    /// Any other alphanumeric ID of 8 to 16 characters with at least two letters and two digits.
    case generic

    /// True for the Apple formats.
    public var isApple: Bool { self == .apple12 || self == .apple11 || self == .appleRandom }

    /// True for the Apple layouts that open with a factory code (12 and 11 characters).
    var hasFactoryCode: Bool { self == .apple12 || self == .apple11 }

    /// Lengths the format takes.
    public var lengths: ClosedRange<Int> {
        switch self {
        case .apple12: 12...12
        case .apple11, .samsung: 11...11
        case .appleRandom: 8...14
        case .dell: 7...7
        case .generic: 8...16
        }
    }

    /// The characters allowed at `position` of a serial of `length` characters.
    func allowed(at position: Int, length: Int) -> CharacterClass {
        switch self {
        case .apple12:
            switch position {
            case 3: .appleYear
            case 4: .appleWeek
            default: .appleAlphanumeric
            }
        case .apple11:
            (2...4).contains(position) ? .digits : .appleAlphanumeric
        case .appleRandom:
            .appleAlphanumeric
        case .dell:
            .dellAlphanumeric
        case .samsung:
            switch position {
            case 0: .samsungPrefix
            case 3: .samsungYear
            case 4: .samsungMonth
            default: .alphanumeric
            }
        case .generic:
            .alphanumeric
        }
    }

    /// Whole-string rules beyond the per-position classes: mixes of letters and digits, week numbers.
    func acceptsComposition(_ characters: [Character]) -> Bool {
        let digits = characters.filter(\.isNumber).count
        let letters = characters.count - digits
        switch self {
        case .apple12:
            // No digit is allowed: the parser takes such a reading only under a caption.
            return letters >= 1
        case .apple11:
            guard let week = Int(String(characters[3...4])) else { return false }
            return (1...53).contains(week) && letters >= 1
        case .appleRandom, .dell:
            return digits >= 1 && letters >= 1
        case .samsung:
            return digits >= 1
        case .generic:
            return digits >= 2 && letters >= 2
        }
    }

    /// ``specificity`` of a serial of `length` characters: a randomised Apple serial of another length than
    /// 10 counts no more than a generic ID. Apple announced randomised serials of 8 to 14 characters, 10 at
    /// first, and the first ones shipped (purple iPhone 12, 2021) had 10 (MacRumors, 9 March and 5 May 2021);
    /// a 9- or 11-character reading is more often a 10- or 12-character serial with a character lost or
    /// gained, or another ID, than a serial of that length.
    func specificity(length: Int) -> Double {
        self == .appleRandom && length != 10 ? SerialFormat.generic.specificity : specificity
    }

    /// How strongly a match is evidence of this format, 0...1: how unlikely a random string of capitals and
    /// digits of the same length is to fit. Structured formats fit by chance less often.
    var specificity: Double {
        switch self {
        case .apple12: 0.9
        case .samsung: 0.8
        case .apple11: 0.75
        case .dell: 0.5
        case .appleRandom: 0.45
        case .generic: 0.2
        }
    }
}

/// A set of characters allowed at one position of a serial.
struct CharacterClass: Sendable {
    let members: Set<Character>

    func contains(_ character: Character) -> Bool { members.contains(character) }

    static let digits = CharacterClass(members: Set("0123456789"))
    static let alphanumeric = CharacterClass(members: Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    static let appleAlphanumeric = CharacterClass(members: Set("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"))
    static let appleYear = CharacterClass(members: Set("CDFGHJKLMNPQRSTVWXYZ"))
    static let appleWeek = CharacterClass(members: Set("123456789CDFGHJKLMNPQRTVWXY"))
    static let dellAlphanumeric = CharacterClass(members: Set("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"))
    static let samsungPrefix = CharacterClass(members: ["R"])
    static let samsungYear = CharacterClass(members: Set("ABCDEFGHJKLMNPRSTVWXYZ"))
    static let samsungMonth = CharacterClass(members: Set("123456789ABC"))
}
