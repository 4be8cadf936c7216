import LegibleOCR

/// Words around a serial on plates, screens and labels: captions that announce it and labels of other IDs.
enum SerialLexicon {
    /// Captions, upper-cased with spaces, dots and colons removed, that announce a serial right after them
    /// or on the line below: "Serial No.", "S/N", "(S)", "Serial Number (system)", "Service Tag".
    static let captions: [String] = [
        "SERIALNUMBER", "SERIALNO", "SERIAL#", "SERIAL", "S/N", "SN", "(S)", "SERVICETAG", "SVCTAG",
        "NUMERODESERIE", "SERIENNUMMER", "SERIENNR",
    ]

    /// Labels of things that look like serials but are not: models, regulatory and network IDs, part and
    /// order numbers, dates. A token right after one of these is a distractor.
    static let distractorLabels: [String] = [
        "MODEL", "MODELNUMBER", "MODELNO", "MODELNAME", "MOD", "EMC", "IMEI", "IMEI2", "MEID", "FCC", "FCCID", "ID",
        "IC", "PART", "PARTNO", "PARTNUMBER", "P/N", "PN", "(1P)", "1P", "(P)", "UDID", "UUID", "EID", "ICCID",
        "SEID", "MAC", "WI-FI", "WIFI", "WIFIADDRESS", "BLUETOOTH", "ADDRESS", "VERSION", "BUILD", "REF", "LOT",
        "UPC", "EAN", "(Q)", "QTY", "DATE", "MFG", "MFD", "CAPACITY", "REG", "REGMODEL", "TYPE", "SKU", "ORDER",
        "HARDWAREUUID", "PROVISIONINGUDID", "CMIIT", "PIN", "DP/N", "KC", "RCM", "MSIP", "R-R", "ANATEL",
    ]

    /// Words that name Apple or one of its product lines; a photo showing one is of an Apple device or box.
    static let appleProductWords: Set<String> = [
        "APPLE", "IPHONE", "IPAD", "MACBOOK", "IMAC", "MACOS", "AIRPODS", "WATCHOS", "IPADOS",
    ]

    /// How many words of `text` are words of this lexicon (captions, other IDs' labels, Apple's product
    /// words), three characters or longer. Text read the right way up holds some; the same text read upside
    /// down or sideways reads as look-alike strings that hold none.
    static func knownWordCount(in text: String) -> Int {
        text.split(separator: " ").filter { word in
            let key = key(String(word))
            guard key.count >= 3 else { return false }
            return captions.contains(key) || isDistractorLabel(key) || isAppleProductWord(key)
        }.count
    }

    /// True when a recognised line names Apple or an Apple product ("iPhone 13 128GB", "Designed by Apple").
    static func namesAppleProduct(_ line: RecognizedLine) -> Bool {
        line.words.contains { isAppleProductWord(key($0.text)) }
    }

    /// True when a keyed word, its digits and signs left out, is one of ``appleProductWords`` ("iPhone13").
    private static func isAppleProductWord(_ key: String) -> Bool {
        appleProductWords.contains(key.filter { $0.isLetter })
    }

    /// The form a word takes for matching: upper-cased, with dots, colons, commas and quotes removed.
    static func key(_ word: String) -> String {
        String(word.uppercased().filter { !".:,;'\"\u{2018}\u{2019}\u{201C}\u{201D}`".contains($0) })
    }

    /// Long captions that OCR may misread by one letter ("SERAL NUMBER", "SERIAL NUMBET") and still be
    /// recognised; short ones ("SN", "(S)") must match exactly, as one changed letter makes another word.
    private static let fuzzyCaptions = ["SERIAL", "SERIALNO", "SERIALNUMBER", "SERVICETAG", "SERIENNUMMER"]

    /// "Serial Number (system)" (macOS System Information): the tail alone announces the serial when the
    /// photo or the crop cut the words before it.
    private static let captionTails = ["(SYSTEM)", "SYSTEM)"]

    /// The index of the last word of a caption in `keys` (words already keyed), alone or split across two
    /// or three words ("SERIAL" "NUMBER", "SERVICE" "TAG", or "SERVI" "CE" "TAG" as OCR splits it). Long
    /// captions match with one letter misread; a line's first words match when they are the end of
    /// "SERIAL NUMBER" with its start cut off ("IAL NUMBER"), as happens at the edge of a photo.
    static func captionIndex(in keys: [String]) -> Int? {
        for (index, key) in keys.enumerated() {
            if isCaption(key) || captionTails.contains(key) { return index }
            if index + 1 < keys.count, isCaption(key + keys[index + 1]) { return index + 1 }
            if index + 2 < keys.count, isCaption(key + keys[index + 1] + keys[index + 2]) { return index + 2 }
            if index == 0, index + 1 < keys.count, key.count >= 2 {
                let joined = key + keys[index + 1]
                if joined.count >= 8, "SERIALNUMBER".hasSuffix(joined) { return index + 1 }
            }
        }
        return nil
    }

    /// True for a caption, or a long caption with one letter misread, dropped or added.
    static func isCaption(_ key: String) -> Bool {
        if captions.contains(key) { return true }
        guard key.count >= 5 else { return false }
        return fuzzyCaptions.contains { abs($0.count - key.count) <= 1 && editDistance($0, key, limit: 1) <= 1 }
    }

    /// Levenshtein distance between `a` and `b`, or `limit + 1` once it is certain to exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }

    static func isDistractorLabel(_ key: String) -> Bool { distractorLabels.contains(key) }

    /// True for the shape of a regulatory ID printed beside serials, whether or not its label was read:
    /// Apple's FCC IDs (grantee code `BCG`, as in `BCGA2338`), its Industry Canada numbers (company number
    /// `579C`, as in `579C-A2338`), and China's CMIIT IDs (year, two letters, four digits: `2021AP5536`).
    /// Sources: the FCC's grantee code search (BCG is Apple Inc.), ISED Canada's radio equipment list
    /// (579C), and MIIT type-approval numbering as printed on devices.
    ///
    /// Also the IDs other regulators have printed on Apple's cases since 2015: Taiwan NCC's type approvals for
    /// low-power radio devices (`CCAxYYLPnnnnTn`, as `CCAI16LP0824T2`; an ID cut by the photo's edge keeps
    /// its `LPnnnnTn` tail), Mexico IFT's certificates (`RCP`, the holder's letters, year, number:
    /// `RCPAPA16-3473`) and Korea's KC certifications (scheme letters, then Apple's applicant code `APL`:
    /// `MSIP-CRM-APL-A1534`, `R-R-APL-A1707`), per the regulators' published numbering. An Industry Canada
    /// number whose first digit was misread (`479C…`) keeps `79C`.
    ///
    /// And Canada's interference-class label, `CAN ICES-3 (B)/NMB-3(B)` (ISED's ICES-003 asks every digital
    /// device to carry it, in English and French, and Apple's cases do), which reads as one word once its
    /// brackets and slash are lost (`3BNMB3B`, `31BVNM831B`): it holds `NMB` or `NM8`, three characters a
    /// serial holds by chance about once in 2,000, or opens with `CANICES` (`CAN1CES` as read).
    static func isRegulatoryID(_ serial: String) -> Bool {
        if serial.contains("NMB") || serial.contains("NM8") || serial.hasPrefix("CANICES")
            || serial.hasPrefix("CAN1CES")
        {
            return true
        }
        if serial.hasPrefix("BCG") || serial.hasPrefix("579C") || serial.dropFirst().hasPrefix("79C") { return true }
        if isTaiwanNCCTail(serial) || isKoreanKC(serial) { return true }
        if serial.hasPrefix("RCP"), (10...14).contains(serial.count), serial.suffix(4).allSatisfy(\.isNumber) {
            return true
        }
        // The B of an FCC ID cut by the photo's edge or read as a digit: `CGA1550` (a Dell tag's shape),
        // `3CGA2754`, `8CGA2754` (and `3CGA2Z754` with a stray character read into the model number).
        var cut: Substring?
        if serial.hasPrefix("CGA") {
            cut = serial.dropFirst(3)
        } else if let first = serial.first, "38".contains(first), serial.dropFirst().hasPrefix("CGA") {
            cut = serial.dropFirst(4)
        }
        if let model = cut {
            return (4...5).contains(model.count) && model.filter(\.isNumber).count >= 4
        }
        // A CMIIT ID as engraved plates leave it: one digit misread as a letter (`20T5AP3345`) or one character
        // lost or gained (`2021AP15C`) still names it; its year and two letters are rare in a serial by chance.
        let characters = Array(serial)
        guard (9...11).contains(characters.count), serial.hasPrefix("19") || serial.hasPrefix("20"),
            characters[4..<6].allSatisfy(\.isLetter)
        else { return false }
        let numeric = characters[0..<4] + characters[6...]
        return numeric.filter { !$0.isNumber }.count <= 1
    }

    /// True for a Korean KC certification of Apple's read as one word: letters of the scheme (`R`, `C`, `M`,
    /// `S`, `I`, `P`, `K`, `E`: `RR`, `MSIPCRM`, `RREM`) right before the applicant code `APL`.
    private static func isKoreanKC(_ serial: String) -> Bool {
        guard let code = serial.range(of: "APL") else { return false }
        let scheme = serial[..<code.lowerBound]
        return (1...8).contains(scheme.count) && scheme.allSatisfy { "RCMSIPKE".contains($0) }
    }

    /// True when `serial` holds a Taiwan NCC ID's tail: `LP`, four digits, `T` and a digit, at its end.
    private static func isTaiwanNCCTail(_ serial: String) -> Bool {
        let characters = Array(serial)
        guard characters.count >= 8 else { return false }
        let tail = characters.suffix(8)
        let start = tail.startIndex
        return tail[start] == "L" && tail[start + 1] == "P" && tail[(start + 2)..<(start + 6)].allSatisfy(\.isNumber)
            && tail[start + 6] == "T" && tail[start + 7].isNumber
    }

    /// True for a power rating read as one word: `19V DC 1.5A` read `19VDC15A` (the point splits the word and
    /// the parser joins the pieces), `5VDC2A`, `240VAC`. Labels print one beside the serial.
    static func isPowerRating(_ token: String) -> Bool {
        guard let volts = token.firstIndex(of: "V"), volts > token.startIndex,
            token[..<volts].allSatisfy(\.isNumber)
        else { return false }
        let rest = token[token.index(after: volts)...]
        guard rest.hasPrefix("DC") || rest.hasPrefix("AC") else { return false }
        let current = rest.dropFirst(2)
        return current.isEmpty || (current.last == "A" && current.dropLast().allSatisfy(\.isNumber))
    }

    /// True for a specification printed beside serials on About screens and labels, which fits the shapes of
    /// several ID formats: a memory technology (`DDR4`, `LPDDR4X`, `GDDR6`, `DDR3L`: JEDEC's names, an optional
    /// LP or G, DDR, a generation digit and an optional letter), or a quantity glued to its unit (`3733MHZ`,
    /// `16GB`, `5000MAH`, `2.4GHZ` read without its point). No maker's serial is a unit after digits.
    static func isSpecification(_ token: String) -> Bool {
        let characters = Array(token)
        if let ddr = token.range(of: "DDR") {
            let before = token[..<ddr.lowerBound], after = Array(token[ddr.upperBound...])
            if ["", "LP", "G"].contains(before), let generation = after.first, generation.isNumber,
                after.count == 1 || (after.count == 2 && after[1].isLetter)
            {
                return true
            }
        }
        guard let unitStart = characters.firstIndex(where: { !$0.isNumber }), unitStart > 0 else { return false }
        return units.contains(String(characters[unitStart...]))
    }

    /// Units printed glued to a number on labels and About screens.
    private static let units: Set<String> = [
        "HZ", "KHZ", "MHZ", "GHZ", "KB", "MB", "GB", "TB", "MAH", "WH", "MTS", "GTS", "NM", "MM", "CM",
    ]

    /// True for a revision label ("Rev.", "REV", "Revision"). Labels print a revision after part and
    /// board numbers ("P/N: 02565V0A Rev. C"), never after a serial, so an ID followed by one is a part
    /// number even when the photo's edge cut its "P/N" off.
    static func isRevisionLabel(_ key: String) -> Bool { key == "REV" || key == "REVISION" }

    /// True for the shape of an Apple part (order) number whose slash was lost or read as a character:
    /// `MYS7LL/A` read `MYS7LL7A`, `MYS7LL1A` or `MYS7LLA`. Part numbers start with M (retail), F
    /// (refurbished), N or P (service, personalised), then four characters of model and configuration, a
    /// region code of one to three letters (LL United States, B United Kingdom, ZP Hong Kong, CH China, J
    /// Japan...) and `/A`. Settings screens show one right above the serial ("Model Number MYS7LL/A"), and read
    /// without its slash it fits the randomised Apple format. Source: the part numbers shown in Settings >
    /// General > About ("Model Number") and printed on Apple's boxes.
    /// A token with its slash read correctly never gets here: the parser splits it at the slash.
    static func isMisreadPartNumber(_ token: String) -> Bool {
        let characters = Array(token)
        guard (7...11).contains(characters.count), let first = characters.first, "MFNP".contains(first),
            characters.last == "A"
        else { return false }
        var body = characters.dropFirst().dropLast()
        if let slash = body.last, "7I1".contains(slash), body.count >= 6 { body = body.dropLast() }
        // Four characters of model, then the region: letters only, one to three of them.
        guard body.count >= 5, body.count <= 7 else { return false }
        let region = body.dropFirst(4)
        return region.allSatisfy { $0.isLetter } && body.prefix(4).allSatisfy { $0.isLetter || $0.isNumber }
    }

    /// True for an Apple product name of six letters or more as the serial model misreads it: with digits
    /// taken as the letters they resemble, one letter off `MACBOOK`, `IPHONE` or `AIRPODS` ("MacBook" read
    /// `M3CB00K` or `M8CB00K`: the model knows few lower-case letters). Plates print the name above the
    /// serial, and read this way it fits the generic and Dell formats; a serial spells such a word only by
    /// chance.
    static func isMisreadProductName(_ token: String) -> Bool {
        let folded = token.map { letterLookAlikes[$0] ?? $0 }
        return misreadableProductNames.contains { name in
            name.count == folded.count && zip(name, folded).filter { $0 != $1 }.count <= 1
        }
    }

    private static let misreadableProductNames = ["MACBOOK", "IPHONE", "AIRPODS"].map(Array.init)
    private static let letterLookAlikes: [Character: Character] = [
        "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B",
    ]

    /// Captions and labels that OCR glues to the front of the ID that follows them ("SNC02...",
    /// "SERIALNOC02...", "MODELA2338"), longest first.
    private static let gluedCaptions = ["SERIALNUMBER", "SERIALNO", "SERIAL", "SN", "NO", "SERVICETAG"]
    private static let gluedLabels = [
        "MODELNUMBER", "MODELNO", "MODEL", "IMEI", "MEID", "EMC", "FCCID", "FCC", "PARTNO", "PN", "1P", "ID", "IC",
        "UDID", "EID", "EAN", "UPC",
    ]

    /// The caption or label glued to the front of `text`, if any.
    static func gluedPrefix(of text: String) -> (length: Int, isCaption: Bool)? {
        for caption in gluedCaptions where text.hasPrefix(caption) { return (caption.count, true) }
        for label in gluedLabels where text.hasPrefix(label) { return (label.count, false) }
        return nil
    }
}
