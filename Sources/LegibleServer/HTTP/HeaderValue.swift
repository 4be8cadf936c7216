import Foundation

/// A header value with `; key=value` parameters (quoted strings allowed), e.g. a Content-Type.
struct HeaderValue: Equatable {
    var value: String
    /// Parameter names lower-cased.
    var parameters: [String: String]

    /// Parses `text`; nil when it has no value or a quoted string is not closed.
    /// - Parameter backslashEscapes: whether `\` escapes the next character inside quotes (RFC 9110 quoted-string).
    ///   Browsers' multipart encoding (WHATWG HTML, "multipart/form-data encoding algorithm") does not escape:
    ///   it writes `"` in a field name as `%22` and a backslash as itself, so a field named `\` arrives as
    ///   `name="\"`, which only parses with escapes off.
    init?(_ text: String, backslashEscapes: Bool = true) {
        // Unicode scalars, not Characters: a combining mark after a quote, `;` or `=` (a field name such as
        // "\u{302D}x") would otherwise join it into one grapheme cluster and hide the delimiter.
        var pieces: [String.UnicodeScalarView] = []
        var current = String.UnicodeScalarView()
        var quoted = false
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                current.append(scalar)
                escaped = false
            } else if backslashEscapes && quoted && scalar == "\\" {
                escaped = true
            } else if scalar == "\"" {
                quoted.toggle()
            } else if scalar == ";" && !quoted {
                pieces.append(current)
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if quoted { return nil }
        pieces.append(current)
        let head = String(pieces[0]).trimmingCharacters(in: .whitespaces)
        guard !head.isEmpty else { return nil }
        value = head
        parameters = [:]
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let key = String(piece[..<equals]).trimmingCharacters(in: .whitespaces).lowercased()
            let raw = String(piece[piece.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            if !key.isEmpty, parameters[key] == nil { parameters[key] = raw }
        }
    }
}
