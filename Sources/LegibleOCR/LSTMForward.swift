internal import CLSTMKernels
import Foundation

/// Signed-byte activations of one layer: `height` x `width` positions of `depth` values, row-major (x fastest,
/// then y), each value standing for `value / 127`.
struct LSTMActivations {
    var height: Int
    var width: Int
    var depth: Int
    var values: [Int8]

    init(height: Int, width: Int, depth: Int, values: [Int8]) {
        precondition(values.count == height * width * depth)
        self.height = height
        self.width = width
        self.depth = depth
        self.values = values
    }

    init(height: Int, width: Int, depth: Int) {
        let count = height * width * depth
        self.init(height: height, width: width, depth: depth, values: [Int8](repeating: 0, count: count))
    }
}

/// Runs an integer LSTM network over one line's input, computing what Tesseract 5.3 computes (the same
/// activations bit for bit, so the same outputs): the softmax probabilities of every output timestep.
///
/// Holds the per-line random generator (the convolution fills its out-of-image taps from it, in Tesseract's
/// order), so one runner serves one line.
struct LSTMForward {
    private var random: TesseractRandom
    private let model: LSTMModel

    init(model: LSTMModel) {
        self.model = model
        random = TesseractRandom(sampleIteration: model.sampleIteration)
    }

    /// The output probabilities, `timesteps` x ``LSTMModel/classCount`` row-major, for the input activations
    /// of a line (``LSTMModel/inputHeight`` rows).
    ///
    /// - Throws: `OCRError.modelFormat` when the network's shape does not fit (a layer's weights sized for
    ///   other inputs, a softmax other than last, an output more than one row high).
    mutating func probabilities(for input: LSTMActivations) throws(OCRError) -> (timesteps: Int, values: [Float]) {
        guard case .series(let layers) = model.network, let last = layers.last,
            case .fullyConnected(.softmax, let output) = last
        else { throw .modelFormat("the network does not end in a softmax layer") }
        var current = input
        for layer in layers.dropLast() { current = try run(layer, current) }
        guard current.height == 1 else {
            throw .modelFormat("the network's last hidden layer is \(current.height) rows high, not one")
        }
        guard output.inputs == current.depth else {
            throw .modelFormat(
                "the softmax reads \(output.inputs) values per step, the layer below gives \(current.depth)")
        }
        let classes = output.rows, steps = current.width
        var result = [Float](repeating: 0, count: steps * classes)
        let source = KernelInput(for: output)
        current.values.withUnsafeBufferPointer { values in
            result.withUnsafeMutableBufferPointer { out in
                for t in 0..<steps {
                    let row = out.baseAddress! + t * classes
                    source.load(values.baseAddress! + t * current.depth, count: current.depth)
                    source.multiply(output.packed, into: row)
                    Self.softmax(row, classes)
                }
            }
        }
        return (steps, result)
    }

    /// Whether the integer kernels may use AVX2 where the processor has it (they do unless told otherwise).
    /// The SSE2 code gives the same results; tests turn AVX2 off to check that.
    static func allowAVX2(_ allowed: Bool) { legible_lstm_allow_avx2(allowed ? 1 : 0) }

    /// Tesseract's softmax in place: `exp(clip(v - max, -86, 0))`, summed in order, each divided by the sum.
    private static func softmax(_ row: UnsafeMutablePointer<Float>, _ count: Int) {
        var largest = row[0]
        for k in 1..<count where row[k] > largest { largest = row[k] }
        var total: Float = 0
        for k in 0..<count {
            let probability = Foundation.exp(min(0, max(-86, row[k] - largest)))
            row[k] = probability
            total += probability
        }
        if total > 0 { for k in 0..<count { row[k] /= total } }
    }

    private mutating func run(_ layer: LSTMLayer, _ input: LSTMActivations) throws(OCRError) -> LSTMActivations {
        switch layer {
        case .input(let height, let depth):
            guard input.height == height, input.depth == depth else {
                throw .modelFormat(
                    "the input is \(input.height) x \(input.depth), the network wants \(height) x \(depth)")
            }
            return input
        case .series(let layers):
            var current = input
            for child in layers { current = try run(child, current) }
            return current
        case .parallel(let layers):
            var outputs: [LSTMActivations] = []
            for child in layers { outputs.append(try run(child, input)) }
            return try Self.concatenated(outputs)
        case .convolve(let halfX, let halfY):
            return convolve(input, halfX: halfX, halfY: halfY)
        case .maxpool(let xScale, let yScale):
            return Self.maxpool(input, xScale: xScale, yScale: yScale)
        case .fullyConnected(let activation, let weights):
            guard activation != .softmax else { throw .modelFormat("a softmax layer inside the network") }
            guard weights.inputs == input.depth else {
                throw .modelFormat(
                    "a layer reads \(weights.inputs) values per position, the layer below gives \(input.depth)")
            }
            return Self.fullyConnected(input, weights, activation)
        case .lstm(let cell, let summarising):
            guard cell.inputs == input.depth else {
                throw .modelFormat(
                    "an LSTM reads \(cell.inputs) values per step, the layer below gives \(input.depth)")
            }
            return Self.lstm(input, cell, summarising: summarising)
        case .reversed(let reversal, let child):
            return Self.reversed(try run(child, Self.reversed(input, reversal)), reversal)
        }
    }

    /// Each position's neighbourhood stacked along depth: for x offsets -halfX...halfX (outer), y offsets
    /// (inner), the input's values; a tap outside the image takes random bytes, drawn position by position
    /// (y, then x) as Tesseract draws them: a whole column of taps at once when its x is outside, else a
    /// tap's values when its y is.
    private mutating func convolve(_ input: LSTMActivations, halfX: Int, halfY: Int) -> LSTMActivations {
        let (h, w, ni) = (input.height, input.width, input.depth)
        let xs = 2 * halfX + 1, ys = 2 * halfY + 1
        var output = LSTMActivations(height: h, width: w, depth: ni * xs * ys)
        let depth = output.depth
        input.values.withUnsafeBufferPointer { source in
            output.values.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    for x in 0..<w {
                        let position = out.baseAddress! + (y * w + x) * depth
                        if x >= halfX, x + halfX < w, y >= halfY, y + halfY < h {
                            // Every tap inside: no random draws, plain copies (single values one by one: a
                            // one-byte copy call per tap cost more than the copy).
                            if ni == 1 {
                                let corner = source.baseAddress! + (y - halfY) * w + x - halfX
                                for ix in 0..<xs {
                                    for iy in 0..<ys { position[ix * ys + iy] = corner[iy * w + ix] }
                                }
                                continue
                            }
                            for ix in 0..<xs {
                                for iy in 0..<ys {
                                    let from = source.baseAddress! + ((y + iy - halfY) * w + x + ix - halfX) * ni
                                    (position + (ix * ys + iy) * ni).update(from: from, count: ni)
                                }
                            }
                            continue
                        }
                        for ix in 0..<xs {
                            let sx = x + ix - halfX
                            let column = position + ix * ys * ni
                            if sx < 0 || sx >= w {
                                for k in 0..<ys * ni { column[k] = random.signedByte() }
                                continue
                            }
                            for iy in 0..<ys {
                                let sy = y + iy - halfY
                                let tap = column + iy * ni
                                if sy < 0 || sy >= h {
                                    for k in 0..<ni { tap[k] = random.signedByte() }
                                } else {
                                    let from = source.baseAddress! + (sy * w + sx) * ni
                                    for k in 0..<ni { tap[k] = from[k] }
                                }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// The largest value of each `xScale` x `yScale` block; rows and columns left over are dropped.
    private static func maxpool(_ input: LSTMActivations, xScale: Int, yScale: Int) -> LSTMActivations {
        let (h, w, d) = (input.height / yScale, input.width / xScale, input.depth)
        var output = LSTMActivations(height: h, width: w, depth: d)
        input.values.withUnsafeBufferPointer { source in
            output.values.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    for x in 0..<w {
                        let target = out.baseAddress! + (y * w + x) * d
                        for k in 0..<d { target[k] = -128 }
                        for by in 0..<yScale {
                            for bx in 0..<xScale {
                                let from = source.baseAddress! + ((y * yScale + by) * input.width + x * xScale + bx) * d
                                for k in 0..<d { target[k] = max(target[k], from[k]) }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// The weights applied at every position, then the activation, re-quantised.
    private static func fullyConnected(_ input: LSTMActivations, _ weights: LSTMWeights, _ activation: LSTMActivation)
        -> LSTMActivations
    {
        let rows = weights.rows
        var output = LSTMActivations(height: input.height, width: input.width, depth: rows)
        let source = KernelInput(for: weights)
        let sums = UnsafeMutablePointer<Float>.allocate(capacity: rows)
        defer { sums.deallocate() }
        let kind: legible_lstm_activation =
            switch activation {
            case .tanh: LEGIBLE_LSTM_TANH
            case .logistic: LEGIBLE_LSTM_LOGISTIC
            case .relu: LEGIBLE_LSTM_RELU
            case .linear, .softmax: LEGIBLE_LSTM_LINEAR
            case .clipSymmetric: LEGIBLE_LSTM_CLIP_SYMMETRIC
            case .clipPositive: LEGIBLE_LSTM_CLIP_POSITIVE
            }
        input.values.withUnsafeBufferPointer { values in
            output.values.withUnsafeMutableBufferPointer { out in
                for p in 0..<(input.height * input.width) {
                    source.load(values.baseAddress! + p * input.depth, count: input.depth)
                    source.multiply(weights.packed, into: sums)
                    legible_lstm_activate_bytes(
                        sums, Int32(rows), kind, out.baseAddress! + p * rows, LSTMArithmetic.tanhTable,
                        LSTMArithmetic.logisticTable)
                }
            }
        }
        return output
    }

    /// A one-dimensional LSTM run along x over each row (each row its own sequence, state starting at zero).
    /// A step's source is its input and the previous step's quantised output; the gates are
    /// `ci = tanh`, `gi, gf, go = logistic` of their rows over the source, the state `c = clip(c gf + ci gi,
    /// -100, 100)` and the output `tanh(c) go`. A summarising LSTM keeps only each row's last output.
    private static func lstm(_ input: LSTMActivations, _ cell: LSTMCellWeights, summarising: Bool) -> LSTMActivations {
        let (h, w, ni, ns) = (input.height, input.width, input.depth, cell.cells)
        var output = LSTMActivations(height: h, width: summarising ? min(1, w) : w, depth: ns)
        guard w > 0 else { return output }
        let source = KernelInput(for: cell.gates)
        let gates = UnsafeMutablePointer<Float>.allocate(capacity: 4 * ns)
        let state = UnsafeMutablePointer<Float>.allocate(capacity: ns)
        defer {
            gates.deallocate()
            state.deallocate()
        }
        let tanhTable = LSTMArithmetic.tanhTable, logisticTable = LSTMArithmetic.logisticTable
        input.values.withUnsafeBufferPointer { values in
            output.values.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    state.initialize(repeating: 0, count: ns)
                    source.clear(from: ni, count: ns)
                    for x in 0..<w {
                        source.load(values.baseAddress! + (y * w + x) * ni, count: ni)
                        source.multiply(cell.gates.packed, into: gates)
                        let keep = !summarising || x == w - 1
                        let target = out.baseAddress! + (y * output.width + (summarising ? 0 : x)) * ns
                        legible_lstm_cell(
                            gates, Int32(ns), state, source.values + ni, keep ? target : nil, tanhTable,
                            logisticTable)
                    }
                }
            }
        }
        return output
    }

    /// The activations turned as a reversal layer turns its child's input (and, applied again, its output).
    private static func reversed(_ input: LSTMActivations, _ reversal: LSTMReversal) -> LSTMActivations {
        let (h, w, d) = (input.height, input.width, input.depth)
        var output =
            reversal == .transpose
            ? LSTMActivations(height: w, width: h, depth: d) : LSTMActivations(height: h, width: w, depth: d)
        input.values.withUnsafeBufferPointer { source in
            output.values.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    for x in 0..<w {
                        let to: Int =
                            switch reversal {
                            case .horizontal: y * w + (w - 1 - x)
                            case .vertical: (h - 1 - y) * w + x
                            case .transpose: x * h + y
                            }
                        let from = source.baseAddress! + (y * w + x) * d
                        let target = out.baseAddress! + to * d
                        for k in 0..<d { target[k] = from[k] }
                    }
                }
            }
        }
        return output
    }

    /// Children's outputs side by side along depth; they must agree in height and width.
    private static func concatenated(_ parts: [LSTMActivations]) throws(OCRError) -> LSTMActivations {
        guard let first = parts.first else { throw .modelFormat("a parallel layer without children") }
        for part in parts where part.height != first.height || part.width != first.width {
            throw .modelFormat(
                "a parallel layer's children give \(part.height) x \(part.width) and \(first.height) x \(first.width)")
        }
        let depth = parts.reduce(0) { $0 + $1.depth }
        var output = LSTMActivations(height: first.height, width: first.width, depth: depth)
        var offset = 0
        for part in parts {
            for p in 0..<first.height * first.width {
                for k in 0..<part.depth { output.values[p * depth + offset + k] = part.values[p * part.depth + k] }
            }
            offset += part.depth
        }
        return output
    }
}

/// The input vector `legible_lstm_matvec` reads for one matrix: the values as 16-bit integers, then 127 at the
/// bias column, then zero padding to a whole pair.
struct KernelInput: ~Copyable {
    /// The vector; an LSTM step's recurrent half is written in place by `legible_lstm_cell`.
    let values: UnsafeMutablePointer<Int16>

    init(for matrix: LSTMWeights) {
        let count = matrix.paddedInputs
        values = .allocate(capacity: count)
        values.initialize(repeating: 0, count: count)
        values[matrix.inputs] = 127
    }

    deinit { values.deallocate() }

    /// Copies `count` signed bytes to the start of the vector.
    @inline(__always)
    func load(_ bytes: UnsafePointer<Int8>, count: Int) {
        for k in 0..<count { values[k] = Int16(bytes[k]) }
    }

    /// Zeroes `count` values from `start`.
    func clear(from start: Int, count: Int) { (values + start).update(repeating: 0, count: count) }

    /// Every row of `matrix` times this vector, scaled by the row multipliers, into `output`.
    @inline(__always)
    func multiply(_ matrix: PackedLSTMWeights, into output: UnsafeMutablePointer<Float>) {
        legible_lstm_matvec(
            matrix.weights, matrix.multipliers, Int32(matrix.rows), Int32(matrix.blocks), Int32(matrix.pairs), values,
            output)
    }
}
