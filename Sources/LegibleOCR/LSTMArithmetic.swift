import Foundation

/// The arithmetic of Tesseract 5.3's integer LSTM inference, reproduced exactly (Debian builds Tesseract with
/// `FAST_FLOAT`, so everything between layers is single precision): rounding, re-quantisation to signed
/// bytes, the interpolated lookup tables Tesseract uses for tanh and the logistic function, and the
/// pseudo-random numbers the convolution writes beyond the image's edge.
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

    /// An activation in -1...1 as the signed byte the next layer reads: `value x 127`, rounded and clipped.
    @inline(__always)
    static func quantised(_ value: Float) -> Int8 {
        let scaled = value * 127
        // Clip first: values far outside the range must not overflow the conversion (nor NaN reach it).
        if scaled >= 127 { return 127 }
        if scaled <= -127 { return -127 }
        guard !scaled.isNaN else { return 0 }
        return Int8(rounded(scaled))
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

    /// Tesseract's table tanh: odd, linear between entries, 1 from the last entry on.
    @inline(__always)
    static func tanh(_ x: Float, table: UnsafePointer<Float>) -> Float {
        let magnitude = interpolated(abs(x), table: table)
        return x < 0 ? -magnitude : magnitude
    }

    /// Tesseract's table logistic: `1 - f(-x)` below 0, linear between entries, 1 from the last entry on.
    @inline(__always)
    static func logistic(_ x: Float, table: UnsafePointer<Float>) -> Float {
        let value = interpolated(abs(x), table: table)
        return x < 0 ? 1 - value : value
    }

    /// A table's value at `x >= 0` (256 entries per unit), linear between entries, 1 from the last one on.
    @inline(__always)
    private static func interpolated(_ x: Float, table: UnsafePointer<Float>) -> Float {
        let scaled = x * 256
        // Also catches NaN, which the integer conversion could not take.
        guard scaled < Float(tableSize - 1) else { return 1 }
        let index = Int(scaled)
        let low = table[index], high = table[index + 1]
        return low + (high - low) * (scaled - Float(index))
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
