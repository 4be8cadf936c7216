/// What went wrong while creating a recogniser or recognising text.
public enum OCRError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No directory held the trained data of every requested language.
    case languageDataNotFound(languages: [String], searched: [String])
    /// Tesseract refused to start with data that was found (corrupt or incompatible `.traineddata`).
    case initializationFailed(languages: [String], dataPath: String)
    /// A configuration value is out of range (empty language list, unknown variable...).
    case invalidConfiguration(String)
    /// The image or region cannot be recognised (too large, outside the image).
    case invalidInput(String)
    /// Tesseract failed during recognition.
    case recognitionFailed(String)
    /// The image could not be prepared for recognition.
    case imaging(String)
    /// A `.traineddata` file Legible reads itself is damaged or of a kind it does not support.
    case modelFormat(String)

    public var description: String {
        switch self {
        case .languageDataNotFound(let languages, let searched):
            let files = languages.map { "\($0).traineddata" }.joined(separator: ", ")
            return "Tesseract language data not found: no directory holds \(files); searched "
                + searched.joined(separator: ", ")
                + (languages.contains("eng")
                    ? ". Install tesseract-ocr-eng (Debian) or set TESSDATA_PREFIX to the tessdata directory"
                    : ". Copy the data there or name its directory in the configuration")
        case .initializationFailed(let languages, let path):
            return "Tesseract could not load \(languages.joined(separator: "+")) from \(path): the data is "
                + "damaged or made for another Tesseract version"
        case .invalidConfiguration(let reason):
            return "invalid recogniser configuration: \(reason)"
        case .invalidInput(let reason):
            return "cannot recognise: \(reason)"
        case .recognitionFailed(let reason):
            return "recognition failed: \(reason)"
        case .imaging(let reason):
            return "cannot prepare the image: \(reason)"
        case .modelFormat(let reason):
            return "unsupported or damaged LSTM model: \(reason)"
        }
    }
}
