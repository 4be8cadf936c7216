import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Uploaded and produced files under the data directory:
/// `scans/<job id>` for scan images, `documents/<id>/original` and `documents/<id>/filled.pdf`.
struct FileStore: Sendable {
    let root: URL

    /// Temporary files are named `.<final name>.<uuid>.tmp` in the final file's folder.
    static let temporarySuffix = ".tmp"

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

    /// Writes `data` to `url`, replacing any file there atomically: the bytes go to a temporary file in the same
    /// folder, are flushed to disk (`fsync`), and `rename(2)` puts them under the final name, which POSIX makes
    /// atomic within one file system. A reader sees the old file or the new one, never neither or half of one,
    /// and a crash at any point leaves the old file in place (plus, at worst, a temporary the janitor removes).
    ///
    /// - Throws: `FileStoreError` naming the step and the `errno` text when the disk refuses.
    func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID.systemRandom().uuidString)\(Self.temporarySuffix)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileStoreError(step: "create", path: temporary.path, errno: errno) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do {
            if let failure = data.withUnsafeBytes({ DescriptorIO.writeAll(descriptor, $0) }) {
                throw FileStoreError(step: "write", path: temporary.path, errno: failure)
            }
            guard fsync(descriptor) == 0 else { throw FileStoreError(step: "fsync", path: temporary.path, errno: errno) }
            closed = true
            guard close(descriptor) == 0 else { throw FileStoreError(step: "close", path: temporary.path, errno: errno) }
            guard rename(temporary.path, url.path) == 0 else {
                throw FileStoreError(step: "rename", path: url.path, errno: errno)
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
        // Make the rename itself durable; a failure here loses nothing already visible, so it is not thrown.
        let folderDescriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
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

    /// Temporary files that `write` leaves behind when the process dies between creating and renaming one:
    /// in `scans/` and in every document's folder.
    func temporaryFiles() -> [URL] {
        let manager = FileManager.default
        var folders = [root.appendingPathComponent("scans")]
        let documents = root.appendingPathComponent("documents")
        for name in (try? manager.contentsOfDirectory(atPath: documents.path)) ?? [] where !name.hasPrefix(".") {
            folders.append(documents.appendingPathComponent(name))
        }
        return folders.flatMap { folder in
            ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasPrefix(".") && $0.hasSuffix(Self.temporarySuffix) }
                .map { folder.appendingPathComponent($0) }
        }
    }
}

/// A file store step the operating system refused.
struct FileStoreError: Error, CustomStringConvertible {
    var step: String
    var path: String
    var errno: Int32

    var description: String { "cannot \(step) \(path): \(DescriptorIO.describe(errno))" }
}
