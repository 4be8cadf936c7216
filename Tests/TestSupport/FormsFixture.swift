public import Foundation

/// The real PDF forms in `../shared/forms/` (beside the package; present on developer machines and in CI), for
/// benchmarks and tests that need them.
public enum FormsFixture {
    /// What is missing when the forms are not where they should be.
    public struct Missing: Error, CustomStringConvertible {
        /// The path that was looked for.
        public var path: String
        /// A sentence naming the path.
        public var description: String { "real PDF forms not found at \(path) (expected ../shared/forms beside the package)" }
    }

    /// `../shared/forms/derived/<stem>.<suffix>`, where the short names `sample_form.flat.pdf` and
    /// `sample_form.scan150.pdf` stand for the pdf-lib sample form's derived files.
    ///
    /// - Throws: ``Missing`` naming the path when the file does not exist.
    public static func derived(_ name: String) throws -> URL {
        let full = name.hasPrefix("sample_form.") ? "Hopding__pdf-lib__assets__pdfs__" + name : name
        return try existing(Fixtures.sharedForms.appendingPathComponent("derived/\(full)"))
    }

    /// `../shared/forms/interactive/<name>`.
    ///
    /// - Throws: ``Missing`` naming the path when the file does not exist.
    public static func interactive(_ name: String) throws -> URL {
        try existing(Fixtures.sharedForms.appendingPathComponent("interactive/\(name)"))
    }

    private static func existing(_ url: URL) throws -> URL {
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
        return url
    }
}
