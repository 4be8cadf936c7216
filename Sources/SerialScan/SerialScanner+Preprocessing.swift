package import Foundation
package import LegibleImaging

extension SerialScanner {
    /// A preset's image work alone, without recognition: for benchmarks that time preprocessing apart from
    /// Tesseract (package-internal; not part of the public API).
    ///
    /// Does what a scan does before it reads anything — grey from the most contrasting channel, scale to the
    /// working size, statistics — then, for every image variant the preset would try (all of them, as a scan
    /// that finds no certain serial does), binarises the working copy and finds text lines. Skew correction
    /// is left out: it depends on the ink found. `auto` first classifies the photo, as a scan does.
    ///
    /// - Returns: The number of text-line candidates found over all variants (something to keep alive).
    /// - Throws: `SerialScanError.image` when an image operation fails.
    package static func preprocess(
        _ image: Image, preset requested: SerialPreset, options: SerialScanOptions = SerialScanOptions()
    ) throws(SerialScanError) -> Int {
        let photo = try PreparedPhoto(image, workingSize: options.workingSize)
        do {
            let working = photo.working
            let preset = requested == .auto ? PresetClassifier.classify(working) : requested
            var count = 0
            for variant in ImageVariant.ordered(for: preset, darkBackground: photo.darkBackground) {
                let binary = try variant.binarize(working, textHeight: photo.textHeight)
                count += try TextLineFinder.lines(
                    in: binary, lightText: variant.isLightText, reduction: variant.reduction
                ).count
            }
            return count
        } catch let error as ImagingError {
            throw .image(error)
        } catch {
            throw .image(.operationFailed(operation: "preprocessing"))
        }
    }

    /// The measures the `auto` preset guess reads (``PresetClassifier/featureNames``) for a photo, decoded and
    /// reduced to the working size as a scan does (package-internal: `ocrbench presets` fits the guess on them).
    ///
    /// - Throws: `SerialScanError.image` when the photo cannot be decoded or converted.
    package static func presetFeatures(imageData: Data, options: SerialScanOptions = SerialScanOptions())
        throws(SerialScanError) -> [Double]
    {
        do {
            let decoded = try Image.decoded(imageData, options: options.decode)
            let photo = try PreparedPhoto(decoded.image, workingSize: options.workingSize)
            return try PresetClassifier.features(of: photo.working)
        } catch let error as SerialScanError {
            throw error
        } catch let error as ImagingError {
            throw .image(error)
        } catch {
            throw .image(.operationFailed(operation: "preset measures"))
        }
    }
}
