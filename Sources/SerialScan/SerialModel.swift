import Foundation
public import LegibleOCR

/// The recognition model serial scans read lines with, and where Legible's own (`serial.traineddata`) is found.
///
/// The model is Legible's own Tesseract LSTM, trained on rendered serial lines (`Training/serial-model/`). It
/// ships as a resource of this module, which SwiftPM copies beside every executable it builds
/// (`Legible_SerialScan.resources/`); deployments copy that folder with the binary, or name the model's
/// folder in `LEGIBLE_SERIAL_MODEL_DIR`.
public enum SerialModel {
    /// The model's language code, as Tesseract takes it (the file is `serial.traineddata`).
    public static let language = "serial"

    /// The environment variable that names a folder holding `serial.traineddata`, searched first.
    public static let directoryVariable = "LEGIBLE_SERIAL_MODEL_DIR"

    /// The folders searched for the model, in order: `LEGIBLE_SERIAL_MODEL_DIR`, the resource folder beside
    /// the running executable, and the module's source folder (for runs from a checkout).
    public static var searchedDirectories: [String] {
        var directories: [String] = []
        if let named = ProcessInfo.processInfo.environment[directoryVariable], !named.isEmpty {
            directories.append(named)
        }
        let beside = Bundle.main.bundleURL.appendingPathComponent("Legible_SerialScan.resources")
        directories.append(beside.appendingPathComponent("Models").path)
        // macOS bundles keep resources one level further in.
        directories.append(
            Bundle.main.bundleURL.appendingPathComponent("Legible_SerialScan.bundle/Contents/Resources/Models").path)
        directories.append(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Models").path)
        return directories
    }

    /// The first searched folder that holds `serial.traineddata`, or nil when none does.
    public static var directory: String? {
        searchedDirectories.first { FileManager.default.fileExists(atPath: "\($0)/\(language).traineddata") }
    }

    /// The recognition models a scan can read lines with.
    public enum Choice: String, Sendable, CaseIterable {
        /// Legible's serial-line model, `serial.traineddata` (see ``SerialModel``).
        case serial
        /// Tesseract's English model from the system's tessdata (Debian: `tesseract-ocr-eng`).
        case eng
        /// Both: each word is read by the serial model and, where it is unsure, by `eng` as well; the more
        /// confident reading wins (Tesseract's multi-language recognition).
        case serialThenEng = "serial+eng"
        /// Both, `eng` first.
        case engThenSerial = "eng+serial"
    }

    /// The model scans read with unless `LEGIBLE_SERIAL_MODEL` names another: the serial model with `eng`
    /// for its unsure words. Together they read more serials than either alone (README, Accuracy), for about
    /// a fifth more time per scan than `eng` alone.
    public static let defaultChoice = Choice.serialThenEng

    /// The environment variable that picks the model scans read with: `serial`, `eng`, `serial+eng` or
    /// `eng+serial` (any other value is ignored). Lets them be compared on the same photos
    /// (`ocrbench serials`) with one build.
    public static let modelVariable = "LEGIBLE_SERIAL_MODEL"

    /// The model scans read with: `LEGIBLE_SERIAL_MODEL` when it names one, else ``defaultChoice``.
    public static var selected: Choice {
        ProcessInfo.processInfo.environment[modelVariable].flatMap(Choice.init(rawValue:)) ?? defaultChoice
    }

    /// The recogniser settings for scans with `model`: one line per call, no dictionaries, per-symbol
    /// alternatives, no second try of unsure lines inverted; with two models, the second read only for words
    /// the first is quite unsure of.
    ///
    /// For the serial model, when it is in none of ``searchedDirectories`` the configuration names the first
    /// of them, so starting a recogniser fails with `OCRError.languageDataNotFound` naming that folder.
    public static func recognizerConfiguration(for model: Choice) -> RecognizerConfiguration {
        let serial = directory
        let languages: [String]
        let dataPath: String?
        switch model {
        case .eng:
            (languages, dataPath) = (["eng"], nil)
        case .serial:
            (languages, dataPath) = ([language], serial ?? searchedDirectories.first)
        case .serialThenEng, .engThenSerial:
            languages = model == .serialThenEng ? [language, "eng"] : ["eng", language]
            dataPath = serial.flatMap(combinedDirectory(serial:)) ?? serial ?? searchedDirectories.first
        }
        // With two models Tesseract reads each word with the first and tries the other only when it does not
        // accept the word, which without dictionaries means a certainty under this base (default -2.5): at
        // -2.5 nearly every word was read twice. At -5, on 2026-11-26 with device hints, both serial sets keep
        // every answer (main 93.5% / 94.4% top-1 / top-3, held out 93.3% / 95.6%; AUROC 0.957 -> 0.963 and
        // 0.972 -> 0.972) and the median scan takes 0.91x (main) and 0.88x (held out) the time. -6 gave the
        // same; -7 and lower lost answers or AUROC on the held-out set.
        var variables = languages.count > 1 ? ["stopper_nondict_certainty_base": "-5"] : [:]
        // Tesseract tests every line for fixed pitch (a dynamic programme over cut points) before the LSTM reads
        // it. Off, every line of both serial sets read the same on 2026-11-26 (with device hints), and the
        // test's 1.6% of a scan's CPU samples (FPCUTPT::assign, held-out set under perf) was gone.
        variables["textord_disable_pitch_test"] = "1"
        return RecognizerConfiguration(
            languages: languages, dataPath: dataPath, pageSegmentationMode: .singleLine, usesDictionaries: false,
            collectsAlternatives: true, variables: variables,
            // Lines reach Tesseract dark on light (ImageVariant.prepareForRecognition), so its second pass of
            // the network over an inverted copy of every unsure line only costs time. Off (for every model:
            // start-up variables reach each language), same answers and AUROC on both serial sets on
            // 2026-11-26, p90 528 -> 509 ms main and 406 -> 324 ms held out, same medians.
            initVariables: ["tessedit_do_invert": "0"])
    }

    /// A directory holding both the serial model (found in `serial`) and `eng` (Tesseract loads every
    /// language of an engine from one directory): `serial` itself when `eng` is there too, else a folder of
    /// two symbolic links in the temporary directory, made once per user and pair of paths. Nil when `eng`
    /// is missing or the links cannot be made.
    static func combinedDirectory(serial: String) -> String? {
        let files = FileManager.default
        if files.fileExists(atPath: "\(serial)/eng.traineddata") { return serial }
        guard let eng = try? Recognizer.dataDirectory(for: ["eng"]) else { return nil }
        var hasher = Hasher64()
        hasher.combine(serial)
        hasher.combine(eng)
        let folder = files.temporaryDirectory
            .appendingPathComponent("legible-tessdata-\(getuid())-\(String(hasher.value, radix: 16))")
        do {
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, source) in [("\(language).traineddata", serial), ("eng.traineddata", eng)] {
                let link = folder.appendingPathComponent(name)
                let target = "\(source)/\(name)"
                if (try? files.destinationOfSymbolicLink(atPath: link.path)) == target { continue }
                // Made under a unique name and renamed over the old one, so concurrent starts never see a
                // missing or half-made link.
                let fresh = folder.appendingPathComponent(".\(name).\(UUID().uuidString)")
                try files.createSymbolicLink(atPath: fresh.path, withDestinationPath: target)
                guard rename(fresh.path, link.path) == 0 else {
                    try? files.removeItem(at: fresh)
                    return nil
                }
            }
            return folder.path
        } catch {
            return nil
        }
    }
}

/// FNV-1a over strings: a folder name that is the same in every process (Swift's `Hasher` is seeded per
/// process).
private struct Hasher64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ text: String) {
        for byte in text.utf8 {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        value = (value ^ 0xff) &* 0x0000_0100_0000_01b3
    }
}
