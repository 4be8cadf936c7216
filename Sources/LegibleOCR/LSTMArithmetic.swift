import Foundation

/// The parts of Tesseract 5.3's integer LSTM arithmetic the Swift side needs, reproduced exactly: rounding,
/// the lookup tables Tesseract uses for tanh and the logistic function (interpolated, and the activations
/// quantised, by `CLSTMKernels`, its only implementation), and the pseudo-random numbers the convolution
/// writes beyond the image's edge.
enum LSTMArithmetic {
    /// Tesseract's `IntCastRounded` on single precision: halves round away from zero, the half added in single
    /// precision.
    @inline(__always)
    static func rounded(_ value: Float) -> Int32 {
        value >= 0 ? Int32(value + 0.5) : -Int32(-value + 0.5)
    }

    /// `IntCastRounded` on double precision.
    @inline(__always)
    static func rounded(_ value: Double) -> Int32 {
        value >= 0 ? Int32(value + 0.5) : -Int32(-value + 0.5)
    }

    /// Entries in each lookup table, one per 1/256 from 0.
    static let tableSize = 4096
    /// `tanh(k / 256)` for k = 0 ..< 4096, rounded to single precision. Made once, never written again.
    nonisolated(unsafe) static let tanhTable: UnsafePointer<Float> = table { Foundation.tanh($0) }
    /// `1 / (1 + exp(-k / 256))` for k = 0 ..< 4096, rounded to single precision. Made once, never written again.
    nonisolated(unsafe) static let logisticTable: UnsafePointer<Float> = table { 1 / (1 + Foundation.exp(-$0)) }

    /// A table of `function(k / 256)` for k = 0 ..< ``tableSize``, kept for the life of the process.
    private static func table(_ function: (Double) -> Double) -> UnsafePointer<Float> {
        let values = UnsafeMutablePointer<Float>.allocate(capacity: tableSize)
        for k in 0..<tableSize { values[k] = Float(function(Double(k) / 256)) }
        return UnsafePointer(values)
    }
}

/// Tesseract's `TRand` (the minimal-standard linear congruential generator, `std::minstd_rand`), seeded as
/// `LSTMRecognizer` seeds it for each line: from the model's sample iteration times `0x10000001`, with one
/// number drawn and discarded.
struct TesseractRandom {
    private var state: UInt64
    private static let modulus: UInt64 = 2_147_483_647

    /// The generator as a line's recognition starts, for a model trained to `sampleIteration`.
    init(sampleIteration: Int32) {
        let seed = UInt64(bitPattern: Int64(sampleIteration) &* 0x1000_0001) % Self.modulus
        state = seed == 0 ? 1 : seed
        _ = next()
    }

    /// The next number in 1 ..< 2^31 - 1.
    mutating func next() -> Int32 {
        state = state * 48271 % Self.modulus
        return Int32(state)
    }

    /// A value in `-range ... range`, computed as Tesseract's `SignedRand`, rounded to an integer.
    mutating func signedByte(range: Double = 127) -> Int8 {
        let value = range * 2.0 * Double(next()) / Double(Int32.max) - range
        return Int8(clamping: LSTMArithmetic.rounded(value))
    }
}
