import ArgumentParser
import Foundation

/// Reading a file argument, where `-` means standard input.
enum FormInput {
    static func read(_ path: String, what: String) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read \(what) \(path): no such file or not readable")
        }
        return data
    }

    static func write(_ data: Data, to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw ValidationError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
