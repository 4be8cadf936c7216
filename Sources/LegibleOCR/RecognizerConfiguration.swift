/// How Tesseract splits a page into text before recognising it (its page segmentation modes).
public enum PageSegmentationMode: Int, Sendable, Codable, CaseIterable {
    /// Full automatic layout analysis (Tesseract's default, `--psm 3`).
    case automatic = 3
    /// One column of text of varying sizes (`--psm 4`).
    case singleColumn = 4
    /// One uniform block of text (`--psm 6`).
    case singleBlock = 6
    /// Exactly one line of text (`--psm 7`): the mode for cropped serial lines.
    case singleLine = 7
    /// One word (`--psm 8`).
    case singleWord = 8
    /// As much text as possible in no particular order (`--psm 11`): labels, stickers, screens.
    case sparseText = 11
    /// One line, bypassing Tesseract's own line finding (`--psm 13`).
    case rawLine = 13
}

/// Settings for one Tesseract engine. Values that Tesseract reads only at start-up (languages, data path,
/// dictionaries, `initVariables`) are fixed for the recogniser's life.
public struct RecognizerConfiguration: Sendable, Hashable {
    /// Language codes, as in `eng` or `deu`; combined as `eng+deu`. Default `["eng"]`.
    public var languages: [String]
    /// The tessdata directory. When nil: `TESSDATA_PREFIX`, then Debian's and other usual install paths.
    public var dataPath: String?
    /// The default page segmentation mode; each call may override it. Default ``PageSegmentationMode/singleBlock``.
    public var pageSegmentationMode: PageSegmentationMode
    /// Characters recognition may produce (`tessedit_char_whitelist`); nil for all. On Tesseract 5's LSTM an
    /// allow-list can drop characters and zero the confidences: prefer filtering after recognition.
    public var characterAllowList: String?
    /// Whether the word lists (dictionaries) guide recognition. Off suits serials and codes. Default true.
    ///
    /// Off sets `load_*_dawg=0`, which keeps out the word lists Tesseract's `Dict` loads. A model's LSTM word
    /// lists (the `lstm-*-dawg` components of Debian's `eng`) are loaded all the same: Tesseract 5.3's
    /// `LSTMRecognizer::LoadDictionary` hands its dictionary only the user-word settings. To keep those out
    /// too, add `lstm_use_matrix=0` to ``initVariables`` (serial scans, 2026-11-27: the same answers on the
    /// main set, two unseen stickers of the independent set lost).
    public var usesDictionaries: Bool
    /// Whether to collect per-symbol alternatives with their scores (`lstm_choice_mode=2`). Default true.
    public var collectsAlternatives: Bool
    /// Any other Tesseract variables, set after start-up (name to value).
    public var variables: [String: String]
    /// Tesseract variables that only take effect at start-up (name to value).
    public var initVariables: [String: String]
    /// Whether the engine turns off OpenMP threading when it starts and on each thread it recognises on (see
    /// ``Recognizer/limitOpenMPThreads()``). Default true: on servers the extra threads make recognition
    /// several times slower, even for one engine.
    public var limitsOpenMPThreads: Bool
    /// Whether the PNG that Tesseract 5 makes of each line for its LSTM (in memory, decoded again at once) is
    /// replaced by the line's raw pixels (or, for images other than 1 and 8 bits a pixel, a PNG without zlib
    /// compression). Default true: the encoding was about a tenth of a serial scan's time and the pixels are
    /// the same either way (see ``Recognizer/handOffIsHooked``). It has no effect where the hook is not in
    /// place.
    public var storesLineImagesUncompressed: Bool

    /// Creates a configuration; the defaults read English with dictionaries and alternatives.
    public init(
        languages: [String] = ["eng"],
        dataPath: String? = nil,
        pageSegmentationMode: PageSegmentationMode = .singleBlock,
        characterAllowList: String? = nil,
        usesDictionaries: Bool = true,
        collectsAlternatives: Bool = true,
        variables: [String: String] = [:],
        initVariables: [String: String] = [:],
        limitsOpenMPThreads: Bool = true,
        storesLineImagesUncompressed: Bool = true
    ) {
        self.languages = languages
        self.dataPath = dataPath
        self.pageSegmentationMode = pageSegmentationMode
        self.characterAllowList = characterAllowList
        self.usesDictionaries = usesDictionaries
        self.collectsAlternatives = collectsAlternatives
        self.variables = variables
        self.initVariables = initVariables
        self.limitsOpenMPThreads = limitsOpenMPThreads
        self.storesLineImagesUncompressed = storesLineImagesUncompressed
    }
}
