public import Foundation

/// Paths to the files tests read, resolved from this source file so tests run from any directory.
public enum Fixtures {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `TestImages/` at the package root.
    public static let testImages = packageRoot.appendingPathComponent("TestImages")

    /// `../shared/forms/` beside the package (real PDF forms; present on developer machines and in CI).
    public static let sharedForms = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/forms")

    /// A file under `TestImages/`, such as `text/paragraph.png`.
    public static func image(_ relativePath: String) -> URL {
        testImages.appendingPathComponent(relativePath)
    }

    /// The bytes of a file under `TestImages/`.
    public static func bytes(_ relativePath: String) throws -> Data {
        try Data(contentsOf: image(relativePath))
    }
}
