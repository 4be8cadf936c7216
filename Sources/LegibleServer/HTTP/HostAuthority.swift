/// A request's `Host` (or HTTP/2 `:authority`) checked before it goes into an absolute link.
///
/// RFC 3986's authority is `[userinfo@]host[:port]`; a link the server signs must point at the server, so only
/// `host[:port]` is accepted: a DNS name (letters, digits, hyphens and dots, labels of 1-63 characters, at most
/// 253 in all), an IPv4 address, or an IPv6 address in brackets, and a port of 1-65535. Userinfo (`user@evil`),
/// paths, spaces, percent-escapes and every other character make the header unusable for links.
enum HostAuthority {
    /// `text` when it is a valid `host[:port]`, lower-cased; nil otherwise.
    static func validated(_ text: String?) -> String? {
        guard let text, !text.isEmpty, text.utf8.count <= 261 else { return nil }
        var host = Substring(text)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let inside = host[host.index(after: host.startIndex)..<close]
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }),
                inside.contains(":")
            else { return nil }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                port = rest.dropFirst()
            }
            host = host[...close]
        } else {
            let parts = host.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            host = parts[0]
            if parts.count == 2 { port = parts[1] }
            guard isDNSNameOrIPv4(host) else { return nil }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit), let number = Int(port),
                (1...65535).contains(number)
            else { return nil }
        }
        return text.lowercased()
    }

    private static func isDNSNameOrIPv4(_ host: Substring) -> Bool {
        guard !host.isEmpty, host.utf8.count <= 253 else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
