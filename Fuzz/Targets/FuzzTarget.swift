public import Foundation

/// A fuzz target: one parser of bytes that come from strangers, run the way the server runs it, with the
/// server's limits. `Scripts/fuzz.sh` drives each with libFuzzer; `FuzzRegressionTests` replays the findings.
///
/// A target returns for every input, accepted or refused. Anything else (a trap, a sanitizer report, more than
/// 10 s, more memory than the server's engine workers may use) is a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Image decoding from bytes (JPEG, PNG, HEIC, GIF, TIFF, WebP, BMP...), as scans and image documents decode.
    case image
    /// Legible's own PDF reader and writer: cross-references, objects, object streams, filters and predictors,
    /// then an incremental update read back.
    case pdfStructure = "pdf-structure"
    /// A PDF opened through Poppler with the server's limits, page 1 rendered, fields detected, then filled in
    /// both modes (overlay and interactive).
    case pdfForm = "pdf-form"
    /// Request bodies: `multipart/form-data` uploads (the first line of the input is the Content-Type) and the
    /// documents API's values JSON (any input whose first line is not a multipart Content-Type).
    case requests

    /// Runs the target on `data`.
    /// - Returns: What happened, for the replay tool and the regression tests.
    public func run(_ data: Data) -> FuzzOutcome {
        switch self {
        case .image: ImageTarget.run(data)
        case .pdfStructure: PDFStructureTarget.run(data)
        case .pdfForm: PDFFormTarget.run(data)
        case .requests: RequestsTarget.run(data)
        }
    }
}

/// What a target did with one input.
public enum FuzzOutcome: Equatable, Sendable, CustomStringConvertible {
    /// The input was read; the text says what came of it.
    case accepted(String)
    /// The input was refused with this error message, as a client would be told.
    case refused(String)

    /// `accepted: ...` or `refused: ...`.
    public var description: String {
        switch self {
        case .accepted(let detail): "accepted: \(detail)"
        case .refused(let message): "refused: \(message)"
        }
    }

    /// Runs `body`, turning a thrown error into `.refused` with the error's description.
    static func of(_ body: () throws -> String) -> FuzzOutcome {
        do {
            return .accepted(try body())
        } catch {
            return .refused(String(describing: error))
        }
    }
}
