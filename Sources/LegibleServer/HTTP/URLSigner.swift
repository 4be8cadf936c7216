import Crypto
import Foundation

/// Signs and checks download links: HMAC-SHA256 over the path and the expiry time.
struct URLSigner: Sendable {
    private let secret: Data

    init(secret: Data) {
        self.secret = secret
    }

    private var key: SymmetricKey { SymmetricKey(data: secret) }

    /// Reads the signing secret: the configured one, or `signing.key` in the data directory, made on first run.
    static func loadSecret(configured: String?, dataDirectory: URL) throws -> Data {
        if let configured { return Data(configured.utf8) }
        let file = dataDirectory.appendingPathComponent("signing.key")
        if let existing = try? Data(contentsOf: file), existing.count >= 32 { return existing }
        var generator = SystemRandomNumberGenerator()
        let secret = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        try secret.write(to: file, options: .atomic)
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return secret
    }

    private func message(path: String, expires: Int) -> Data { Data("GET\n\(path)\n\(expires)".utf8) }

    /// Hex HMAC for `path` valid until `expires` (Unix seconds).
    func signature(path: String, expires: Int) -> String {
        HMAC<SHA256>.authenticationCode(for: message(path: path, expires: expires), using: key)
            .map { String(format: "%02x", $0) }.joined()
    }

    /// `path?expires=...&signature=...`.
    func signedPath(_ path: String, expires: Int) -> String {
        "\(path)?expires=\(expires)&signature=\(signature(path: path, expires: expires))"
    }

    /// Whether `signature` is right for `path` and `expires` (constant-time) and `expires` is not past.
    func verify(path: String, expires: Int, signature: String, now: Date) -> Bool {
        guard Double(expires) >= now.timeIntervalSince1970, let code = Self.hexBytes(signature) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: message(path: path, expires: expires), using: key)
    }

    static func hexBytes(_ text: String) -> Data? {
        let characters = Array(text.utf8)
        guard characters.count == 64 else { return nil }
        var bytes = Data(capacity: 32)
        var index = 0
        while index < characters.count {
            guard let high = hexValue(characters[index]), let low = hexValue(characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
