import Foundation

/// A Tesseract 5 LSTM line model read from its `.traineddata` file: the network, the characters its outputs
/// stand for, and what its decoder needs. Only integer (`fast`) models with one code per character are
/// supported, which covers Legible's serial model and Debian's `eng`.
///
/// The file layout (Tesseract's `TessdataManager` table of components, then the serialised `LSTMRecognizer`
/// and its network tree) is documented where each part is read.
struct LSTMModel: Sendable {
    /// The network, from its input layer to the softmax output.
    let network: LSTMLayer
    /// Height in pixels that lines are scaled to before the network reads them.
    let inputHeight: Int
    /// The model's characters by unichar id (id 0 is the space, `" "`).
    let unichars: [String]
    /// The character classes of each unichar id, as the character set lists them (see
    /// ``UnicharProperties``).
    let unicharProperties: [UnicharProperties]
    /// The unichar id each output class decodes to (Tesseract's recoder read backwards), -1 for a class no
    /// character has. The blank's entry is the id the recoder gives the blank (Tesseract's `Joined`).
    let classUnicharIDs: [Int]
    /// The output class of the CTC blank (Tesseract's `null_char`).
    let nullClass: Int
    /// Tesseract's `sample_iteration`: seeds the random fill of the convolution's out-of-image taps.
    let sampleIteration: Int32

    /// Number of output classes.
    var classCount: Int { classUnicharIDs.count }

    /// Reads the model at `path`.
    ///
    /// - Throws: `OCRError.modelFormat` when the file cannot be read, is not a Tesseract 5 LSTM model, or
    ///   holds a network or character encoding this reader does not support (float weights, 2-D LSTMs,
    ///   characters made of several codes).
    init(contentsOf path: String) throws(OCRError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .modelFormat("cannot read \(path): \(error.localizedDescription)")
        }
        do {
            try self.init(bytes: [UInt8](data))
        } catch {
            guard case .modelFormat(let reason) = error else { throw error }
            throw .modelFormat("\(path): \(reason)")
        }
    }

    /// Reads a model from the bytes of a `.traineddata` file.
    init(bytes: [UInt8]) throws(OCRError) {
        let components = try Self.components(of: bytes)
        guard let lstm = components[Component.lstm] else { throw .modelFormat("the file holds no LSTM network") }
        guard let unicharset = components[Component.lstmUnicharset], let recoder = components[Component.lstmRecoder]
        else { throw .modelFormat("the file holds no LSTM character set or recoder") }

        var reader = TrainedDataReader(lstm)
        network = try LSTMLayer.read(&reader, depth: 0)
        _ = try reader.string("network description")
        let flags = try reader.int32("training flags")
        _ = try reader.int32("training iteration")
        sampleIteration = try reader.int32("sample iteration")
        let null = try reader.int32("null class")
        guard flags & Self.integerFlag != 0 else {
            throw .modelFormat("float (training) models are not supported; convert it with --convert_to_int")
        }
        guard case .series(let layers) = network, case .input(let height, let depth)? = layers.first,
            depth == 1, height > 0
        else { throw .modelFormat("the network does not start with a one-channel input layer") }
        inputHeight = height
        guard let outputs = network.outputCount, outputs > 0 else {
            throw .modelFormat("the network's output size cannot be determined")
        }
        guard (0..<outputs).contains(Int(null)) else {
            throw .modelFormat("null class \(null) is outside the \(outputs) outputs")
        }
        nullClass = Int(null)

        let characters = try Self.characterSet(unicharset)
        let names = characters.map(\.name)
        var classes = [Int](repeating: -1, count: outputs)
        if flags & Self.recoderFlag != 0 {
            var codes = TrainedDataReader(recoder)
            let count = Int(try codes.uint32("recoder size"))
            guard count == names.count else {
                throw .modelFormat("recoder has \(count) entries for \(names.count) characters")
            }
            for id in 0..<count {
                let selfNormalised = try codes.int8("recoder entry \(id)") != 0
                let length = try codes.count("code length of entry \(id)", limit: 9)
                guard length == 1 else {
                    throw .modelFormat("character \(id) is \(length) codes; only one-code characters are supported")
                }
                let code = Int(try codes.int32("code of entry \(id)"))
                guard (0..<outputs).contains(code) else {
                    throw .modelFormat("character \(id) has code \(code), outside the \(outputs) outputs")
                }
                // Where several characters share a code, the first decodes from it unless a later one is
                // self-normalised (Tesseract's decoder table).
                if classes[code] < 0 || selfNormalised { classes[code] = id }
            }
        } else {
            for id in 0..<min(outputs, names.count) { classes[id] = id }
        }
        unichars = names
        unicharProperties = characters.map(\.properties)
        classUnicharIDs = classes
    }

    /// The word graphs a `.traineddata` file holds for its LSTM (Tesseract's `lstm-punc-dawg`,
    /// `lstm-word-dawg` and `lstm-number-dawg`), by kind; none for a model without dictionaries.
    ///
    /// - Throws: `OCRError.modelFormat` when the file cannot be read or a graph is damaged.
    static func wordGraphs(inFileAt path: String) throws(OCRError) -> [WordGraph.Kind: WordGraph] {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .modelFormat("cannot read \(path): \(error.localizedDescription)")
        }
        let components = try components(of: bytes)
        var graphs: [WordGraph.Kind: WordGraph] = [:]
        for (kind, index) in [
            (WordGraph.Kind.punctuation, Component.lstmPunctuationGraph), (.words, Component.lstmWordGraph),
            (.numbers, Component.lstmNumberGraph),
        ] {
            guard let component = components[index] else { continue }
            do {
                graphs[kind] = try WordGraph(bytes: component)
            } catch {
                guard case .modelFormat(let reason) = error else { throw error }
                throw .modelFormat("\(path): the \(kind) graph: \(reason)")
            }
        }
        return graphs
    }

    /// Bit of the training flags marking 8-bit integer weights (`TF_INT_MODE`).
    private static let integerFlag: Int32 = 1
    /// Bit of the training flags marking a recoder between outputs and characters (`TF_COMPRESS_UNICHARSET`).
    private static let recoderFlag: Int32 = 64

    /// Indices of the components used, in Tesseract's `TessdataType` table.
    enum Component {
        static let lstm = 17
        static let lstmPunctuationGraph = 18
        static let lstmWordGraph = 19
        static let lstmNumberGraph = 20
        static let lstmUnicharset = 21
        static let lstmRecoder = 22
    }

    /// The components of a `.traineddata` file by index: a 32-bit count, that many 64-bit offsets (-1 for
    /// an absent component), then the components in index order, each running to the next present one.
    static func components(of bytes: [UInt8]) throws(OCRError) -> [Int: [UInt8]] {
        var reader = TrainedDataReader(bytes)
        let count = try reader.count("component count", limit: 1000)
        var offsets: [Int64] = []
        for index in 0..<count { offsets.append(try reader.int64("offset of component \(index)")) }
        var result: [Int: [UInt8]] = [:]
        for (index, offset) in offsets.enumerated() where offset >= 0 {
            let next: Int64? = offsets[(index + 1)...].first(where: { $0 >= 0 })
            let end: Int64 = next ?? Int64(bytes.count)
            guard offset >= Int64(reader.position), offset <= end, end <= Int64(bytes.count) else {
                throw .modelFormat("component \(index) spans \(offset)..<\(end) of a \(bytes.count)-byte file")
            }
            result[index] = Array(bytes[Int(offset)..<Int(end)])
        }
        return result
    }

    /// The characters of an LSTM unicharset and their classes: a count line, then one line per character
    /// whose first field is the character (`NULL` standing for the space) and whose second is its class mask
    /// in hexadecimal (no classes where the line has no second field, as for the space's `NULL 0 Common 0`).
    static func characterSet(_ bytes: [UInt8]) throws(OCRError) -> [(name: String, properties: UnicharProperties)] {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, let count = Int(first.trimmingCharacters(in: .whitespaces)),
            count >= 0, lines.count > count
        else { throw .modelFormat("the character set's header is not a count of its lines") }
        return lines[1...count].map { line in
            let fields = line.split(separator: " ", maxSplits: 2)
            let name = fields.first.map(String.init) ?? ""
            let mask = fields.count > 1 ? UInt8(fields[1], radix: 16) : nil
            return (name == "NULL" ? " " : name, mask.map(UnicharProperties.init(rawValue:)) ?? UnicharProperties())
        }
    }
}
