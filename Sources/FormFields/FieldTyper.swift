/// Decides a field's type from its label and shape.
enum FieldTyper {
    /// Heights above this many points read as multi-line areas.
    static let multilineHeight = 28.0

    static func type(label: String, width: Double, height: Double, isCheckbox: Bool) -> FieldType {
        if isCheckbox { return .checkbox }
        let lower = label.lowercased()
        let words = Set(lower.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        if ["sign", "signature", "signed", "unterschrift", "firma", "signatur", "подпись", "υπογραφή"].contains(where: { key in
            words.contains(key) || lower.contains("signature") || lower.contains("unterschrift")
        }) {
            return .signature
        }
        if height > multilineHeight && width > 40 { return .multiline }
        let dateKeys = ["date", "dob", "datum", "birthdate", "fecha", "mm/dd/yyyy", "mm/dd/yy", "dd/mm/yyyy",
                        "month/day/year", "birth"]
        if dateKeys.contains(where: { lower.contains($0) }) && !lower.contains("update") { return .date }
        let numberKeys = ["amount", "zip", "postal", "plz", "phone", "telephone", "tel", "fax", "ssn", "qty",
                          "quantity", "number", "no", "total", "rate", "percent", "ein", "tax", "year", "age",
                          "nummer", "betrag", "$"]
        if numberKeys.contains(where: { words.contains($0) }) || lower.contains("$") || lower.contains("social security")
        {
            return .number
        }
        return .text
    }

    /// True for a date format printed inside a field as a hint to the writer (`dd.mm.yyyy`, `MM/DD/YYYY`,
    /// `YYYY-MM-DD`, `MM`): day, month and year letters with separators between them and nothing else.
    static func isDatePlaceholder(_ text: String) -> Bool {
        let groups = text.lowercased().split { "./-".contains($0) }
        guard !groups.isEmpty, text.allSatisfy({ "dDmMyY./-".contains($0) }) else { return false }
        return groups.allSatisfy { ["d", "dd", "m", "mm", "yy", "yyyy"].contains(String($0)) }
    }
}
