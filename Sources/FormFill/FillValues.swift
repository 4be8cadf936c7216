public import Foundation

/// User values keyed by what the user knows a field by: its id, AcroForm name or label.
public struct FillValues: Hashable, Sendable {
    /// One value with the key it was given under.
    public struct Entry: Hashable, Sendable {
        /// Region id, AcroForm field name or label.
        public var key: String
        /// The value as text (`true`/`false` for booleans).
        public var value: String

        /// Creates an entry.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The values in the order given.
    public var entries: [Entry]

    /// Creates values from entries.
    public init(_ entries: [Entry]) { self.entries = entries }

    /// Creates values from a dictionary (keys sorted, so the order is stable).
    public init(_ dictionary: [String: String]) {
        entries = dictionary.keys.sorted().map { Entry(key: $0, value: dictionary[$0] ?? "") }
    }

    /// The largest values document accepted, in bytes.
    public static let maxJSONBytes = 64 << 20

    /// Parses a JSON object `{"key": value}` (strings, booleans, numbers) or the list
    /// `[{"fieldRegionId", "value", "source"}]`.
    ///
    /// - Throws: ``FillError/invalidValues(reason:)`` naming what is wrong (not UTF-8, not JSON, wrong shape).
    public init(json data: Data) throws(FillError) {
        guard !data.isEmpty else { throw FillError.invalidValues(reason: "the values document is empty") }
        guard data.count <= Self.maxJSONBytes else {
            throw FillError.invalidValues(reason: "the values document is \(data.count) bytes; the limit is \(Self.maxJSONBytes)")
        }
        guard String(validating: data, as: UTF8.self) != nil else {
            throw FillError.invalidValues(reason: "the values document is not valid UTF-8")
        }
        if let object = try? JSONDecoder().decode([String: Scalar].self, from: data) {
            entries = object.keys.sorted().map { Entry(key: $0, value: object[$0]?.text ?? "") }
        } else if let list = try? JSONDecoder().decode([Item].self, from: data) {
            entries = list.map { Entry(key: $0.fieldRegionId, value: $0.value.text) }
        } else {
            do { _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
                throw FillError.invalidValues(reason: "not valid JSON (\(error.localizedDescription))")
            }
            throw FillError.invalidValues(
                reason: "expected an object of strings, numbers or booleans, or a list of "
                    + "{\"fieldRegionId\": string, \"value\": string|number|boolean}")
        }
    }

    /// One JSON value usable as a field value.
    private struct Scalar: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let bool = try? container.decode(Bool.self) {
                text = bool ? "true" : "false"
            } else if let string = try? container.decode(String.self) {
                text = string
            } else if let integer = try? container.decode(Int.self) {
                text = String(integer)
            } else {
                text = String(try container.decode(Double.self))
            }
        }
    }

    /// One item of the seed contract's list.
    private struct Item: Decodable {
        var fieldRegionId: String
        var value: Scalar
    }
}
