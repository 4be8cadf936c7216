public import Foundation

/// A report `ocrbench` prints either as JSON (one object, keys sorted) or as a table for people.
public protocol BenchmarkReport: Encodable {
    /// The report as a table for a terminal.
    var text: String { get }
}

extension BenchmarkReport {
    /// The report as one pretty-printed JSON object with sorted keys.
    ///
    /// - Throws: `EncodingError` when a value cannot be encoded (a non-finite number).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
