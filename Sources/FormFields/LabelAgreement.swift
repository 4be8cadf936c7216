/// Whether a detected label names the same thing as a form's own description of the field (its tooltip and
/// name): the scoring of labels in `ocrbench forms`. A proxy: tooltips and names are written for software,
/// so a right label can disagree (`Datum` for `currdate`), but a label taken from the wrong place rarely agrees.
///
/// Both sides become words: split at spaces, punctuation, underscores, digits and lower-to-upper case changes,
/// lowercased, words of one letter and generic words of form tooling (`text`, `field`, `check`, `box`,
/// `page`...) dropped. A label agrees when a word of it equals a truth word, or one starts with the other and
/// the shorter has at least three letters (`addr` / `address`). A field whose tooltip and name leave no word
/// (`Text1`, `form1[0].f1_01[0]`) cannot be scored.
public enum LabelAgreement {
    /// Words that name form tooling, not what a person writes.
    static let generic: Set<String> = [
        "text", "field", "fields", "check", "box", "checkbox", "button", "radio", "group", "combo", "list",
        "form", "page", "subform", "topmostsubform", "txt", "cb", "chk", "fill", "untitled", "the", "of", "and",
        "your", "please", "enter", "if", "any",
    ]

    /// The words of `text` after splitting and dropping generic ones.
    public static func words(_ text: String) -> Set<String> {
        var words: Set<String> = []
        var current = ""
        var previousWasLower = false
        func flush() {
            let word = current.lowercased()
            if word.count >= 2, !generic.contains(word) { words.insert(word) }
            current = ""
        }
        for character in text {
            if character.isLetter {
                if character.isUppercase, previousWasLower { flush() }
                current.append(character)
                previousWasLower = character.isLowercase
            } else {
                flush()
                previousWasLower = false
            }
        }
        flush()
        return words
    }

    /// True when `label` agrees with the field's tooltip or name, false when it does not, nil when neither
    /// has words. Only the last part of a qualified name counts (`topmostSubform[0].Page1[0].f1_13[0]` says
    /// nothing about the field).
    public static func agrees(label: String, tooltip: String, name: String) -> Bool? {
        let partial = name.split(separator: ".").last.map(String.init) ?? name
        let expected = words(tooltip).union(words(partial))
        guard !expected.isEmpty else { return nil }
        for word in words(label) {
            for other in expected {
                if word == other { return true }
                let (shorter, longer) = word.count <= other.count ? (word, other) : (other, word)
                if shorter.count >= 3, longer.hasPrefix(shorter) { return true }
            }
        }
        return false
    }
}
