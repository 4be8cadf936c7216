import Foundation

/// Uploaded and produced files under the data directory:
/// `scans/<job id>` for scan images, `documents/<id>/original` and `documents/<id>/filled.pdf`.
struct FileStore: Sendable {
    let root: URL

    /// Creates the folders when missing.
    init(root: URL) throws {
        self.root = root
        for folder in ["scans", "documents"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    func scanImage(jobID: String) -> URL { root.appendingPathComponent("scans/\(jobID)") }
    func documentFolder(_ documentID: String) -> URL { root.appendingPathComponent("documents/\(documentID)") }
    func original(documentID: String) -> URL { documentFolder(documentID).appendingPathComponent("original") }
    func filled(documentID: String) -> URL { documentFolder(documentID).appendingPathComponent("filled.pdf") }

    /// Writes through a temporary file and a rename, so a crash never leaves half a file under the final name.
    func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        try data.write(to: temporary)
        if FileManager.default.fileExists(atPath: url.path) {
            _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
        } else {
            try FileManager.default.moveItem(at: temporary, to: url)
        }
    }

    func read(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Removes a file or folder; missing is fine.
    func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// Names in `scans/` and `documents/`, for removing files no row refers to.
    func storedIDs() -> (scans: [String], documents: [String]) {
        let manager = FileManager.default
        let scans = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent("scans").path)) ?? []
        let documents = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent("documents").path)) ?? []
        return (scans.filter { !$0.hasPrefix(".") }, documents.filter { !$0.hasPrefix(".") })
    }
}
