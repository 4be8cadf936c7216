import Foundation
import LegiblePDF

/// Legible's own PDF reader and writer on raw bytes (``PDFStructureCheck``): it is reached in production only
/// for files Poppler opened, but Poppler repairs much, so the reader must hold on any bytes.
enum PDFStructureTarget {
    static func run(_ data: Data) -> FuzzOutcome {
        FuzzOutcome.of {
            let check = try PDFStructureCheck.run(data)
            return "\(check.objects) objects, \(check.decodedStreams) streams decoded, update \(check.updatedBytes) bytes"
        }
    }
}
