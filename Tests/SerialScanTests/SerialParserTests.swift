import LegibleImaging
import LegibleOCR
import Testing

@testable import SerialScan

/// Builds recognised lines from plain text, as if Tesseract had read them with full confidence.
enum Lines {
    static func symbols(_ text: String, x: Int, score: Double, alternatives: [Character: [(String, Double)]] = [:])
        -> [RecognizedSymbol]
    {
        text.enumerated().map { index, character in
            RecognizedSymbol(
                text: String(character), box: PixelRect(x: x + index * 20, y: 0, width: 18, height: 30),
                confidence: score,
                alternatives: (alternatives[character] ?? []).map { SymbolAlternative(text: $0.0, score: $0.1) })
        }
    }

    /// One line whose words are separated by wide gaps.
    static func line(_ text: String, y: Int = 0, score: Double = 0.95,
                     alternatives: [Character: [(String, Double)]] = [:]) -> RecognizedLine {
        var x = 0
        var words: [RecognizedWord] = []
        for part in text.split(separator: " ") {
            let symbols = symbols(String(part), x: x, score: score, alternatives: alternatives).map { symbol in
                var moved = symbol
                moved.box.y = y
                return moved
            }
            let box = symbols.dropFirst().reduce(symbols[0].box) { $0.union($1.box) }
            words.append(RecognizedWord(text: String(part), box: box, confidence: score, symbols: symbols))
            x = box.maxX + 40
        }
        let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
        return RecognizedLine(text: text, box: box, confidence: score, words: words)
    }
}

@Suite("Serial grammars and parsing")
struct SerialParserTests {
    func serials(_ lines: [RecognizedLine]) -> [String] {
        SerialRanker.standard.rank(SerialParser.evidence(in: lines), deviceType: nil).map(\.serial)
    }

    @Test func appleTwelveCharacterGrammar() {
        let fit = { (text: String) in
            SerialParser.fit(Lines.symbols(text, x: 0, score: 0.9).map(observed), format: .apple12)?.serial
        }
        #expect(fit("C02XK1JCJG5J") == "C02XK1JCJG5J")
        // A zero cannot be a week: it is read as the look-alike D, which can.
        #expect(fit("C02X01JCJG5J") == "C02XD1JCJG5J")
        #expect(fit("C02XK1JC") == nil)
        #expect(fit("123456789012") == nil)  // no letter at all
        #expect(fit("DESIGNEDFORU") == nil)  // a word: no digit was read
    }

    @Test func repairsConfusablesTheGrammarForbids() throws {
        // Apple serials have no O: "CO2..." is read back as "C02...".
        let evidence = try #require(
            SerialParser.fit(Lines.symbols("CO2XK1JCJG5J", x: 0, score: 0.9).map(observed), format: .apple12))
        #expect(evidence.serial == "C02XK1JCJG5J")
        #expect(evidence.repairs == 1)
        #expect(evidence.minScore < 0.9)
        // An I reads as a 1, and a lower-case l as a 1 rather than an L.
        let ones = try #require(
            SerialParser.fit(Lines.symbols("FI7LlHPF8S2K", x: 0, score: 0.9).map(observed), format: .apple12))
        #expect(ones.serial == "F17L1HPF8S2K")
    }

    @Test func prefersTesseractsOwnAlternative() throws {
        // Tesseract offered 0 for the O with a good score: that beats the generic twin substitution.
        let symbols = Lines.symbols("CO2XK1JCJG5J", x: 0, score: 0.9, alternatives: ["O": [("O", 0.9), ("0", 0.7)]])
        let evidence = try #require(SerialParser.fit(symbols.map(observed), format: .apple12))
        #expect(evidence.serial == "C02XK1JCJG5J")
        #expect(abs(evidence.minScore - 0.7) < 1e-9)
    }

    @Test func anOReadInAnAppleSerialIsAZeroEvenWhenTesseractOffersQ() throws {
        // Q is also an O look-alike, and the LSTM may list it first; in an Apple serial an O is far more often a 0.
        let symbols = Lines.symbols("CZOWH8SZ20G2", x: 0, score: 0.9, alternatives: ["O": [("Q", 0.6)]])
        let evidence = try #require(SerialParser.fit(symbols.map(observed), format: .apple12))
        #expect(evidence.serial == "CZ0WH8SZ20G2")
        // Where Tesseract listed the 0 itself, its own score is kept.
        let listed = Lines.symbols("CZOWH8SZ20G2", x: 0, score: 0.9, alternatives: ["O": [("Q", 0.6), ("0", 0.4)]])
        let scored = try #require(SerialParser.fit(listed.map(observed), format: .apple12))
        #expect(scored.serial == "CZ0WH8SZ20G2" && abs(scored.minScore - 0.4) < 1e-9)
    }

    @Test func piecesOfHyphenatedIDsAreDistractors() {
        // A hardware UUID's first group and a regulatory code split by a hyphen, in the word or after a space.
        for text in ["Hardware UID: AEB14122-067E-67C8-77", "D578849B -C3", "IC 579C-A1514", "Part MYS7LL2X/A"] {
            let evidence = SerialParser.evidence(in: [Lines.line(text)])
            #expect(evidence.allSatisfy { $0.distractor }, "\(text)")
        }
        // A serial after its caption on the same line stays one, hyphen or not.
        #expect(serials([Lines.line("Serial No. - C02XK1JCJG5J")]).first == "C02XK1JCJG5J")
        // A P/N label read as "PIN" still labels a part number.
        #expect(SerialParser.evidence(in: [Lines.line("PIN: 32B5262X82 Rev.B")]).allSatisfy { $0.distractor })
    }

    @Test func misreadAndCutCaptionsStillAnnounce() {
        for text in [
            "Seral Number OS0U9B8C", "Serial NUMbeT C02XK1JCJG5J", "er (system): T5KLC8W4GE", "'ial number 0Q017H0B2Q",
        ] {
            let evidence = SerialParser.evidence(in: [Lines.line(text)])
            let serial = String(text.split(separator: " ").last!)
            #expect(evidence.contains { $0.serial == serial && $0.caption == 1 }, "\(text)")
        }
        // A different word one letter away from a short caption is not a caption.
        #expect(SerialLexicon.captionIndex(in: ["SM", "C02XK1JCJG5J"]) == nil)
        #expect(!SerialLexicon.isCaption("MATERIAL"))
    }

    @Test func lookAlikesTheFormatsLeaveOutAreCheapRepairs() {
        // Three Os in a seven-character service tag: more than a third changed, but O is no Dell character.
        #expect(serials([Lines.line("Service Tag: F7FGOOO")]).first == "F7FG000")
        // Read without a digit, a token is a word, unless a caption announces it and it holds an O.
        #expect(serials([Lines.line("S/N: FNORTBF")]).first == "FN0RTBF")
        #expect(serials([Lines.line("Made by FNORTBF")]).isEmpty)
        // A closing bracket is a J, unless its word opened the bracket.
        #expect(serials([Lines.line("Service Tag (S/N): 521261)")]).first == "521261J")
        #expect(serials([Lines.line("(S) 5GHLGP8)81")]).first == "5GHLGP8J81")
        // c, o, s, u, v, w, x and z look the same in both cases: read small, they do not make a word.
        #expect(serials([Lines.line("SN 1L5wc6o")]).first == "1L5WC60")
        #expect(serials([Lines.line("Designed in Cupertino 2024")]).isEmpty)
    }

    @Test func anAppleSerialWithoutADigitNeedsItsCaption() {
        // About one Apple 12-character serial in 65 holds no digit; read in capitals under a caption it is one.
        let evidence = SerialParser.evidence(in: [Lines.line("Serial Number DLXXWPYQEURR")])
        #expect(evidence.contains { $0.serial == "DLXXWPYQEURR" && $0.format == .apple12 && $0.caption == 1 })
        #expect(serials([Lines.line("Made by DLXXWPYQEURR")]).isEmpty)
        // Not in another format, and not a word in small letters.
        #expect(!evidence.contains { $0.format != .apple12 })
        #expect(serials([Lines.line("Serial Number Unavailable")]).isEmpty)
    }

    @Test func aDellTagMayHoldVowels() {
        // A tag is a base-36 number: A, E and U are Dell characters (only O and I are left out).
        let evidence = SerialParser.evidence(in: [Lines.line("Service Tag: E2WZKCP")])
        #expect(evidence.contains { $0.serial == "E2WZKCP" && $0.format == .dell && $0.repairs == 0 })
        #expect(serials([Lines.line("S/N NU5X76R")]).first == "NU5X76R")
    }

    @Test func aWideOneOrZeroReadTwiceIsAlsoReadOnce() {
        // "RL1ILA6H2IHD" is twelve characters, one too many for a Samsung serial: the "1I" may be one 1.
        let readings = SerialParser.evidence(in: [Lines.line("Serial No: RL1ILA6H2IHD")]).map(\.serial)
        #expect(readings.contains("RL1LA6H2IHD"))
        // A real pair of zeros still ranks first as read.
        #expect(serials([Lines.line("Serial Number C02XK100JCJG")]).first == "C02XK100JCJG")
    }

    @Test func regulatoryIDsAreDistractorsEvenWithoutTheirLabels() {
        // The photo's edge cut "FCC ID:" and "CMIIT ID:" off these lines.
        let lines = [
            Lines.line("BCGA2849 IC: 579C-A2849", y: 0), Lines.line("2021AP5536", y: 40),
            Lines.line("Serial R8L0N61GEL", y: 80),
        ]
        #expect(serials(lines).first == "R8L0N61GEL")
        // Canada's "CAN ICES-3 (B)/NMB-3(B)" read without its brackets and slash.
        for id in ["BCGA2849", "579CA2849", "2021AP5536", "20T5AP3345", "2021AP15C", "31BVNM831B", "3BNMB3B", "CAN1CES"]
        {
            #expect(SerialLexicon.isRegulatoryID(id), "\(id)")
        }
        // An Apple serial that starts like a year is not one: too many letters where the CMIIT ID has digits.
        #expect(!SerialLexicon.isRegulatoryID("20XYAPK3V9"))
        #expect(!SerialLexicon.isRegulatoryID("C02XK1JCJG5J"))
        #expect(!SerialLexicon.isRegulatoryID("H5G2XS52Z0"))
    }

    @Test func regulatoryIDsWithTheirFirstLetterCutOrMisread() {
        // The B of "BCGA2754" cut by the photo's left edge: gone, or read as 3 or 8.
        for id in ["CGA1550", "3CGA2754", "8CGA2754", "3CGA2Z754"] {
            #expect(SerialLexicon.isRegulatoryID(id), "\(id)")
        }
        #expect(!SerialLexicon.isRegulatoryID("CGAB7X2"))  // a Dell tag that starts like one
        #expect(!SerialLexicon.isRegulatoryID("3CGAX7K2"))
        #expect(!SerialLexicon.isRegulatoryID("8CG2754XY1"))
    }

    @Test func taiwanMexicoAndKoreaRegulatoryIDsAreDistractors() {
        // Taiwan NCC (whole, with I read as 1, or cut to its tail by the photo's edge), Mexico IFT, Korea KC and an
        // Industry Canada number with its first digit misread.
        for id in ["CCAI16LP0824T2", "CCA116LP0824T2", "0LP3807T8", "RCPAPA163473", "RRAPLA1707", "MSIPCRMAPLA1534",
            "479C2F2816A"]
        {
            #expect(SerialLexicon.isRegulatoryID(id), "\(id)")
        }
        for serial in ["C02XK1JCJG5J", "FVFP8J3CW131", "RCV00729958X", "C02APL4XJG5J"] {
            #expect(!SerialLexicon.isRegulatoryID(serial), "\(serial)")
        }
        let lines = [Lines.line("CMIIT ID: 2016DJ7178 CCAI16LP0824T2", y: 0), Lines.line("Serial No.: H4TVDF49ESQD", y: 40)]
        #expect(serials(lines).first == "H4TVDF49ESQD")
    }

    @Test func partNumbersWithTheirSlashMisreadAreDistractors() {
        for token in ["MJW1EZP7A", "MABJYD7A", "MYS7LL1A", "MYS7LLA", "FGX32B7A", "NK2L3CHIA"] {
            #expect(SerialLexicon.isMisreadPartNumber(token), "\(token)")
        }
        // Serials of every format, including randomised Apple ones that start with M or end in A.
        for serial in ["C02XK1JCJG5J", "H5G2XS52Z0", "M8L0N61GEL", "W8812345XYZ", "JX3QK72", "R58M12ABCDE", "MYS7LL2A"] {
            #expect(!SerialLexicon.isMisreadPartNumber(serial), "\(serial)")
        }
        // "Model Number MABJYD/A" read without its slash above the serial no longer wins over the serial.
        let lines = [Lines.line("MABJYD7A", y: 0), Lines.line("37QZ0HVBG1", y: 40)]
        #expect(SerialParser.evidence(in: [lines[0]]).allSatisfy { $0.distractor })
        #expect(serials(lines).first == "37QZ0HVBG1")
    }

    @Test func productNamesMisreadAsIDsAreDistractors() {
        // "MacBook" as the serial model reads it on a plate, above the serial.
        for token in ["M3CB00K", "M8CB00K", "MACB00K", "1PH0NE", "A1RP0DS"] {
            #expect(SerialLexicon.isMisreadProductName(token), "\(token)")
        }
        for serial in ["C02XK1JCJG5J", "H5G2XS52Z0", "JX3QK72", "M3CB00KX", "MXCB0QK"] {
            #expect(!SerialLexicon.isMisreadProductName(serial), "\(serial)")
        }
        let lines = [Lines.line("M3CB00K", y: 0), Lines.line("33MZBVNPZ6", y: 40)]
        #expect(SerialParser.evidence(in: [lines[0]]).allSatisfy { $0.distractor })
        #expect(serials(lines).first == "33MZBVNPZ6")
    }

    @Test func agreementCountsReadingsNotFormatFits() {
        // One reading of a 12-character Apple serial fits three formats; it is still one reading.
        let once = SerialParser.evidence(in: [Lines.line("C02XK1JCJG5J")])
        #expect(Set(once.map(\.format)).count >= 2)
        let oneReading = SerialRanker.standard.rank(once, deviceType: .macbook).first
        let secondReading = once.map { item in
            var item = item
            item.reading = 1
            return item
        }
        let twoReadings = SerialRanker.standard.rank(once + secondReading, deviceType: .macbook).first
        #expect(oneReading?.serial == "C02XK1JCJG5J" && twoReadings?.serial == "C02XK1JCJG5J")
        #expect((twoReadings?.confidence ?? 0) > (oneReading?.confidence ?? 1))
    }

    @Test func underAnotherMakersHintAReadingRepairedIntoAnAppleFormatIsNoAgreement() {
        // A label ID read once with its O and once with a 0: the O reading fits Apple's randomised format only
        // once repaired to the 0, which must not count as a second reading of the 0 string.
        func read(_ text: String, _ reading: Int, score: Double = 0.95) -> [SerialEvidence] {
            SerialParser.evidence(in: [Lines.line(text, score: score)]).map { item in
                var item = item
                item.reading = reading
                return item
            }
        }
        let zero = "HJUS25Z7M0JCGU"
        let evidence = read(zero, 0) + read("HJUS25Z7MOJCGU", 1, score: 0.96)
        #expect(evidence.contains { $0.serial == zero && $0.reading == 1 && $0.repairs > 0 })
        func confidence(of serial: String, in evidence: [SerialEvidence], _ device: DeviceType) -> Double {
            SerialRanker.standard.rank(evidence, deviceType: device).first { $0.serial == serial }?.confidence ?? 0
        }
        let other = SerialRanker.standard.rank(evidence, deviceType: .other)
        #expect(other.first?.serial == "HJUS25Z7MOJCGU")
        #expect(confidence(of: zero, in: evidence, .other) == confidence(of: zero, in: read(zero, 0), .other))
        // On an Apple device (or with no hint) the repair is what Apple's alphabet demands: both readings agree.
        #expect(SerialRanker.standard.rank(evidence, deviceType: .iphone).first?.serial == zero)
        #expect(confidence(of: zero, in: evidence, .iphone) > confidence(of: zero, in: read(zero, 0), .iphone))
    }

    @Test func aReadingThatLostAnEndCharacterGetsNoAgreementFromTheWholeReading() {
        // One reading has the whole serial; the other lost its last character. The whole reading, trimmed,
        // also spells the shorter string, but that is not a second reading of it.
        func read(_ text: String, _ reading: Int) -> [SerialEvidence] {
            SerialParser.evidence(in: [Lines.line("Serial \(text)")]).map { item in
                var item = item
                item.reading = reading
                return item
            }
        }
        let evidence = read("C02V75WS91SJ", 0) + read("C02V75WS91S", 1)
        #expect(evidence.contains { $0.serial == "C02V75WS91S" && $0.reading == 0 && $0.trimmed > 0 })
        let ranked = SerialRanker.standard.rank(evidence, deviceType: .macbook, appleContext: true)
        #expect(ranked.first?.serial == "C02V75WS91SJ")
    }

    @Test func anIDOneReadingFoundAfterItsLabelIsADistractorInEveryReading() {
        // A Dell label's "Type:" line read twice, the label misread once: the type code must not rank above
        // the service tag read once under its caption (a held-out photo answered P77G005 at 0.91).
        func read(_ lines: [RecognizedLine], _ reading: Int) -> [SerialEvidence] {
            SerialParser.evidence(in: lines).map { item in
                var item = item
                item.reading = reading
                return item
            }
        }
        let evidence = read([Lines.line("Model: P69G TVPe: P77G005")], 0)
            + read([Lines.line("Model: P69G Type: P77G005")], 1)
            + read([Lines.line("Service Tag 1001FFR", y: 40)], 2)
        let ranked = SerialRanker.standard.rank(evidence, deviceType: .other)
        #expect(ranked.first?.serial == "1001FFR")
        #expect((ranked.first { $0.serial == "P77G005" }?.confidence ?? 0) < 0.2)
        // A caption in its own reading still announces a serial some other reading put after a label.
        let captioned = read([Lines.line("Type: JX3QK72")], 0) + read([Lines.line("Service Tag JX3QK72")], 1)
        #expect((SerialRanker.standard.rank(captioned, deviceType: .other).first?.confidence ?? 0) > 0.5)
    }

    @Test func twoReadingsOneLookAlikeApartAreACloseCall() {
        func read(_ text: String, _ reading: Int) -> [SerialEvidence] {
            SerialParser.evidence(in: [Lines.line(text)]).map { item in
                var item = item
                item.reading = reading
                return item
            }
        }
        let split = read("E5WR8PB082", 0) + read("ESWR8PB082", 1)
        #expect(SerialScanPipeline.isCloseCall(split, ranker: .standard, deviceType: .iphone, appleContext: true))
        // A third reading that agrees with one of them settles it.
        let settled = split + read("E5WR8PB082", 2)
        #expect(!SerialScanPipeline.isCloseCall(settled, ranker: .standard, deviceType: .iphone, appleContext: true))
        #expect(SerialRanker.standard.rank(settled, deviceType: .iphone).first?.serial == "E5WR8PB082")
        // Two different serials are no close call.
        let different = read("E5WR8PB082", 0) + read("H5G2XS52Z0", 1)
        #expect(!SerialScanPipeline.isCloseCall(different, ranker: .standard, deviceType: .iphone, appleContext: true))
    }

    @Test func anIDFollowedByARevisionIsAPartNumber() {
        // The photo's edge cut "P/N" off; "Rev. C" still says what the ID is.
        let lines = [Lines.line(": 02565V0A Rev. C", y: 0), Lines.line("Serial Number: 8BX4YPH", y: 40)]
        #expect(SerialParser.evidence(in: [lines[0]]).allSatisfy { $0.distractor })
        #expect(serials(lines).first == "8BX4YPH")
    }

    @Test func memoryTechnologiesAndQuantitiesWithUnitsAreSpecifications() {
        for token in ["DDR4", "LPDDR4X", "GDDR6", "DDR3L", "3733MHZ", "16GB", "5000MAH", "24GHZ"] {
            #expect(SerialLexicon.isSpecification(token), "\(token)")
        }
        for serial in ["C02XK1JCJG5J", "DDR", "4DDR4", "XDDR4", "LPDDR4XY", "GB3733", "8BX4YPH", "16GB7"] {
            #expect(!SerialLexicon.isSpecification(serial), "\(serial)")
        }
        // An About screen's memory line: no reading of it is a serial, the caption of the next line wins.
        let lines = [Lines.line("Memory 8 GB 3733 MHz LPDDR4X", y: 0), Lines.line("Serial number SK5521ZQVR", y: 40)]
        #expect(SerialParser.evidence(in: [lines[0]]).filter { $0.serial == "LPDDR4X" }.allSatisfy { $0.distractor })
        #expect(serials(lines).first == "SK5521ZQVR")
    }

    @Test func aRivalIsTheReadersBestOtherCharacterTheFormatAllows() throws {
        func symbol(_ character: Character, _ alternatives: [(Character, Double)]) -> ObservedSymbol {
            ObservedSymbol(
                character: character, score: 0.98, alternatives: [(character, 0.94)] + alternatives,
                box: PixelRect(x: 0, y: 0, width: 10, height: 20))
        }
        // `A3C0NTX9HY`: the reader offered O and D for the 0. Apple's formats leave O out, D stays a rival.
        var symbols = "A3C0NTX9HY".map { symbol($0, []) }
        symbols[3] = symbol("0", [("O", 0.48), ("D", 0.38)])
        let apple = try #require(SerialParser.fit(symbols, format: .appleRandom))
        #expect(apple.rival == 0.38)
        let generic = try #require(SerialParser.fit(symbols, format: .generic))
        #expect(generic.rival == 0.48)
        // With no alternative offered anywhere there is no rival.
        let plain = try #require(SerialParser.fit("A3C0NTX9HY".map { symbol($0, []) }, format: .appleRandom))
        #expect(plain.rival == 0)
        // A repaired character's rival is what was read, where the format allows it: S read, 5 wanted.
        #expect(SerialParser.rival(of: Array("A3C0NTX9H5"), symbols: "A3C0NTX9HS".map { symbol($0, []) }, format: .generic) == 0.94)
    }

    @Test func powerRatingsAndGluedBarcodeLabelsAreDistractors() {
        for token in ["19VDC15A", "5VDC2A", "12VDC", "240VAC"] { #expect(SerialLexicon.isPowerRating(token), "\(token)") }
        for serial in ["C02XK1JCJG5J", "1N563GIROJ11", "VDC15A", "19VX15A"] {
            #expect(!SerialLexicon.isPowerRating(serial), "\(serial)")
        }
        let lines = [
            Lines.line("Input: 19VDC15A", y: 0), Lines.line("EAN0881877591217", y: 40),
            Lines.line("SN O5UWOFV0S", y: 80),
        ]
        #expect(SerialParser.evidence(in: Array(lines.prefix(2))).allSatisfy { $0.distractor })
        #expect(serials(lines).first == "O5UWOFV0S")
        // A label that prints the rating right after the serial: the caption announces the serial, not it.
        let sticker = SerialParser.evidence(in: [Lines.line("S/N C1MM74FEXTFG 205VDC47A")])
        #expect(sticker.filter { $0.serial.hasSuffix("VDC47A") }.allSatisfy { $0.distractor })
        #expect(serials([Lines.line("S/N C1MM74FEXTFG 205VDC47A")]).first == "C1MM74FEXTFG")
    }

    @Test func otherFormats() {
        #expect(serials([Lines.line("Service Tag JX3QK72")]).first == "JX3QK72")
        #expect(serials([Lines.line("S/N: R58M12ABCDE")]).first == "R58M12ABCDE")
        #expect(serials([Lines.line("Serial Number K7QWX4F2N9")]).first == "K7QWX4F2N9")
        // A generic ID on a device that is not Apple's keeps its Z (an Apple grammar would read it as 2).
        let generic = SerialParser.evidence(in: [Lines.line("SN 4K8PZ91177AB")])
        #expect(SerialRanker.standard.rank(generic, deviceType: .other).first?.serial == "4K8PZ91177AB")
    }

    @Test func captionsAnchorAndGluedCaptionsAreSplitOff() {
        let evidence = SerialParser.evidence(in: [Lines.line("Serial No. C02XK1JCJG5J")])
        #expect(evidence.contains { $0.serial == "C02XK1JCJG5J" && $0.caption == 1 })
        #expect(serials([Lines.line("SNC02XK1JCJG5J")]).first == "C02XK1JCJG5J")
        #expect(serials([Lines.line("SerialNoC02XK1JCJG5J")]).first == "C02XK1JCJG5J")
        // A caption on the line above announces the serial below it.
        let below = SerialParser.evidence(in: [Lines.line("Serial Number", y: 0), Lines.line("C02XK1JCJG5J", y: 40)])
        #expect(below.contains { $0.serial == "C02XK1JCJG5J" && $0.caption == 0.8 })
    }

    @Test func distractorsRankBelowTheSerial() {
        let lines = [
            Lines.line("Model A2338 EMC 3578", y: 0),
            Lines.line("FCC ID BCGA2338AB", y: 40),
            Lines.line("IMEI 35 391310 123456 7", y: 80),
            Lines.line("Part No MYS7LL/A", y: 120),
            Lines.line("Serial C02XK1JCJG5J", y: 160),
        ]
        let ranked = serials(lines)
        #expect(ranked.first == "C02XK1JCJG5J")
        // Models, EMC numbers, IMEIs and part numbers never become serials on their own.
        #expect(!ranked.contains("A2338"))
        #expect(!ranked.contains { serial in serial.allSatisfy { $0.isNumber } })
        let labelled = SerialParser.evidence(in: lines).filter { $0.serial.hasPrefix("BCGA2338") }
        #expect(labelled.allSatisfy { $0.distractor })
    }

    @Test func appleContextDecidesBetweenAnAppleAndAGenericReading() {
        // "HOG787BUBC" is an Apple randomised serial read with an O, or a label ID that holds an O.
        let evidence = SerialParser.evidence(in: [Lines.line("Serial HOG787BUBC")])
        let apple = SerialRanker.standard.rank(evidence, deviceType: .macbook, appleContext: true).map(\.serial)
        #expect(apple.first == "H0G787BUBC")
        let anyDevice = SerialRanker.standard.rank(evidence, deviceType: nil).map(\.serial)
        #expect(anyDevice.prefix(2).contains("HOG787BUBC") && anyDevice.prefix(2).contains("H0G787BUBC"))
    }

    @Test func inAppleContextAReadingWithOAndIGivesWayToItsAppleTwin() {
        // Read with both an O and an I, uncaptioned and without a device hint: the generic reading keeps its
        // letters, the Apple one needs two look-alike repairs. Where Apple serials are expected the letters
        // are the digits, and the generic reading is gone from the list rather than ranked near the top.
        let evidence = SerialParser.evidence(in: [Lines.line("ZCO1GOMDI8")])
        let plain = SerialRanker.standard.rank(evidence, deviceType: nil).map(\.serial)
        #expect(plain.contains("ZCO1GOMDI8"))
        let apple = SerialRanker.standard.rank(evidence, deviceType: nil, appleContext: true)
        #expect(apple.first?.serial == "ZC01G0MD18")
        #expect(!apple.contains { $0.serial == "ZCO1GOMDI8" })
        // The Apple reading keeps the better of the two scores.
        let genericScore = SerialRanker.standard.rank(evidence, deviceType: nil).first { $0.serial == "ZCO1GOMDI8" }
        #expect((apple.first?.confidence ?? 0) >= (genericScore?.confidence ?? 1))
    }

    @Test func aDeviceHintOverridesTheAppleContextAndOtherMakersFormatsKeepTheirLetters() {
        // A Samsung serial holds I legitimately: even where the photo looked like an Apple screen, a device
        // hint of another maker keeps it.
        let samsung = SerialParser.evidence(in: [Lines.line("S/N RBILCPIHCB8")])
        #expect(SerialRanker.standard.rank(samsung, deviceType: .other, appleContext: true).first?.serial == "RBILCPIHCB8")
        // A generic label ID with an O, on a device that is not Apple's, keeps its O.
        let generic = SerialParser.evidence(in: [Lines.line("ZCO1GOMDI8")])
        #expect(SerialRanker.standard.rank(generic, deviceType: .other, appleContext: true).contains { $0.serial == "ZCO1GOMDI8" })
    }

    @Test func productNamesOnAPhotoMeanAnAppleDevice() {
        #expect(SerialLexicon.namesAppleProduct(Lines.line("iPhone 13 128GB")))
        #expect(SerialLexicon.namesAppleProduct(Lines.line("Designed by Apple in California")))
        #expect(SerialLexicon.namesAppleProduct(Lines.line("MacBook Pro")))
        #expect(!SerialLexicon.namesAppleProduct(Lines.line("Galaxy S21 Samsung")))
        #expect(!SerialLexicon.namesAppleProduct(Lines.line("Pineapple juice")))
    }

    @Test func joinsASerialSplitByWideSpacingOnly() {
        // Two halves with a narrow gap: one serial.
        var line = Lines.line("C02XK1 JCJG5J")
        line.words[1].box.x = line.words[0].box.maxX + 4
        for index in line.words[1].symbols.indices {
            line.words[1].symbols[index].box.x = line.words[0].box.maxX + 4 + index * 20
        }
        #expect(serials([line]).first == "C02XK1JCJG5J")
        // Far-apart words are not glued together.
        #expect(!serials([Lines.line("EMC 3581 FCC")]).contains("3581FCC"))
    }

    @Test func atSignsAreSlashedZeros() {
        // A slashed or dotted zero comes back as "@", or as "Q@" when the slash is taken for a Q's tail.
        #expect(serials([Lines.line("Service Tag: H8@B6GY")]).first == "H80B6GY")
        #expect(serials([Lines.line("Serial Number (system): Q@S01T12BAM")]).first == "0S01T12BAM")
        #expect(serials([Lines.line("Serial Number SQ@B6BZX32M")]).first == "S0B6BZX32M")
    }

    @Test func captionsSplitByOCRStillAnnounce() {
        let evidence = SerialParser.evidence(in: [Lines.line("Servi ce Tag JX3QK72")])
        #expect(evidence.contains { $0.serial == "JX3QK72" && $0.caption == 1 })
    }

    @Test func noSerialInOrdinaryText() {
        #expect(serials([Lines.line("Designed by Apple in California")]).isEmpty)
        #expect(serials([Lines.line("2021-03-04 Made in China")]).isEmpty)
    }

    @Test func offersTheLookAlikeOfTheLeastCertainCharacterOfALookAlikePair() throws {
        // "CB08DT2B66V3Z" read with its 0 less certain than the other characters: the O reading is offered too,
        // one repair further and ranked below it.
        var symbols = Lines.symbols("CB08DT2B66V3Z", x: 0, score: 0.95).map(observed)
        symbols[2].score = 0.7
        let generic = try #require(SerialParser.fit(symbols, format: .generic))
        let twin = try #require(SerialParser.lookAlikeTwin(of: generic, symbols: symbols))
        #expect(twin.serial == "CBO8DT2B66V3Z")
        #expect(twin.repairs == generic.repairs + 1 && twin.isLookAlikeTwin)
        #expect(twin.minScore < generic.minScore)
        let ranked = SerialRanker.standard.rank([generic, twin], deviceType: nil).map(\.serial)
        #expect(ranked == ["CB08DT2B66V3Z", "CBO8DT2B66V3Z"])

        // Apple's formats have no O or I: their 0 and 1 are never swapped, their 5 and S are.
        var appleSymbols = Lines.symbols("C02XK1JCJG5J", x: 0, score: 0.9).map(observed)
        appleSymbols[1].score = 0.5
        let apple = try #require(SerialParser.fit(appleSymbols, format: .apple12))
        let appleTwin = try #require(SerialParser.lookAlikeTwin(of: apple, symbols: appleSymbols))
        #expect(!appleTwin.serial.contains("O") && !appleTwin.serial.contains("I"))
        appleSymbols[1].score = 0.9
        appleSymbols[10].score = 0.6
        let five = try #require(SerialParser.fit(appleSymbols, format: .apple12))
        #expect(SerialParser.lookAlikeTwin(of: five, symbols: appleSymbols)?.serial == "C02XK1JCJGSJ")
        // A randomised Apple serial whose S was read less surely than the rest: the 5 is offered too.
        var randomised = Lines.symbols("2MTS0ZESGH", x: 0, score: 0.95).map(observed)
        randomised[7].score = 0.55
        let read = try #require(SerialParser.fit(randomised, format: .appleRandom))
        let offered = try #require(SerialParser.lookAlikeTwin(of: read, symbols: randomised))
        #expect(offered.serial == "2MTS0ZE5GH")
        let order = SerialRanker.standard.rank([read, offered], deviceType: .iphone).map(\.serial)
        #expect(order == ["2MTS0ZESGH", "2MTS0ZE5GH"])
        // A Y whose arms meet low, in a light face, read V: the Y is offered too.
        var fork = Lines.symbols("6W0X20V02F", x: 0, score: 0.95).map(observed)
        fork[6].score = 0.6
        let forkRead = try #require(SerialParser.fit(fork, format: .appleRandom))
        #expect(SerialParser.lookAlikeTwin(of: forkRead, symbols: fork)?.serial == "6W0X20Y02F")
    }

    @Test func lookAlikeTwinsAddNoAgreement() throws {
        // Two readings of "CB08DT2B66V3Z" agree; the twin of each is still a single alternative, and a twin
        // never counts as a reading of the string it spells.
        var symbols = Lines.symbols("CB08DT2B66V3Z", x: 0, score: 0.95).map(observed)
        symbols[2].score = 0.9
        let generic = try #require(SerialParser.fit(symbols, format: .generic))
        let twin = try #require(SerialParser.lookAlikeTwin(of: generic, symbols: symbols))
        var readings: [SerialEvidence] = []
        for reading in 1...2 {
            for var item in [generic, twin] {
                item.reading = reading
                readings.append(item)
            }
        }
        let once = SerialRanker.standard.rank([generic], deviceType: nil)[0].confidence
        let ranked = SerialRanker.standard.rank(readings, deviceType: nil)
        #expect(ranked.map(\.serial) == ["CB08DT2B66V3Z", "CBO8DT2B66V3Z"])
        #expect(ranked[0].confidence > once)
        let twinAlone = SerialRanker.standard.rank([twin], deviceType: nil)[0].confidence
        #expect(abs(ranked[1].confidence - twinAlone) < 1e-9)
    }

    @Test func anOpeningOIsAsLikelyADAsA0() throws {
        // No Apple factory code opens with 0: an O read there may be the D of `DYT`. The 0 stays the
        // reading, with the O/0 swap counted as a repair even on an Apple device, and the D is offered.
        let symbols = Lines.symbols("OYTWP2YLDV35", x: 0, score: 0.95).map(observed)
        let read = try #require(SerialParser.fit(symbols, format: .apple12, announced: true))
        #expect(read.serial == "0YTWP2YLDV35" && read.repairs == 1 && read.letterRepairs == 0)
        let twin = try #require(SerialParser.factoryLeadTwin(of: read, symbols: symbols))
        #expect(twin.serial == "DYTWP2YLDV35" && twin.isLookAlikeTwin && twin.repairs == 2)
        let ranked = SerialRanker.standard.rank([read, twin], deviceType: .ipad).map(\.serial)
        #expect(ranked == ["0YTWP2YLDV35", "DYTWP2YLDV35"])
        // Elsewhere in the serial an O is a 0 as before, and a 0 read as such opens no alternative.
        let inside = try #require(SerialParser.fit(Lines.symbols("CO2XK1JCJG5J", x: 0, score: 0.95).map(observed),
                                                   format: .apple12))
        #expect(inside.letterRepairs == 1)
        let zero = Lines.symbols("0YTWP2YLDV35", x: 0, score: 0.95).map(observed)
        let zeroRead = try #require(SerialParser.fit(zero, format: .apple12))
        #expect(SerialParser.factoryLeadTwin(of: zeroRead, symbols: zero) == nil)
        // Randomised serials have no factory code.
        let random = Lines.symbols("OK7QWX4F2N9", x: 0, score: 0.95).map(observed)
        let randomRead = try #require(SerialParser.fit(random, format: .appleRandom))
        #expect(randomRead.letterRepairs == 1 && SerialParser.factoryLeadTwin(of: randomRead, symbols: random) == nil)
    }

    @Test func aKnownMacModelCodeSettlesALookAlike() throws {
        // `ML7H` is a MacBook Pro 16,2's code; `MLZH` is no Mac's, and Z is a 7's look-alike.
        #expect(AppleModelCodes.contains("ML7H") && !AppleModelCodes.contains("MLZH"))
        let symbols = Lines.symbols("C1MC9BZWMLZH", x: 0, score: 0.95).map(observed)
        let read = try #require(SerialParser.fit(symbols, format: .apple12, announced: true))
        let settled = try #require(SerialParser.knownModelCode(of: read, symbols: symbols))
        #expect(settled.serial == "C1MC9BZWML7H" && settled.codeRepairs == 1 && settled.repairs == read.repairs + 1)
        var asRead = read
        asRead.repairs += 1
        asRead.isLookAlikeTwin = true
        for deviceType in [DeviceType.macbook, nil] {
            let ranked = SerialRanker.standard.rank([settled, asRead], deviceType: deviceType).map(\.serial)
            #expect(ranked == ["C1MC9BZWML7H", "C1MC9BZWMLZH"])
        }
        // The parser offers both readings, the settled one first.
        let fits = SerialParser.fits(symbols, announced: true).filter { $0.format == .apple12 }.map(\.serial)
        #expect(fits.prefix(2) == ["C1MC9BZWML7H", "C1MC9BZWMLZH"])
        // A known code is left alone, and so is an unknown one that no single look-alike makes known.
        let known = Lines.symbols("C02X846JJG5J", x: 0, score: 0.95).map(observed)
        #expect(SerialParser.knownModelCode(of: try #require(SerialParser.fit(known, format: .apple12)),
                                            symbols: known) == nil)
        let random = Lines.symbols("FFMQ1QCYVLCT", x: 0, score: 0.95).map(observed)
        #expect(SerialParser.knownModelCode(of: try #require(SerialParser.fit(random, format: .apple12)),
                                            symbols: random) == nil)
    }

    @Test func anUntrustedAnswerSaysWhatItsReadingLacked() throws {
        func candidate(_ serial: String, _ confidence: Double, format: SerialFormat = .apple12, repairs: Int = 0,
                       captioned: Bool = true) -> SerialCandidate {
            SerialCandidate(serial: serial, confidence: confidence, format: format, box: nil, repairs: repairs,
                            captioned: captioned)
        }
        #expect(SerialScanResult.doubt(about: [candidate("C02XK1JCJG5J", 0.5)]) == nil)
        #expect(SerialScanResult.doubt(about: []) == nil)
        let doubt = try #require(SerialScanResult.doubt(about: [
            candidate("AB12CD34EF", 0.3, format: .generic, repairs: 2, captioned: false),
            candidate("AB12CD34FF", 0.2),
        ]))
        #expect(doubt.hasPrefix("the best reading, AB12CD34EF, is uncertain (confidence 0.30): "))
        for cause in ["no caption", "no maker's serial format", "2 of its characters were changed",
                      "another reading, AB12CD34FF, is nearly as likely"] {
            #expect(doubt.contains(cause), "\(cause)")
        }
        // A code's payload needs no caption; nothing lacking is said as such.
        var coded = candidate("C02XK1JCJG5J", 0.4, captioned: false)
        coded.sources = [.barcode]
        #expect(SerialScanResult.doubt(about: [coded])?.hasSuffix("its characters were read with little certainty") == true)
    }

    @Test func modelCodeTableHasTheShapeOfAppleCodes() {
        // Four serial characters each (digits and capitals without O and I), and enough of them to matter.
        #expect(AppleModelCodes.codes.count == 2002)
        let allowed = Set("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ")
        #expect(AppleModelCodes.codes.allSatisfy { $0.count == 4 && $0.allSatisfy(allowed.contains) })
    }

    func observed(_ symbol: RecognizedSymbol) -> ObservedSymbol {
        ObservedSymbol(
            character: symbol.text.first!, score: symbol.confidence,
            alternatives: symbol.alternatives.map { ($0.text.first!, $0.score) }, box: symbol.box)
    }
}
