/// Dell's Express Service Code: the service tag read as a base-36 number (digits 0-9, then A-Z for 10-35)
/// and printed in decimal beside it, so that it can be keyed on a telephone. Dell's labels carry both
/// ("Service Tag 5RFDP01", "Express Service Code 125 423 316 01"); the relation is public (Dell support,
/// "What is the Express Service Code"; Creativyst's "Convert Dell Service Tags to Express Service Codes"
/// works the same example).
///
/// Two readings that agree through this relation are as good as certain: a misread tag and a misread code
/// almost never land on each other. So a Dell candidate that the code spells is confirmed, and a Dell
/// candidate one look-alike away from what the code spells (`8CSV0WN` read, the code spelling `8C5V0WN`)
/// gives way to it.
enum ExpressServiceCode {
    /// Confidence of a candidate the Express Service Code on the same photo spells.
    static let confirmed = 0.97
    /// Confidence of a tag the code spells where the tag itself was read one look-alike off.
    static let repaired = 0.9
    /// Confidence left to the reading that the code repaired.
    static let overruled = 0.05

    /// The service tags (7 characters) that Express Service Codes in `lines` may spell: every run of 9 to 11
    /// digits (groups joined by spaces, dashes or dots; an O or an I between digits read as 0 or 1), with or
    /// without its "Express Service Code" caption.
    ///
    /// The caption is not needed: a code only ever changes a candidate it spells exactly or to within one
    /// look-alike, and a number that is not the tag's code (a phone number, a part number's digits) lands there
    /// by chance about once in 10^9. Captions are often cut off or misread where the code is not: on the
    /// independent serial set a Dell label photographed with its caption half out of frame ("2CTV1CC Code:
    /// 30651292105") answered its part number instead of the tag the code spells (2026-11-27).
    static func tags(in lines: [SerialScanLine]) -> [String] {
        var tags: [String] = []
        for line in lines {
            var digits = ""
            func flush() {
                if (9...11).contains(digits.count), let tag = tag(fromDecimal: digits), !tags.contains(tag) {
                    tags.append(tag)
                }
                digits = ""
            }
            for character in line.text {
                if character.isASCII, character.isNumber {
                    digits.append(character)
                } else if "Oo".contains(character), !digits.isEmpty {
                    digits.append("0")
                } else if "Il".contains(character), !digits.isEmpty {
                    digits.append("1")
                } else if !" -.".contains(character) {
                    flush()
                }
            }
            flush()
        }
        return tags
    }

    /// The 7-character service tag whose base-36 value is `decimal`, nil when it needs more than 7 characters.
    static func tag(fromDecimal decimal: String) -> String? {
        guard var value = UInt64(decimal) else { return nil }
        let symbols = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var tag: [Character] = []
        while value > 0 {
            tag.insert(symbols[Int(value % 36)], at: 0)
            value /= 36
        }
        guard tag.count <= 7 else { return nil }
        return String(repeating: "0", count: 7 - tag.count) + String(tag)
    }

    /// `candidates` (best first) reconciled with the tags Express Service Codes spell: a candidate that is one
    /// of them is confirmed; a Dell candidate one look-alike from one (5/S, 8/B, 2/Z, 6/G, 0/O, 1/I, 7/T) is
    /// read as that tag at ``repaired`` and itself kept at ``overruled``. `features` (the ranker's, one per
    /// candidate) follow their candidates. Candidates are re-sorted by confidence, at most `limit` kept.
    static func reconciled(
        _ candidates: [SerialCandidate], features: [[Double]], tags: [String], limit: Int
    ) -> (candidates: [SerialCandidate], features: [[Double]]) {
        guard !tags.isEmpty else { return (candidates, features) }
        var pairs = candidates.enumerated().map {
            ($0.element, $0.offset < features.count ? features[$0.offset] : [])
        }
        for index in pairs.indices {
            var candidate = pairs[index].0
            if tags.contains(candidate.serial) {
                candidate.confidence = max(candidate.confidence, confirmed)
                pairs[index].0 = candidate
            } else if candidate.format == .dell,
                let tag = tags.first(where: { isOneLookAlikeFrom($0, candidate.serial) }),
                !pairs.contains(where: { $0.0.serial == tag })
            {
                var repairedTag = candidate
                repairedTag.serial = tag
                repairedTag.confidence = repaired
                repairedTag.repairs += 1
                pairs[index].0.confidence = min(candidate.confidence, overruled)
                pairs.append((repairedTag, pairs[index].1))
            }
        }
        let ranked = pairs.enumerated()
            .sorted { ($0.element.0.confidence, -$0.offset) > ($1.element.0.confidence, -$1.offset) }
            .prefix(limit).map(\.element)
        return (ranked.map(\.0), ranked.map(\.1))
    }

    /// True when two strings of one length differ in exactly one place, by a pair of look-alikes.
    static func isOneLookAlikeFrom(_ first: String, _ second: String) -> Bool {
        guard SerialScanPipeline.differInOneCharacter(first, second),
            let (a, b) = zip(first, second).first(where: { $0 != $1 })
        else { return false }
        return lookAlikes.contains([a, b]) || lookAlikes.contains([b, a])
    }

    // Deliberately narrower than `Confusables.twins`, which also pairs 3/8, 4/A, 1/L, 7/Z and others: a code
    // with its last digit misread spells a tag whose last character is off by up to 9 in base 36, so pairs close
    // in value (3/8, 4/A) could "repair" a right tag from a wrong code. Of the pairs here only 8/B is.
    private static let lookAlikes: Set<[Character]> = [
        ["5", "S"], ["8", "B"], ["2", "Z"], ["6", "G"], ["0", "O"], ["1", "I"], ["7", "T"], ["0", "D"], ["0", "Q"],
    ]
}
