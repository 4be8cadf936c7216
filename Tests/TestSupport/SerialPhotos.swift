public import Foundation

/// Serial photos for benchmarks and tests: one per preset, and a small mixed set.
///
/// Photos come from the first of: the folder named by `LEGIBLE_SERIAL_PHOTOS`, then `TestImages/serials/`
/// (each with a `manifest.json` naming each photo's preset). Without either, small stand-ins from
/// `TestImages/` are used so the benchmarks always run: `text/invoice.jpg` for etched, `examples/dark-screen.png`
/// for screen, `examples/label.png` for sticker.
public enum SerialPhotos {
    private struct Entry: Decodable {
        var file: String
        var preset: String
    }

    /// The labelled folder in use, if any.
    public static let directory: URL? = {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["LEGIBLE_SERIAL_PHOTOS"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        candidates.append(Fixtures.testImages.appendingPathComponent("serials"))
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("manifest.json").path)
        }
    }()

    private static let entries: [Entry] = {
        guard let directory,
            let data = try? Data(contentsOf: directory.appendingPathComponent("manifest.json")),
            let entries = try? JSONDecoder().decode([Entry].self, from: data)
        else { return [] }
        return entries.filter {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0.file).path)
        }.sorted { $0.file < $1.file }
    }()

    private static let standIns: [String: String] = [
        "etched": "text/invoice.jpg", "screen": "examples/dark-screen.png", "sticker": "examples/label.png",
    ]

    /// A photo of `preset` (`etched`, `screen` or `sticker`): the first of the labelled set, or the stand-in.
    public static func photo(_ preset: String) -> URL {
        if let directory, let entry = entries.first(where: { $0.preset == preset }) {
            return directory.appendingPathComponent(entry.file)
        }
        return Fixtures.image(standIns[preset] ?? "examples/label.png")
    }

    /// Up to `perPreset` photos of each preset, presets interleaved (stand-ins when there is no set).
    public static func mixed(perPreset: Int) -> [URL] {
        let presets = ["etched", "screen", "sticker"]
        var lists: [[URL]] = presets.map { preset in
            let found = entries.filter { $0.preset == preset }.prefix(perPreset)
            guard let directory, !found.isEmpty else { return [photo(preset)] }
            return found.map { directory.appendingPathComponent($0.file) }
        }
        var out: [URL] = []
        while lists.contains(where: { !$0.isEmpty }) {
            for index in lists.indices where !lists[index].isEmpty { out.append(lists[index].removeFirst()) }
        }
        return out
    }

    /// A short description of where the photos come from, for benchmark output.
    public static var source: String {
        directory.map { "labelled set \($0.path)" } ?? "stand-ins from TestImages/ (no labelled serial set found)"
    }
}
