import Foundation

/// The input kinds of the documentAI app's form screen, and how the server's field types map onto them.
///
/// | server `FieldType` | app kind |
/// |---|---|
/// | `text`, `unknown` | `text`, or `email` / `phone` when the label names one (below) |
/// | `multiline` | `textarea` |
/// | `checkbox` | `checkbox` |
/// | `date` | `date` |
/// | `number` | `number` |
/// | `signature` | `text` (the app has no signature input; the value is drawn as text) |
///
/// The server never reports `select`: its detector finds where to write, not a list of choices, and the value of
/// an interactive form's choice field is written as text. `email` and `phone` are not field types on the
/// server; a text field is shown as one when its label carries the word forms use for it (e-mail, courriel,
/// correo; phone, telephone, tel, mobile, cell, fax, téléphone, teléfono, telefon).
public enum AppFieldKind: String, Sendable, Hashable, CaseIterable {
    /// One line of text.
    case text
    /// Several lines of text.
    case textarea
    /// A choice from a list (the server does not report one; see above).
    case select
    /// On or off.
    case checkbox
    /// A date picker.
    case date
    /// A number pad.
    case number
    /// An e-mail keyboard.
    case email
    /// A phone-number pad.
    case phone

    /// The app's kind for a field of `fieldType` labelled `label`.
    public init(fieldType: FieldType, label: String) {
        switch fieldType {
        case .multiline: self = .textarea
        case .checkbox: self = .checkbox
        case .date: self = .date
        case .number: self = .number
        case .signature: self = .text
        case .text, .unknown: self = Self.textKind(label: label)
        }
    }

    private static let emailWords: Set<String> = ["email", "courriel", "correo"]
    private static let phoneWords: Set<String> = [
        "phone", "telephone", "tel", "mobile", "cell", "fax", "téléphone", "teléfono", "telefon", "telefono",
    ]

    /// `email` or `phone` when one of the label's words names it, else `text`.
    private static func textKind(label: String) -> AppFieldKind {
        let words = label.lowercased().replacingOccurrences(of: "e-mail", with: "email").split { !$0.isLetter }
            .map(String.init)
        if words.contains(where: emailWords.contains) { return .email }
        if words.contains(where: phoneWords.contains) { return .phone }
        return .text
    }
}
