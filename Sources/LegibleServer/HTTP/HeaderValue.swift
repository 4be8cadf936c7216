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
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if backslashEscapes && quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ";" && !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if quoted { return nil }
        pieces.append(current)
        let head = pieces[0].trimmingCharacters(in: .whitespaces)
        guard !head.isEmpty else { return nil }
        value = head
        parameters = [:]
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let key = piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let raw = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if !key.isEmpty, parameters[key] == nil { parameters[key] = raw }
        }
    }
}
