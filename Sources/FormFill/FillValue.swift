/// Helpers for reading user values.
import Foundation

enum FillValue {
    /// The spellings of "checked": true, yes, on, x, 1, checked (any case, spaces trimmed).
    static let truthy: Set<String> = ["true", "yes", "on", "x", "1", "checked", "y", "✓", "✔"]

    /// True when `value` means a check box should be checked.
    static func isTruthy(_ value: String) -> Bool {
        truthy.contains(value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }
}
