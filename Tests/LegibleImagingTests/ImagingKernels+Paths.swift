import LegibleImaging

extension ImagingKernels {
    /// Runs `body` with the kernels' AVX2 paths allowed, then with the portable paths alone (`body` is told
    /// which), and leaves AVX2 allowed: tests compare both paths with Leptonica.
    static func forEachPath(_ body: (_ avx2: Bool) throws -> Void) rethrows {
        for avx2 in [true, false] {
            allowAVX2(avx2)
            defer { allowAVX2(true) }
            try body(avx2)
        }
    }
}
