import Foundation

/// A PostgreSQL connection URL, `postgres://user[:password]@host[:port]/database[?sslmode=...&schema=...]`, as
/// `--database` and `LEGIBLE_DATABASE_URL` take it.
///
/// `sslmode` is `disable`, `prefer` (the default) or `require`; `schema` puts Legible's tables in that schema
/// (created if missing), so that several deployments or test runs can share one database.
public struct DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// Its port (5432 unless the URL names one).
    public var port: Int
    /// The role to log in as.
    public var username: String
    /// Its password, percent-decoded; nil for none (trust or peer authentication).
    public var password: String?
    /// The database's name.
    public var database: String
    /// Whether the connection uses TLS.
    public var sslMode: SSLMode
    /// The schema holding Legible's tables; nil for the role's default (`public`).
    public var schema: String?

    /// How the connection uses TLS.
    public enum SSLMode: String, Sendable {
        /// Never (a database on the same host or a private network).
        case disable
        /// When the server offers it.
        case prefer
        /// Always; the connection fails without it.
        case require
    }

    /// Parses `text`.
    /// - Throws: `ConfigurationError` naming what is wrong (the password masked).
    public init(_ text: String) throws {
        guard let components = URLComponents(string: text),
            ["postgres", "postgresql"].contains(components.scheme?.lowercased() ?? "")
        else {
            throw ConfigurationError(
                "the database URL must look like postgres://user:password@host:5432/database, got \(Self.masked(text))")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ConfigurationError("the database URL names no host: \(Self.masked(text))")
        }
        guard let user = components.user, !user.isEmpty else {
            throw ConfigurationError("the database URL names no user: \(Self.masked(text))")
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !database.isEmpty else {
            throw ConfigurationError("the database URL names no database: \(Self.masked(text))")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.username = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        if let mode = query["sslmode"] {
            guard let parsed = SSLMode(rawValue: mode) else {
                throw ConfigurationError("sslmode must be disable, prefer or require, got \(mode)")
            }
            self.sslMode = parsed
        } else {
            self.sslMode = .prefer
        }
        if let schema = query["schema"] {
            guard !schema.isEmpty, schema.count <= 63,
                schema.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
                !(schema.first?.isNumber ?? true)
            else {
                throw ConfigurationError("schema must be 1-63 letters, digits or _ (not starting with a digit), got \(schema)")
            }
            self.schema = schema.lowercased()
        }
    }

    /// The URL with its password replaced by `***`, for logs and errors.
    public var description: String {
        let credentials = password == nil ? username : "\(username):***"
        return "postgres://\(credentials)@\(host):\(port)/\(database)" + (schema.map { "?schema=\($0)" } ?? "")
    }

    /// `text` with anything between `://user:` and `@` masked.
    static func masked(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text.range(of: "@", range: scheme.upperBound..<text.endIndex)
        else { return text }
        let credentials = text[scheme.upperBound..<at.lowerBound]
        guard let colon = credentials.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at.lowerBound...])
    }
}
