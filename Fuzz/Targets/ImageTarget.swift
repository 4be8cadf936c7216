import Foundation
import LegibleImaging
import SerialScan

/// Image bytes decoded as the server decodes them: scan photos with the serial scanner's options (large JPEGs
/// reduced while decoding), image documents with the defaults. Both apply the 40 Mpx and 64 MiB limits.
enum ImageTarget {
    static func run(_ data: Data) -> FuzzOutcome {
        FuzzOutcome.of {
            let photo = try Image(data: data, options: SerialScanOptions.photoDecoding)
            let document = try Image(data: data)
            return "photo \(photo.width)x\(photo.height), document \(document.width)x\(document.height)"
        }
    }
}
