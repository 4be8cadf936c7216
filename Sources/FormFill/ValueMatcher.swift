import Foundation

/// Matches user keys to fields: by id, then full AcroForm name, then the name's last part, then label
/// (case and surrounding spaces ignored). A key may match several fields (a field with several widgets, a
/// radio group); every one of them gets the value.
public struct ValueMatcher: Sendable {
    /// The fields keys are matched against.
    public let fields: [FillField]

    /// Creates a matcher over `fields`.
    public init(fields: [FillField]) { self.fields = fields }

    private static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The indices into ``fields`` that `key` names; empty when none.
    public func matches(for key: String) -> [Int] {
        let exactID = fields.indices.filter { fields[$0].id == key }
        if !exactID.isEmpty { return exactID }
        let byName = fields.indices.filter { fields[$0].name == key }
        if !byName.isEmpty { return byName }
        let wanted = Self.normalized(key)
        guard !wanted.isEmpty else { return [] }
        let byNameFolded = fields.indices.filter { fields[$0].name.map(Self.normalized) == wanted }
        if !byNameFolded.isEmpty { return byNameFolded }
        let byLastPart = fields.indices.filter {
            fields[$0].name.flatMap { $0.split(separator: ".").last }.map { Self.normalized(String($0)) } == wanted
        }
        if !byLastPart.isEmpty { return byLastPart }
        return fields.indices.filter { index in
            guard let label = fields[index].label else { return false }
            let folded = Self.normalized(label)
            return folded == wanted || folded.trimmingCharacters(in: CharacterSet(charactersIn: ":*")) == wanted
        }
    }

    /// Assigns each value to the fields its key names; later keys win. Keys that match nothing become
    /// ``FillWarning/Kind/unknownKey`` warnings.
    public func assign(_ values: FillValues) -> (values: [Int: String], warnings: [FillWarning]) {
        var assigned: [Int: String] = [:]
        var warnings: [FillWarning] = []
        for entry in values.entries {
            let indices = matches(for: entry.key)
            if indices.isEmpty {
                warnings.append(FillWarning(
                    kind: .unknownKey, field: entry.key,
                    message: "matches no field by id, name or label; the value was not used"))
            }
            for index in indices { assigned[index] = entry.value }
        }
        return (assigned, warnings)
    }
}
