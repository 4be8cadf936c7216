import LegibleCodes

/// Serials carried by the barcodes and QR codes of a photo, and how they combine with the serials read as text.
///
/// A code's payload is exact: a QR code carries Reed-Solomon error correction and Code 128 a check
/// character, so a decoded payload has no look-alike errors. What stays uncertain is whether the payload *is*
/// the serial: an asset sticker's code may carry an asset number, a URL or a phone number. So a code's serial
/// counts as strong evidence only when the payload is one token in a structured serial format, or a token
/// announced as the serial (`S/N:…`, `?sn=…`); and its weight grows when the printed text agrees.
enum CodeSerials {
    /// One serial-shaped token of a code's payload.
    struct Found: Equatable {
        var serial: String
        var format: SerialFormat
        /// True when the payload is this token alone or names it as the serial (a caption or URL key).
        var announced: Bool
        var symbol: CodeSymbol
    }

    /// URL query keys and payload labels that name a serial (upper-case, letters and digits only).
    static let serialKeys: Set<String> = ["SN", "SERIAL", "SERIALNO", "SERIALNUMBER", "SERVICETAG", "SNR", "SL"]

    /// The serial-shaped tokens of `symbol`'s payload, most specific format first within each token.
    ///
    /// The payload is split into tokens at every character that is not a letter or digit; a token announced
    /// by the label before it (`S/N:`, `Serial`, `sn=`) or standing alone in the payload is `announced`.
    static func serials(in symbol: CodeSymbol) -> [Found] {
        let payload = symbol.payload.uppercased()
        let tokens = Self.tokens(payload)
        var found: [Found] = []
        for (index, token) in tokens.enumerated() {
            let label = index > 0 ? tokens[index - 1] : ""
            let labelBefore = index > 1 ? tokens[index - 2] + label : label
            let announced = tokens.count == 1 || serialKeys.contains(label) || serialKeys.contains(labelBefore)
                || SerialLexicon.isCaption(label) || SerialLexicon.isCaption(labelBefore)
            if SerialLexicon.isDistractorLabel(label) || SerialLexicon.isDistractorLabel(labelBefore) { continue }
            guard let format = format(of: token) else { continue }
            found.append(Found(serial: token, format: format, announced: announced, symbol: symbol))
        }
        return found
    }

    /// The most specific format `token` fits exactly (every character allowed where it stands, no repair, and
    /// the format's mix of letters and digits), or nil.
    static func format(of token: String) -> SerialFormat? {
        let characters = Array(token)
        let formats: [SerialFormat] = [.apple12, .samsung, .apple11, .dell, .appleRandom, .generic]
        return formats.first { format in
            format.lengths.contains(characters.count)
                && characters.enumerated().allSatisfy {
                    format.allowed(at: $0.offset, length: characters.count).contains($0.element)
                }
                && format.acceptsComposition(characters)
        }
    }

    /// Letters-and-digits runs of a payload, upper-cased, in order.
    private static func tokens(_ payload: String) -> [String] {
        payload.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).map(String.init)
    }

    /// Confidence of a serial read only from a code, announced, in a structured format (Apple 12 or 11,
    /// Samsung, Dell) that the device hint allows: the payload is exact, and a structured ID announced as the
    /// serial is the serial unless the label lies; below the near-certain level, since nothing else read it.
    static let codeOnlyStructured = 0.88
    /// Confidence of any other serial-shaped token read only from a code (random Apple serials, generic IDs,
    /// tokens of a longer payload): asset numbers and order numbers take these shapes too.
    static let codeOnlyOther = 0.5
    /// Confidence when the code and the printed text read the same serial: two independent carriers agree,
    /// one of them exact.
    static let agreed = 0.98
    /// Cap on the confidence of the leading text reading when a code announces a different structured serial:
    /// two carriers disagree, so neither is near certain.
    static let disagreementCap = 0.8

    /// `candidates` (from the text, best first) combined with the serials of `symbols`.
    ///
    /// - A code serial the text also read (exactly, or with look-alike characters where the text differs: the
    ///   code is exact, the text may confuse O and 0) becomes one candidate read from both, at ``agreed`` or
    ///   above, in the code's spelling.
    /// - A code serial the text did not read is a candidate of its own (``codeOnlyStructured`` or
    ///   ``codeOnlyOther``), and an announced structured one caps the text's leader at ``disagreementCap``.
    static func combined(
        _ candidates: [SerialCandidate], symbols: [CodeSymbol], deviceType: DeviceType?, limit: Int
    ) -> [SerialCandidate] {
        combined(candidates.map { ($0, []) }, symbols: symbols, deviceType: deviceType, limit: limit).map(\.candidate)
    }

    /// ``combined(_:symbols:deviceType:limit:)`` over candidates with their confidence-model inputs, which
    /// stay with their candidate (a candidate read only from a code has none).
    static func combined(
        _ candidates: [(candidate: SerialCandidate, features: [Double])], symbols: [CodeSymbol],
        deviceType: DeviceType?, limit: Int
    ) -> [(candidate: SerialCandidate, features: [Double])] {
        var result = candidates
        let found = symbols.flatMap(serials(in:))
        guard !found.isEmpty else { return candidates }
        var fromCodes: [(candidate: SerialCandidate, features: [Double])] = []
        for item in found where !fromCodes.contains(where: { $0.candidate.serial == item.serial }) {
            let allowedByHint = deviceType.map { $0.isApple == item.format.isApple || item.format == .generic } ?? true
            if let match = result.firstIndex(where: { sameSerial(text: $0.candidate.serial, code: item.serial) }) {
                var both = result.remove(at: match)
                both.candidate.serial = item.serial
                both.candidate.format = item.format
                both.candidate.confidence = max(both.candidate.confidence, agreed)
                both.candidate.sources = [.ocr, .barcode]
                fromCodes.append(both)
                continue
            }
            let structured = [.apple12, .apple11, .samsung, .dell].contains(item.format)
            let strong = structured && item.announced && allowedByHint
            let candidate = SerialCandidate(
                serial: item.serial, confidence: strong ? codeOnlyStructured : codeOnlyOther, format: item.format,
                box: item.symbol.box, captioned: item.announced, sources: [.barcode])
            fromCodes.append((candidate, []))
            if strong, !result.isEmpty {
                result[0].candidate.confidence = min(result[0].candidate.confidence, disagreementCap)
            }
        }
        let ranked = (fromCodes + result).enumerated().sorted {
            ($0.element.candidate.confidence, -$0.offset) > ($1.element.candidate.confidence, -$1.offset)
        }.map(\.element)
        return Array(ranked.prefix(limit))
    }

    /// True when a serial read as text is the code's serial: the same, or the same length with every
    /// difference a pair the reader confuses (``Confusables/twins``), as O for 0 or 8 for B.
    static func sameSerial(text: String, code: String) -> Bool {
        guard text.count == code.count else { return false }
        return zip(text, code).allSatisfy { read, coded in
            read == coded || (Confusables.twins[read] ?? []).contains(coded)
        }
    }
}
