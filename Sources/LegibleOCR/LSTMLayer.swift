/// One node of a Tesseract LSTM network, as serialised in a `.traineddata` file's LSTM component.
///
/// Every node starts with a common header: a type tag (0, then the type's name as a string), the training
/// state, a backprop flag, network flags, input and output counts, a weight count and a name. The body
/// depends on the type: plumbing (series, parallel, reversals) holds its children, then per-child learning
/// rates when flag 64 is set; a fully connected layer one weight matrix; an LSTM its input width and four
/// gate matrices (cell input, input gate, forget gate, output gate).
indirect enum LSTMLayer: Sendable {
    /// The image: `height` rows (the line is scaled to this), `depth` channels.
    case input(height: Int, depth: Int)
    /// Children applied one after the other.
    case series([LSTMLayer])
    /// Children applied to the same input, outputs concatenated along depth.
    case parallel([LSTMLayer])
    /// Stacks each position's `(2 halfX + 1) x (2 halfY + 1)` neighbourhood along depth (no weights: the
    /// fully connected layer after it holds them).
    case convolve(halfX: Int, halfY: Int)
    /// Maximum over `xScale` x `yScale` blocks.
    case maxpool(xScale: Int, yScale: Int)
    /// Weights applied at every position, then `activation`.
    case fullyConnected(LSTMActivation, LSTMWeights)
    /// A one-dimensional LSTM along x; `summarising` keeps only its last output.
    case lstm(LSTMCellWeights, summarising: Bool)
    /// The child applied with x reversed (`RTLReversed`), y reversed (`TTBReversed`) or x and y swapped.
    case reversed(LSTMReversal, LSTMLayer)

    /// Number of outputs per position, when the network determines it.
    var outputCount: Int? {
        switch self {
        case .input(_, let depth): depth
        case .series(let layers): layers.last?.outputCount
        case .parallel(let layers):
            layers.reduce(Optional(0)) { total, layer in
                guard let total, let count = layer.outputCount else { return nil }
                return total + count
            }
        case .convolve, .maxpool: nil
        case .fullyConnected(_, let weights): weights.rows
        case .lstm(let cell, _): cell.cells
        case .reversed(_, let child): child.outputCount
        }
    }

    /// Type names of Tesseract's `NetworkType`, by index (`kTypeNames`): old files store the index instead.
    private static let typeNames = [
        "Invalid", "Input", "Convolve", "Maxpool", "Parallel", "Replicated", "ParBidiLSTM", "DepParUDLSTM",
        "Par2dLSTM", "Series", "Reconfig", "RTLReversed", "TTBReversed", "XYTranspose", "LSTM", "SummLSTM",
        "Logistic", "LinLogistic", "LinTanh", "Tanh", "Relu", "Linear", "Softmax", "SoftmaxNoCTC", "LSTMSoftmax",
        "LSTMBinarySoftmax", "TensorFlow",
    ]

    /// Reads one node and its children; `depth` bounds the recursion of a damaged file.
    static func read(_ reader: inout TrainedDataReader, depth: Int) throws(OCRError) -> LSTMLayer {
        guard depth < 32 else { throw .modelFormat("the network nests deeper than 32 layers") }
        let tag = Int(try reader.int8("layer type"))
        let type: String
        if tag == 0 {
            type = try reader.string("layer type name")
        } else {
            guard typeNames.indices.contains(tag) else { throw .modelFormat("unknown layer type \(tag)") }
            type = typeNames[tag]
        }
        let training = try reader.int8("training state of a \(type) layer") == 1
        _ = try reader.int8("backprop flag")
        let flags = try reader.int32("network flags")
        let inputs = try reader.count("input count of a \(type) layer", limit: 1 << 16)
        _ = try reader.int32("output count")
        _ = try reader.int32("weight count")
        let name = try reader.string("layer name")
        let described = "\(type) layer \"\(name)\""
        guard !training else { throw .modelFormat("\(described) is a training checkpoint, not a model") }

        switch type {
        case "Input":
            _ = try reader.int32("input batch")
            let height = try reader.count("input height", limit: 4096)
            _ = try reader.int32("input width")
            let depth = try reader.count("input depth", limit: 4)
            _ = try reader.int32("loss type")
            return .input(height: height, depth: depth)
        case "Convolve":
            let halfX = try reader.count("convolution half width", limit: 16)
            let halfY = try reader.count("convolution half height", limit: 16)
            return .convolve(halfX: halfX, halfY: halfY)
        case "Maxpool":
            let xScale = try reader.count("maxpool width", limit: 64)
            let yScale = try reader.count("maxpool height", limit: 64)
            guard xScale > 0, yScale > 0 else { throw .modelFormat("\(described) pools an empty block") }
            return .maxpool(xScale: xScale, yScale: yScale)
        case "Series", "Parallel", "RTLReversed", "TTBReversed", "XYTranspose":
            let count = Int(try reader.uint32("child count of \(described)"))
            guard count >= 1, count <= 64 else { throw .modelFormat("\(described) has \(count) children") }
            var children: [LSTMLayer] = []
            for _ in 0..<count { children.append(try read(&reader, depth: depth + 1)) }
            if flags & 64 != 0 {
                let rates = Int(try reader.uint32("learning rate count"))
                _ = try reader.take(rates * 4, "learning rates of \(described)")
            }
            switch type {
            case "Series": return .series(children)
            case "Parallel": return .parallel(children)
            default:
                guard count == 1 else { throw .modelFormat("\(described) has \(count) children, not one") }
                let reversal: LSTMReversal =
                    type == "RTLReversed" ? .horizontal : type == "TTBReversed" ? .vertical : .transpose
                return .reversed(reversal, children[0])
            }
        case "LSTM", "SummLSTM":
            let sourceWidth = try reader.count("LSTM source width", limit: 1 << 16)
            var gates: [LSTMWeights.Rows] = []
            for gate in ["cell input", "input gate", "forget gate", "output gate"] {
                gates.append(try LSTMWeights.Rows.read(&reader, "\(gate) of \(described)"))
            }
            let cells = gates[0].count
            guard sourceWidth == inputs + cells else {
                throw .modelFormat("\(described) is a two-dimensional or softmax LSTM, which is not supported")
            }
            for gate in gates where gate.count != cells || gate.inputs != sourceWidth {
                throw .modelFormat(
                    "\(described) has gates of \(gate.count) x \(gate.inputs), not \(cells) x \(sourceWidth)")
            }
            // The four gates' rows one after the other, so a step's sums are one pass over 4 x cells rows.
            let stacked = LSTMWeights.Rows(
                count: 4 * cells, inputs: sourceWidth, bytes: gates.flatMap(\.bytes),
                multipliers: gates.flatMap(\.multipliers))
            let cell = LSTMCellWeights(inputs: inputs, cells: cells, gates: LSTMWeights(stacked))
            return .lstm(cell, summarising: type == "SummLSTM")
        case "Logistic", "Tanh", "Relu", "Linear", "LinTanh", "LinLogistic", "Softmax", "SoftmaxNoCTC":
            let weights = LSTMWeights(try LSTMWeights.Rows.read(&reader, "weights of \(described)"))
            let activation: LSTMActivation =
                switch type {
                case "Logistic": .logistic
                case "Tanh": .tanh
                case "Relu": .relu
                case "Linear": .linear
                case "LinTanh": .clipSymmetric
                case "LinLogistic": .clipPositive
                default: .softmax
                }
            return .fullyConnected(activation, weights)
        default:
            throw .modelFormat("\(described) is of a type this reader does not support")
        }
    }
}

/// How a fully connected layer maps its weighted sums.
enum LSTMActivation: Sendable {
    case tanh, logistic, relu, linear
    /// Clipped to -1...1 (`LinTanh`).
    case clipSymmetric
    /// Clipped to 0...1 (`LinLogistic`).
    case clipPositive
    /// Probabilities over the outputs: the network's last layer.
    case softmax
}

/// Which axes a reversal layer turns around.
enum LSTMReversal: Sendable {
    /// Right to left (`RTLReversed`).
    case horizontal
    /// Bottom to top (`TTBReversed`).
    case vertical
    /// x and y swapped (`XYTranspose`).
    case transpose
}

/// The four gate matrices of an LSTM layer, each `cells` rows over `inputs + cells` sources and a bias.
struct LSTMCellWeights: Sendable {
    /// Inputs per step (the layer below's outputs); the step's source is these, then the previous output.
    let inputs: Int
    /// Number of cells (outputs per step).
    let cells: Int
    /// The four gates' rows one after the other (cell input, input, forget, output gate), so a step's
    /// sums are one pass over `4 x cells` rows.
    let gates: LSTMWeights
}

/// An integer weight matrix (Tesseract's `WeightMatrix` in int mode): `rows` x `(inputs + 1)` signed bytes, the
/// last column the bias, and a multiplier per row, held as the kernels read them (``PackedLSTMWeights``).
/// A row's output is `Float(sum of weight x input + 127 x bias) x multiplier`.
struct LSTMWeights: Sendable {
    let rows: Int
    /// Inputs per row, without the bias.
    let inputs: Int
    /// The weights and multipliers as `legible_lstm_matvec` reads them.
    let packed: PackedLSTMWeights

    /// The matrix of `rows`, packed for the kernels.
    init(_ rows: Rows) {
        self.rows = rows.count
        inputs = rows.inputs
        packed = PackedLSTMWeights(
            rows: rows.count, inputs: rows.inputs, rowMajor: rows.bytes, multipliers: rows.multipliers)
    }

    /// The length of the input vector ``LSTMForward`` hands the kernel: the inputs, 127 for the bias, padding.
    var paddedInputs: Int { packed.pairs * 2 }

    /// A matrix as the file stores it, row by row: only while a model is read (the LSTM's four gates are
    /// stacked into one matrix before packing).
    ///
    /// Stored as a mode byte (1: integer, 128: the current format), a 2-D array (rows, columns, one unused
    /// element, then the bytes row by row) and a vector of 64-bit scales (at least one per row: files
    /// converted with a SIMD engine pad it).
    struct Rows {
        let count: Int
        /// Inputs per row, without the bias.
        let inputs: Int
        /// Row-major, `inputs + 1` per row.
        let bytes: [Int8]
        /// Per row: the stored scale divided by 127 (in double precision, then rounded to single, as Tesseract).
        let multipliers: [Float]

        static func read(_ reader: inout TrainedDataReader, _ what: String) throws(OCRError) -> Rows {
            let mode = try reader.uint8("mode of \(what)")
            guard mode & 128 != 0 else { throw .modelFormat("\(what) is in the pre-4.0 format") }
            guard mode & 1 != 0 else {
                throw .modelFormat("\(what) holds float weights; only integer models are read")
            }
            let rows = try reader.count("rows of \(what)", limit: 1 << 14)
            let columns = try reader.count("columns of \(what)", limit: 1 << 16)
            guard rows > 0, columns > 1 else { throw .modelFormat("\(what) is \(rows) x \(columns)") }
            _ = try reader.int8("unused element of \(what)")
            let weights = try reader.take(rows * columns, "weights of \(what)").map { Int8(bitPattern: $0) }
            let scaleCount = Int(try reader.uint32("scale count of \(what)"))
            guard scaleCount >= rows, scaleCount <= rows + 64 else {
                throw .modelFormat("\(what) has \(scaleCount) scales for \(rows) rows")
            }
            var multipliers: [Float] = []
            for index in 0..<scaleCount {
                let scale = try reader.float64("scale \(index) of \(what)")
                guard index < rows else { continue }
                let multiplier = Float(scale / 127)
                // A damaged scale would carry NaN or infinity through every later layer.
                guard multiplier.isFinite else { throw .modelFormat("scale \(index) of \(what) is \(scale)") }
                multipliers.append(multiplier)
            }
            return Rows(count: rows, inputs: columns - 1, bytes: weights, multipliers: multipliers)
        }
    }
}

/// A weight matrix laid out for `legible_lstm_matvec`: blocks of 8 rows, each holding, for every pair of
/// columns (the bias column included, an odd count padded with 0), the pair's two weights of each row as
/// 16-bit values; and the row multipliers. Written once, then only read, so it may be shared between threads.
final class PackedLSTMWeights: @unchecked Sendable {
    let rows: Int
    let blocks: Int
    let pairs: Int
    let weights: UnsafeMutablePointer<Int16>
    let multipliers: UnsafeMutablePointer<Float>

    init(rows: Int, inputs: Int, rowMajor: [Int8], multipliers rowMultipliers: [Float]) {
        precondition(rowMajor.count == rows * (inputs + 1) && rowMultipliers.count == rows)
        let columns = inputs + 1
        self.rows = rows
        blocks = (rows + 7) / 8
        pairs = (columns + 1) / 2
        let count = blocks * pairs * 16
        weights = .allocate(capacity: count)
        weights.initialize(repeating: 0, count: count)
        for row in 0..<rows {
            let (block, lane) = row.quotientAndRemainder(dividingBy: 8)
            for column in 0..<columns {
                let (pair, half) = column.quotientAndRemainder(dividingBy: 2)
                weights[(block * pairs + pair) * 16 + lane * 2 + half] = Int16(rowMajor[row * columns + column])
            }
        }
        multipliers = .allocate(capacity: rows)
        multipliers.initialize(from: rowMultipliers, count: rows)
    }

    deinit {
        weights.deallocate()
        multipliers.deallocate()
    }
}
