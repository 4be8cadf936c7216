public import Foundation
import LegiblePDF

/// `qpdf --generate-appearances`: what a team gets by setting field values and letting qpdf draw them,
/// measured on the same forms as Legible's fill for comparison.
///
/// qpdf draws appearances only for a form whose AcroForm says `/NeedAppearances true`, and it does not set
/// values itself. ``prepare(filled:writingTo:)`` therefore takes a form whose values are already set and
/// writes a copy with the flag on (untimed); ``generateAppearances(input:output:)`` is the timed step,
/// process start included (a team that shells out pays it on every form).
public struct QPDFBaseline: Sendable {
    /// Path of the `qpdf` executable; `fix-qdf` is expected beside it.
    public var executable: String

    /// Creates a baseline that runs `executable`.
    public init(executable: String = "/usr/bin/qpdf") {
        self.executable = executable
    }

    /// What went wrong running qpdf.
    public struct Failure: Error, CustomStringConvertible {
        /// The command and what it printed.
        public var description: String
    }

    /// True when the executable exists.
    public var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// Writes `filled` (a PDF whose fields have values) to `url` with `/NeedAppearances true` in its AcroForm.
    ///
    /// The form is expanded with `qpdf --qdf`, the flag is set (or added to the AcroForm dictionary), offsets
    /// are repaired with `fix-qdf`, and qpdf writes the result normally compressed.
    /// - Throws: ``Failure`` when a qpdf step fails or the form has no AcroForm.
    public func prepare(filled: Data, writingTo url: URL) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("legible-qpdf-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("filled.pdf")
        let expanded = directory.appendingPathComponent("expanded.qdf")
        let flagged = directory.appendingPathComponent("flagged.qdf")
        let repaired = directory.appendingPathComponent("repaired.qdf")
        try filled.write(to: source)
        try run(executable, ["--qdf", "--object-streams=disable", source.path, expanded.path])
        let patched = try Self.settingNeedAppearances(Data(contentsOf: expanded))
        try patched.write(to: flagged)
        let fixQDF = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("fix-qdf")
        try run(fixQDF.path, [flagged.path], standardOutput: repaired)
        try run(executable, [repaired.path, url.path])
    }

    /// Runs `qpdf --generate-appearances INPUT OUTPUT` and returns the wall-clock time in milliseconds.
    ///
    /// - Throws: ``Failure`` when qpdf cannot start or fails.
    public func generateAppearances(input: URL, output: URL) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try run(executable, ["--generate-appearances", input.path, output.path])
        return (clock.now - start).milliseconds
    }

    /// Writes `input` to `output` with every annotation's appearance drawn into its page's content and the
    /// annotations removed (`qpdf --flatten-annotations=all`): a form as a viewer shows it, made flat, the way
    /// the shared derived forms were made (values and hints become page text).
    ///
    /// - Throws: ``Failure`` when qpdf cannot start or fails.
    public func flattenAnnotations(input: URL, output: URL) throws {
        try run(executable, ["--flatten-annotations=all", input.path, output.path])
    }

    /// A QDF file with the AcroForm's `/NeedAppearances` set to true (replaced, or added after `<<`).
    static func settingNeedAppearances(_ data: Data) throws -> Data {
        var bytes = [UInt8](data)
        let key = Array("/NeedAppearances".utf8)
        if let found = ByteSearch.firstIndex(of: key, in: bytes, from: 0) {
            var end = found + key.count
            while end < bytes.count, bytes[end] == 0x20 { end += 1 }
            var valueEnd = end
            while valueEnd < bytes.count, (0x61...0x7A).contains(bytes[valueEnd]) { valueEnd += 1 }
            bytes.replaceSubrange(end..<valueEnd, with: Array("true".utf8))
            return Data(bytes)
        }
        let acroForm = Array("/AcroForm".utf8)
        guard let keyAt = ByteSearch.firstIndex(of: acroForm, in: bytes, from: 0) else { throw Failure(description: "the form has no /AcroForm") }
        var position = keyAt + acroForm.count
        while position < bytes.count, bytes[position] == 0x20 { position += 1 }
        let insertion = Array("\n  /NeedAppearances true".utf8)
        if position + 1 < bytes.count, bytes[position] == 0x3C, bytes[position + 1] == 0x3C {
            bytes.insert(contentsOf: insertion, at: position + 2)
            return Data(bytes)
        }
        // An indirect reference `N 0 R`: insert into object N's dictionary.
        var number = 0
        while position < bytes.count, (0x30...0x39).contains(bytes[position]) {
            number = number * 10 + Int(bytes[position] - 0x30)
            position += 1
        }
        guard let object = ByteSearch.firstIndex(of: Array("\n\(number) 0 obj\n<<".utf8), in: bytes, from: 0) else {
            throw Failure(description: "AcroForm object \(number) not found")
        }
        bytes.insert(contentsOf: insertion, at: object + "\n\(number) 0 obj\n<<".utf8.count)
        return Data(bytes)
    }


    /// Runs a command; exit status 0 and 3 (qpdf: warnings) count as success.
    private func run(_ path: String, _ arguments: [String], standardOutput: URL? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        var handle: FileHandle?
        if let standardOutput {
            guard FileManager.default.createFile(atPath: standardOutput.path, contents: nil) else {
                throw Failure(description: "cannot create \(standardOutput.path)")
            }
            handle = try FileHandle(forWritingTo: standardOutput)
            process.standardOutput = handle
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        defer { try? handle?.close() }
        do { try process.run() } catch {
            throw Failure(description: "cannot run \(path): \(error.localizedDescription)")
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 || process.terminationStatus == 3 else {
            throw Failure(description: "\(path) \(arguments.joined(separator: " ")) exited with "
                + "\(process.terminationStatus): \(String(decoding: message.prefix(500), as: UTF8.self))")
        }
    }
}
