internal import CLeptonica
internal import CTesseract
internal import CTesseractHandOff
internal import CTesseractLayout
import Foundation
public import LegibleImaging

/// One Tesseract engine: the single owner of a `TessBaseAPI`.
///
/// Starting an engine takes about 0.1 s and 15-20 MB, so create one and reuse it. A recogniser is not
/// thread-safe and not `Sendable`: use it from one thread at a time, or share engines through a
/// ``RecognizerPool``.
public final class Recognizer {
    private let handle: OpaquePointer
    /// The settings the engine was started with.
    public let configuration: RecognizerConfiguration
    /// The tessdata directory the language data was loaded from.
    public let dataPath: String

    /// The Tesseract library version, such as "5.3.0".
    public static var tesseractVersion: String { String(cString: TessVersion()) }

    /// The directory a recogniser would load `languages` from: `configured` when given, else
    /// `TESSDATA_PREFIX`, then Debian's and other usual install paths.
    ///
    /// - Throws: `OCRError.languageDataNotFound` naming every directory searched.
    public static func dataDirectory(for languages: [String], configured: String? = nil) throws(OCRError) -> String {
        try TessdataLocator.locate(languages: languages, configured: configured)
    }

    /// Starts an engine.
    ///
    /// - Throws: `OCRError.languageDataNotFound` naming the directories searched,
    ///   `.initializationFailed` when the data cannot be loaded, `.invalidConfiguration` for an empty or
    ///   malformed language list or a variable Tesseract does not know.
    public init(configuration: RecognizerConfiguration = RecognizerConfiguration()) throws(OCRError) {
        let languages = configuration.languages
        guard !languages.isEmpty,
            languages.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else {
            throw OCRError.invalidConfiguration("languages \(languages) must be codes such as \"eng\"")
        }
        let path = try TessdataLocator.locate(languages: languages, configured: configuration.dataPath)
        if configuration.limitsOpenMPThreads { Recognizer.limitOpenMPThreads() }
        guard let api = TessBaseAPICreate() else {
            throw OCRError.initializationFailed(languages: languages, dataPath: path)
        }

        var startup = configuration.initVariables
        if !configuration.usesDictionaries {
            for name in ["load_system_dawg", "load_freq_dawg", "load_punc_dawg", "load_number_dawg",
                         "load_unambig_dawg", "load_bigram_dawg"] where startup[name] == nil {
                startup[name] = "0"
            }
        }
        let names = startup.keys.sorted()
        let values = names.map { startup[$0]! }
        let status = withCStringArray(names) { namePointers in
            withCStringArray(values) { valuePointers in
                TessBaseAPIInit4(
                    api, path, languages.joined(separator: "+"), OEM_LSTM_ONLY, nil, 0,
                    namePointers, valuePointers, names.count, 0)
            }
        }
        guard status == 0 else {
            TessBaseAPIEnd(api)
            TessBaseAPIDelete(api)
            throw OCRError.initializationFailed(languages: languages, dataPath: path)
        }

        var variables = configuration.variables
        // Tesseract writes warnings such as "Estimating resolution" to stderr; results do not depend on them.
        if variables["debug_file"] == nil { variables["debug_file"] = "/dev/null" }
        if configuration.collectsAlternatives && variables["lstm_choice_mode"] == nil {
            variables["lstm_choice_mode"] = "2"
        }
        if let allowList = configuration.characterAllowList { variables["tessedit_char_whitelist"] = allowList }
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
            guard TessBaseAPISetVariable(api, name, value) != 0 else {
                TessBaseAPIEnd(api)
                TessBaseAPIDelete(api)
                throw OCRError.invalidConfiguration("Tesseract has no variable named \"\(name)\"")
            }
        }
        self.handle = api
        self.configuration = configuration
        self.dataPath = path
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Sets a Tesseract variable for the following recognitions.
    ///
    /// - Throws: `OCRError.invalidConfiguration` when Tesseract does not know the variable.
    public func setVariable(_ name: String, to value: String) throws(OCRError) {
        guard TessBaseAPISetVariable(handle, name, value) != 0 else {
            throw OCRError.invalidConfiguration("Tesseract has no variable named \"\(name)\"")
        }
    }

    /// Makes Tesseract's OpenMP loops run on the calling thread only, unless the environment set
    /// `OMP_THREAD_LIMIT` before Legible looked (then the user's choice stands).
    ///
    /// With several engines on a few cores, OpenMP's extra threads spin against each other: a 12-character
    /// line took 93 ms instead of 15 ms on a 2-core machine. Setting `OMP_THREAD_LIMIT` from inside the
    /// process is too late (the OpenMP runtime reads it when it loads), so this sets OpenMP's
    /// max-active-levels to 0 instead, and also exports `OMP_THREAD_LIMIT=1` for child processes.
    ///
    /// max-active-levels is a per-thread setting in libgomp (GCC 12): set on one thread, it does not reach
    /// the others. So starting a recogniser calls this, and every recognition also turns parallel regions off
    /// on the thread it runs on (a pool's engines run on their own threads; without that, pooled scans ran
    /// 3-4 times slower than scans on the thread that started the engine). Both unless the configuration
    /// says otherwise.
    public static func limitOpenMPThreads() {
        guard !environmentSetsThreadLimit else { return }
        omp_set_max_active_levels(0)
        setenv("OMP_THREAD_LIMIT", "1", 0)
    }

    /// Turns OpenMP parallel regions off on the calling thread only (no environment change: `setenv` is not
    /// safe while other threads read the environment).
    private static func limitOpenMPThreadsOnThisThread() {
        guard !environmentSetsThreadLimit, omp_get_max_active_levels() != 0 else { return }
        omp_set_max_active_levels(0)
    }

    /// Whether `OMP_THREAD_LIMIT` was in the environment when Legible first looked, which is before
    /// ``limitOpenMPThreads()`` sets it.
    private static let environmentSetsThreadLimit = ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] != nil

    /// True when OpenMP parallel regions are off on the calling thread (see ``limitOpenMPThreads()``) or the
    /// environment limits OpenMP's threads.
    public static var isOpenMPLimited: Bool {
        environmentSetsThreadLimit || omp_get_max_active_levels() == 0
    }

    /// True when Legible's hooks on Leptonica's `pixWriteMem` and `pixReadMem` are the ones Tesseract calls in
    /// this process, so ``RecognizerConfiguration/storesLineImagesUncompressed`` takes effect. It is where the
    /// executable (or a library loaded before Leptonica) exports the hooks, as linking Legible into an
    /// executable on Linux does; false on other systems.
    public static var handOffIsHooked: Bool { legible_hand_off_is_hooked() != 0 }

    /// How many line images Tesseract has handed to its LSTM raw or uncompressed on the calling thread so far.
    package static var uncompressedHandOffsOnThisThread: Int { Int(legible_hand_off_uncompressed_writes()) }

    /// `image` written to memory as Tesseract hands a line to its LSTM (inside the hand-off, as a PNG write)
    /// and read back with `pixReadMem`, with the bytes written; nil when reading back fails. For tests.
    package static func handOffRoundTrip(_ image: Image) throws -> (image: Image?, bytes: [UInt8]) {
        var pix: UnsafeMutablePointer<PIX>? = try image.copiedPix()
        defer { pixDestroy(&pix) }
        var data: UnsafeMutablePointer<l_uint8>?
        var size = 0
        legible_hand_off_begin()
        let status = pixWriteMem(&data, &size, pix, l_int32(IFF_PNG))
        legible_hand_off_end()
        guard status == 0, let data else { throw OCRError.imaging("the hand-off write failed") }
        defer { free(data) }
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        return (handOffRead(bytes), bytes)
    }

    /// `bytes` read with `pixReadMem` (the hand-off's reader in front of Leptonica's); nil when they do not
    /// read as an image. For tests.
    package static func handOffRead(_ bytes: [UInt8]) -> Image? {
        bytes.withUnsafeBufferPointer { buffer in
            pixReadMem(buffer.baseAddress, buffer.count).map { Image(owning: $0) }
        }
    }

    /// The largest width or height Tesseract accepts, in pixels.
    public static let maximumDimension = 32_767

    /// Recognises the text in `image`, or in `region` of it.
    ///
    /// Boxes in the result are in pixels of the whole image (top-left origin) even when a region is given.
    ///
    /// - Parameters:
    ///   - image: Any depth; colour images are read as Tesseract reads them (its own thresholding).
    ///   - region: A rectangle of the image; clipped to the image.
    ///   - mode: The page segmentation mode for this call; the configuration's when nil.
    ///   - firstLanguageOnly: For an engine of several languages, keep every word as the language that reads
    ///     it first reads it, without trying the others on the words it is unsure of: about a quarter less
    ///     time a line for the serial model with `eng`. No effect with one language.
    /// - Throws: `OCRError.invalidInput` when the region misses the image or the image exceeds
    ///   ``maximumDimension``; `.recognitionFailed` when Tesseract fails.
    public func recognize(
        _ image: Image, in region: PixelRect? = nil, mode: PageSegmentationMode? = nil, firstLanguageOnly: Bool = false
    ) throws(OCRError) -> RecognitionResult {
        guard let frame = try load(image, in: region) else {
            return RecognitionResult(text: "", lines: [], meanConfidence: 0)
        }
        defer { TessBaseAPIClear(handle) }
        let psm = mode ?? configuration.pageSegmentationMode
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(psm.rawValue)))

        // Tesseract tries an engine's other languages on a word only when it does not accept the reading it
        // has, that is when the word's certainty is under the first language's stopper_nondict_certainty_base:
        // under a base no certainty reaches, every reading is accepted. The base is put back after the call.
        let acceptance = "stopper_nondict_certainty_base"
        var base = 0.0
        let acceptsAll = firstLanguageOnly && configuration.languages.count > 1
            && TessBaseAPIGetDoubleVariable(handle, acceptance, &base) != 0
        if acceptsAll { TessBaseAPISetVariable(handle, acceptance, "-1000") }
        if configuration.storesLineImagesUncompressed { legible_hand_off_begin() }
        let status = TessBaseAPIRecognize(handle, nil)
        if configuration.storesLineImagesUncompressed { legible_hand_off_end() }
        if acceptsAll { TessBaseAPISetVariable(handle, acceptance, "\(base)") }
        guard status == 0 else {
            throw OCRError.recognitionFailed("Tesseract returned an error for a \(frame.width)x\(frame.height) image")
        }
        var text = ""
        if let raw = TessBaseAPIGetUTF8Text(handle) {
            text = String(cString: raw)
            TessDeleteText(raw)
        }
        let mean = Double(max(0, TessBaseAPIMeanTextConf(handle))) / 100
        let lines = collectLines(offsetX: frame.x, offsetY: frame.y)
        return RecognitionResult(text: text, lines: lines, meanConfidence: mean)
    }

    /// The boxes Tesseract's LSTM reads when it recognises `image` as one line (`--psm 7`): its layout's
    /// words, merged as its LSTM engines merge a row's words, each stretched to the row's baseline plus
    /// descenders and baseline plus x-height plus ascenders and padded by 4 pixels (clipped to the image).
    /// Reading each box as a raw line (``LSTMLineReader``) reads what this engine's first language reads in
    /// single-line mode, up to a pixel here and there: the C++ page iterator gives the row's baseline only
    /// rounded to whole pixels at word ends, and Tesseract's later passes over the words are not repeated.
    /// On 649 line crops of a scan of the main serial set (serial model, 2026-11-27), 583 read the same words
    /// both ways. Runs the layout only, no recognition.
    ///
    /// - Returns: Boxes in `image`'s pixels, in reading order; empty for an image too small to lay out (a
    ///   blank line is laid out as one box, which reads as nothing, as in Tesseract).
    /// - Throws: `OCRError.invalidInput` when the image exceeds ``maximumDimension``;
    ///   `.recognitionFailed` when Tesseract's layout fails.
    public func singleLineReadingBoxes(in image: Image) throws(OCRError) -> [PixelRect] {
        guard try load(image, in: nil) != nil else { return [] }
        defer { TessBaseAPIClear(handle) }
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(PageSegmentationMode.singleLine.rawValue)))
        var boxes = [LegibleLineBox](repeating: LegibleLineBox(), count: 8)
        var count = legible_tesseract_line_boxes(UnsafeMutableRawPointer(handle), &boxes, Int32(boxes.count))
        if count > boxes.count {
            boxes = [LegibleLineBox](repeating: LegibleLineBox(), count: Int(count))
            count = legible_tesseract_line_boxes(UnsafeMutableRawPointer(handle), &boxes, Int32(boxes.count))
        }
        guard count >= 0 else {
            throw OCRError.recognitionFailed("Tesseract's layout failed for a \(image.width)x\(image.height) image")
        }
        return boxes.prefix(min(Int(count), boxes.count)).map {
            PixelRect(x: Int($0.left), y: Int($0.top), width: Int($0.right - $0.left), height: Int($0.bottom - $0.top))
        }
    }

    /// Hands Tesseract a private copy of `image` (or of `region`, clipped to it). Returns the frame handed
    /// over, or nil when it is too small to lay out (nothing handed over).
    private func load(_ image: Image, in region: PixelRect?) throws(OCRError) -> PixelRect? {
        let frame: PixelRect
        if let region {
            guard let clipped = region.intersection(image.bounds) else {
                throw OCRError.invalidInput("region \(region) lies outside the \(image.width)x\(image.height) image")
            }
            frame = clipped
        } else {
            frame = image.bounds
        }
        guard frame.width <= Recognizer.maximumDimension, frame.height <= Recognizer.maximumDimension else {
            throw OCRError.invalidInput(
                "\(frame.width)x\(frame.height) pixels exceeds Tesseract's \(Recognizer.maximumDimension) per side")
        }
        // Tesseract cannot lay out fewer than a few pixels; there is nothing to read there.
        if frame.width < 3 || frame.height < 3 { return nil }

        // Tesseract takes a reference to the PIX it is given, so it gets a private copy: the caller's image
        // may be read by other threads at the same time.
        var pix: UnsafeMutablePointer<PIX>?
        do {
            pix = frame == image.bounds ? try image.copiedPix() : try image.cropped(to: frame).copiedPix()
        } catch {
            throw OCRError.imaging(error.description)
        }
        if configuration.limitsOpenMPThreads { Recognizer.limitOpenMPThreadsOnThisThread() }
        TessBaseAPISetImage2(handle, pix)
        pixDestroy(&pix)
        return frame
    }

    /// Walks the result symbol by symbol, opening a new line and word where Tesseract says one begins.
    private func collectLines(offsetX: Int, offsetY: Int) -> [RecognizedLine] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        guard let page = TessResultIteratorGetPageIterator(iterator) else { return [] }

        func box(_ level: TessPageIteratorLevel) -> PixelRect {
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else {
                return PixelRect(x: offsetX, y: offsetY, width: 0, height: 0)
            }
            return PixelRect(
                x: Int(left) + offsetX, y: Int(top) + offsetY, width: Int(right - left), height: Int(bottom - top))
        }
        func text(_ level: TessPageIteratorLevel) -> String {
            guard let raw = TessResultIteratorGetUTF8Text(iterator, level) else { return "" }
            defer { TessDeleteText(raw) }
            return String(cString: raw)
        }
        func confidence(_ level: TessPageIteratorLevel) -> Double {
            min(1, max(0, Double(TessResultIteratorConfidence(iterator, level)) / 100))
        }

        var lines: [RecognizedLine] = []
        var words: [RecognizedWord] = []
        var symbols: [RecognizedSymbol] = []
        var pendingLine: (box: PixelRect, confidence: Double)?
        var pendingWord: (text: String, box: PixelRect, confidence: Double)?

        func closeWord() {
            if let word = pendingWord {
                words.append(RecognizedWord(text: word.text, box: word.box, confidence: word.confidence, symbols: symbols))
            }
            pendingWord = nil
            symbols = []
        }
        func closeLine() {
            closeWord()
            if let line = pendingLine, !words.isEmpty {
                let joined = words.map(\.text).joined(separator: " ")
                lines.append(RecognizedLine(text: joined, box: line.box, confidence: line.confidence, words: words))
            }
            pendingLine = nil
            words = []
        }

        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                closeLine()
                pendingLine = (box(RIL_TEXTLINE), confidence(RIL_TEXTLINE))
            }
            if TessPageIteratorIsAtBeginningOf(page, RIL_WORD) != 0 {
                closeWord()
                pendingWord = (text(RIL_WORD), box(RIL_WORD), confidence(RIL_WORD))
            }
            let symbolText = text(RIL_SYMBOL)
            if !symbolText.isEmpty {
                symbols.append(
                    RecognizedSymbol(
                        text: symbolText, box: box(RIL_SYMBOL), confidence: confidence(RIL_SYMBOL),
                        alternatives: configuration.collectsAlternatives ? alternatives(iterator) : []))
            }
        } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
        closeLine()
        return lines
    }

    /// The LSTM's alternatives for the symbol under the iterator, best first.
    private func alternatives(_ iterator: OpaquePointer) -> [SymbolAlternative] {
        guard let choices = TessResultIteratorGetChoiceIterator(iterator) else { return [] }
        defer { TessChoiceIteratorDelete(choices) }
        var result: [SymbolAlternative] = []
        repeat {
            // The choice iterator owns its text; it must not be freed here.
            if let raw = TessChoiceIteratorGetUTF8Text(choices) {
                let score = min(1, max(0, Double(TessChoiceIteratorConfidence(choices)) / 100))
                result.append(SymbolAlternative(text: String(cString: raw), score: score))
            }
        } while TessChoiceIteratorNext(choices) != 0
        return result.sorted { $0.score > $1.score }
    }
}

/// Calls `body` with a C array of C strings that stays valid for the call.
private func withCStringArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress) }
}
