internal import CImagingKernels

/// Switches for the vectorised `CImagingKernels` loops (``AreaMapRotation``, Sauvola's test, grey scaling).
package enum ImagingKernels {
    /// Bytes the kernels' gathers may read past a source image's last pixel (they load whole 32-bit words):
    /// sources are made with ``Image/grayBytes(padding:)``.
    static let padding = 4

    /// Lets the kernels use AVX2 where the processor has it (the default), or not: both paths give the same
    /// bytes, and tests compare each with Leptonica. Process-wide.
    package static func allowAVX2(_ allowed: Bool) {
        legible_imaging_allow_avx2(allowed ? 1 : 0)
    }
}
