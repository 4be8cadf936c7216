import Foundation

/// Finds the directory that holds Tesseract's `.traineddata` files.
enum TessdataLocator {
    /// Directories searched when neither the configuration nor `TESSDATA_PREFIX` names one, most specific first.
    static let wellKnownPaths = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
        "/opt/homebrew/share/tessdata",
    ]

    /// The first candidate directory holding `<language>.traineddata` for every language.
    ///
    /// - Throws: `OCRError.languageDataNotFound` naming every directory searched.
    static func locate(languages: [String], configured: String?) throws(OCRError) -> String {
        var candidates: [String] = []
        if let configured {
            candidates.append(configured)
        } else {
            if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
                // Tesseract 4 and later take TESSDATA_PREFIX as the tessdata directory itself; older set-ups
                // pointed at its parent.
                candidates.append(prefix)
                candidates.append((prefix as NSString).appendingPathComponent("tessdata"))
            }
            candidates += wellKnownPaths
        }
        let files = FileManager.default
        for directory in candidates {
            if languages.allSatisfy({ files.fileExists(atPath: "\(directory)/\($0).traineddata") }) {
                return directory
            }
        }
        throw OCRError.languageDataNotFound(languages: languages, searched: candidates)
    }
}
