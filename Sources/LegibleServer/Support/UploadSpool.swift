import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request body received into a file instead of memory, so that slow or stalled uploads hold disk, not the
/// server's memory, until they complete.
///
/// The file is made in the system's temporary folder (`TMPDIR`, else `/tmp`; on a machine whose `/tmp` is a RAM
/// disk, point `TMPDIR` at a disk) and unlinked at once: it takes space only while this spool is open, and nothing
/// is left behind when the request ends or the process dies. Once complete, the body is mapped read-only rather
/// than read back, so its pages stay backed by the file. One task uses a spool; it is not shared.
final class UploadSpool {
    /// Why a spool could not take an upload: the system's message (for example "No space left on device").
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var descriptor: Int32
    /// Bytes written so far.
    private(set) var count = 0

    /// Creates and unlinks the spool file in `directory`.
    /// - Throws: `Failure` when the file cannot be made.
    init(directory: URL = FileManager.default.temporaryDirectory) throws {
        var template = Array(directory.appendingPathComponent("legible-upload-XXXXXX").path.utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw Failure(description: "cannot make a spool file in \(directory.path): \(DescriptorIO.describe(errno))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `bytes` to the file.
    /// - Throws: `Failure` when the write fails (a full disk).
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        if let code = DescriptorIO.writeAll(descriptor, bytes) {
            throw Failure(description: "cannot spool the upload: \(DescriptorIO.describe(code))")
        }
        count += bytes.count
    }

    /// The bytes written, mapped read-only; the file is closed (the mapping keeps it until the data is released).
    /// - Throws: `Failure` when the mapping fails.
    func contents() throws -> Data {
        defer {
            close(descriptor)
            descriptor = -1
        }
        guard count > 0 else { return Data() }
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw Failure(description: "cannot map the spooled upload: \(DescriptorIO.describe(errno))")
        }
        let length = count
        return Data(bytesNoCopy: address, count: length, deallocator: .custom { pointer, _ in _ = munmap(pointer, length) })
    }
}
