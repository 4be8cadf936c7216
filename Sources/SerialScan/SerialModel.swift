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
    }

    /// The model scans read with unless `LEGIBLE_SERIAL_MODEL` names another. Tesseract's `eng` for now: the
    /// serial model, still in training, reads fewer serials through the whole pipeline (README, Accuracy).
    public static let defaultChoice = Choice.eng

    /// The environment variable that picks the model scans read with: `serial` or `eng` (any other value is
    /// ignored). Lets the two be compared on the same photos (`ocrbench serials`) with one build.
    public static let modelVariable = "LEGIBLE_SERIAL_MODEL"

    /// The model scans read with: `LEGIBLE_SERIAL_MODEL` when it names one, else ``defaultChoice``.
    public static var selected: Choice {
        ProcessInfo.processInfo.environment[modelVariable].flatMap(Choice.init(rawValue:)) ?? defaultChoice
    }

    /// The recogniser settings for scans with `model`: one line per call, no dictionaries, per-symbol
    /// alternatives.
    ///
    /// For the serial model, when it is in none of ``searchedDirectories`` the configuration names the first
    /// of them, so starting a recogniser fails with `OCRError.languageDataNotFound` naming that folder.
    public static func recognizerConfiguration(for model: Choice) -> RecognizerConfiguration {
        switch model {
        case .eng:
            return RecognizerConfiguration(
                languages: ["eng"], pageSegmentationMode: .singleLine, usesDictionaries: false,
                collectsAlternatives: true)
        case .serial:
            return RecognizerConfiguration(
                languages: [language], dataPath: directory ?? searchedDirectories.first,
                pageSegmentationMode: .singleLine, usesDictionaries: false, collectsAlternatives: true)
        }
    }
}
