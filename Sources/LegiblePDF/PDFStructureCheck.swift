package import Foundation

/// A whole-file pass of Legible's own PDF reader and writer over untrusted bytes: what the fuzz targets under
/// `Fuzz/` and their regression tests run, so that every part of the reader is reached without going through
/// Poppler first.
package struct PDFStructureCheck: Sendable, Equatable {
    /// Indirect objects read (streams included).
    package var objects: Int
    /// Streams whose data was decoded (the filters the reader supports; others are skipped).
    package var decodedStreams: Int
    /// Size of the file after an incremental update that rewrites the catalog, in bytes.
    package var updatedBytes: Int

    /// Reads the cross-references of `data`, every object they list and every stream's data, then appends an
    /// incremental update that writes the catalog again and reads the updated file back.
    ///
    /// An object or stream that cannot be read is skipped (a damaged object is the file's problem, not the
    /// reader's); only the cross-references must hold. At most `maxObjects` objects are read.
    /// - Throws: ``PDFStructureError`` when the cross-references cannot be read, and when the updated file
    ///   cannot be read back or shows another catalog: an update must never damage a file the reader accepted.
    package static func run(_ data: Data, maxObjects: Int = 20_000) throws(PDFStructureError) -> PDFStructureCheck {
        let file = try PDFFileStructure(bytes: [UInt8](data))
        var check = PDFStructureCheck(objects: 0, decodedStreams: 0, updatedBytes: 0)
        for number in file.objectNumbers.prefix(maxObjects) {
            let reference = PDFReference(number: number, generation: file.generation(of: number))
            guard let value = try? file.value(reference) else { continue }
            check.objects += 1
            if case .stream(let dictionary, let bytes) = value, (try? PDFFileStructure.decode(bytes, dictionary: dictionary)) != nil {
                check.decodedStreams += 1
            }
        }
        guard let root = file.trailer["Root"]?.reference, let catalog = try? file.value(root) else { return check }
        var update = PDFIncrementalUpdate(file: file)
        update.set(root, to: catalog)
        let updated = update.bytes()
        check.updatedBytes = updated.count
        let reread: PDFIndirectValue
        do {
            reread = try PDFFileStructure(bytes: updated).value(root)
        } catch {
            throw PDFStructureError(reason: "the updated file cannot be read back: \(error.reason)")
        }
        guard reread == catalog else { throw PDFStructureError(reason: "the updated file shows another catalog") }
        return check
    }
}
