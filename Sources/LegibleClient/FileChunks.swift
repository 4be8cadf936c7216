import Foundation

/// A file read in chunks as the network takes them, telling `progress` how many bytes have gone.
///
/// Each iteration opens the file anew, so a request built on it can be sent again (a retry after 429). Where
/// the transport streams the body (URLSession on Apple platforms) the reads follow the upload; where it collects
/// the body first (URLSession on Linux) progress reaches the end before the bytes leave.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let url: URL
    let totalBytes: Int64
    let chunkSize: Int
    let progress: (@Sendable (UploadProgress) -> Void)?

    /// The file at `url`, whose size is read now. Throws when it cannot be read.
    init(url: URL, chunkSize: Int = 256 * 1024, progress: (@Sendable (UploadProgress) -> Void)?) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        self.url = url
        self.totalBytes = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        self.chunkSize = chunkSize
        self.progress = progress
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: FileChunks
        var handle: FileHandle?
        var sent: Int64 = 0
        var finished = false

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard !finished else { return nil }
            try Task.checkCancellation()
            if handle == nil { handle = try FileHandle(forReadingFrom: sequence.url) }
            guard let data = try handle?.read(upToCount: sequence.chunkSize), !data.isEmpty else {
                try handle?.close()
                handle = nil
                finished = true
                return nil
            }
            sent += Int64(data.count)
            sequence.progress?(UploadProgress(bytesSent: sent, totalBytes: Swift.max(sequence.totalBytes, sent)))
            return ArraySlice(data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(sequence: self) }
}
