import Foundation

/// Turns readings into ranked candidates with calibrated confidences.
///
/// Confidence is a logistic model over the evidence: character scores, repairs, grammar specificity,
/// captions, distractor labels, agreement between independent reads, and the device hint. Its weights were
/// fitted on the labelled development photos (`TestImages/serials`) and checked on the held-out set
/// (`TestImages/serials-holdout`), so that among answers given confidence about 0.8 about 80% are right.
package struct SerialRanker: Sendable {
    /// Logistic weights, one per entry of ``features(of:reads:deviceType:)``, in its order.
    package var weights: [Double]
    package var bias: Double
    /// The map from the model's confidence to the confidence a scan without a device type reports.
    ///
    /// The model was fitted on scans with the device type the apps send, where the device feature (a format
    /// the hinted maker uses, or not) carries much of the evidence. Without a hint that feature is 0 and the
    /// model's scores run low. The map is fitted to the top answers of scans without a hint on both sets the
    /// scanner is tuned on, whose photos differ most (`ocrbench calibrate --images TestImages/serials --images
    /// TestImages/serials-realistic --holdout TestImages/serials-independent --rescale-only --without-hints`):
    /// fitted on one generator's photos alone, it promised too much on photos unlike them.
    /// It keeps every order, so rankings, top-1 and AUROC stay as they are, and the scan itself (where it stops,
    /// what it answers, whether it reads codes) does not change: its thresholds apply to the model's own scores.
    package var unhinted: LogitScale

    /// Names of the features, in order (for calibration reports).
    package static let featureNames = [
        "meanScore", "minScore", "repairs", "trimmed", "caption", "distractor", "specificity", "agreement",
        "deviceMatch", "joinedPieces", "appleContextFormat", "fragment", "rival",
    ]

    /// What each unit of the ``SerialEvidence/rival`` feature takes off a candidate's reported log-odds.
    ///
    /// The model ranks without it (its weight for the feature is 0): a rival marks a character the reader may
    /// have misread, not which candidate is right, and ranking with it lost answers without a device type. The
    /// reported confidence takes it, because the model's other features cannot see a look-alike the grammar
    /// leaves open (A/4, D/0, S/5 in most places), where its most confident wrong answers came from.
    ///
    /// Fitted leave-one-generator-out with `ocrbench calibrate --rival-penalty --images A --images B --holdout C`
    /// over the main, realistic and independent sets: -2.75 (C independent), -2.99 (C realistic), -3.12 (C main).
    /// The fit's intercept, which is dropped, is positive: the fitted weight alone leaves right answers reported
    /// low (expected calibration error about 0.12 on every set). -2.0 is used, between that and no penalty; with
    /// it, on 2026-12-07, no set gave a wrong answer at 0.9 or more with hints (3 of 94 on the realistic set and 1
    /// of 66 on the independent one before), and without hints 2 of 51 on the independent set (2 of 53 before).
    package var rivalPenalty: Double

    package init(weights: [Double], bias: Double, unhinted: LogitScale = .identity, rivalPenalty: Double = 0) {
        self.weights = weights
        self.bias = bias
        self.unhinted = unhinted
        self.rivalPenalty = rivalPenalty
    }

    /// The confidence reported for a candidate the model scored `confidence`, with its `features`
    /// (``features(of:reads:deviceType:appleContext:fragment:)``; none for a candidate read only from a code):
    /// lowered by ``rivalPenalty`` for its reader's strongest grammatical rival. Order is not kept.
    package func reported(_ confidence: Double, features: [Double]) -> Double {
        guard let index = Self.featureNames.firstIndex(of: "rival"), index < features.count, features[index] > 0 else {
            return confidence
        }
        return 1 / (1 + exp(-(LogitScale.logOdds(confidence) + rivalPenalty * features[index])))
    }

    /// A monotone map of confidences through their log-odds (Platt scaling): `c` becomes
    /// `1 / (1 + exp(-(scale * log(c / (1 - c)) + offset)))`. Any two confidences keep their order.
    package struct LogitScale: Sendable, Equatable {
        package var scale: Double
        package var offset: Double

        package init(scale: Double, offset: Double) {
            self.scale = scale
            self.offset = offset
        }

        /// The map that leaves every confidence as it is.
        package static let identity = LogitScale(scale: 1, offset: 0)

        /// `confidence` (0...1) mapped; 0 and 1 stay just inside.
        package func callAsFunction(_ confidence: Double) -> Double {
            1 / (1 + exp(-(scale * Self.logOdds(confidence) + offset)))
        }

        /// `log(c / (1 - c))` of a confidence, taken just inside 0 and 1 so that both stay finite.
        package static func logOdds(_ confidence: Double) -> Double {
            let clamped = min(max(confidence, 1e-9), 1 - 1e-9)
            return log(clamped / (1 - clamped))
        }

        /// This map followed by `next`, as one map.
        package func then(_ next: LogitScale) -> LogitScale {
            LogitScale(scale: next.scale * scale, offset: next.scale * offset + next.offset)
        }
    }

    /// Fitted with `ocrbench calibrate --images TestImages/serials --holdout TestImages/serials-holdout`
    /// (photos scanned with their manifest's device type), refitted in full on 2026-11-25 once agreement
    /// counted readings instead of format fits: on the held-out set AUROC 0.797 -> 0.915 and expected
    /// calibration error 0.160 -> 0.082 against the earlier weights, top-1 82.2% -> 78.9% (three photos);
    /// on the fitting set AUROC 0.901 -> 0.954, top-1 82.4% -> 81.9%. A rescale only (`--rescale-only`,
    /// which keeps the ranking) gave held-out AUROC 0.811.
    package static let standard = SerialRanker(
        weights: [0.217, 0.705, -2.105, -2.325, 0.004, -5.326, 2.537, 3.096, 1.899, -1.947, -0.622, -0.924, 0],
        bias: -3.931, unhinted: LogitScale(scale: 1.308, offset: 1.311), rivalPenalty: -2.0)

    /// The model's inputs for one serial.
    static func features(
        of evidence: SerialEvidence, reads: Int, deviceType: DeviceType?, appleContext: Bool = false,
        fragment: Bool = false
    ) -> [Double] {
        let device: Double
        switch deviceType {
        case .some(let type) where type.isApple:
            device = evidence.format.isApple ? (Self.isShippedAppleLength(evidence) ? 1 : 0) : -1
        case .some: device = evidence.format.isApple ? -0.5 : 0.5
        case .none: device = 0
        }
        return [
            evidence.meanScore,
            evidence.minScore,
            counted(repairsOf: evidence, deviceType: deviceType),
            Double(evidence.trimmed),
            evidence.caption,
            evidence.distractor ? 1 : 0,
            evidence.format.specificity(length: evidence.serial.count),
            Double(min(reads - 1, 3)),
            device,
            Double(evidence.pieces - 1),
            appleContext && evidence.format.isApple ? 1 : 0,
            fragment ? 1 : 0,
            evidence.rival,
        ]
    }

    /// False for a randomised Apple serial of another length than 10, which an Apple device hint does not
    /// support: Apple announced 8 to 14 characters, but every randomised serial shipped has had 10 (MacRumors,
    /// 9 March and 5 May 2021; Apple's own examples). A 9- or 11-character reading on an Apple device is far more
    /// often a 10- or 12-character serial with a character lost at the line's end or gained from a neighbour
    /// (`FVFP8J3CV` for `FVFP8J3CW131`, `FC8QT8SJB3PDQ` for `C8QT8SJB3PDQ`) than a serial of that length.
    static func isShippedAppleLength(_ evidence: SerialEvidence) -> Bool {
        evidence.format != .appleRandom || evidence.serial.count == 10
    }

    /// The repairs that count against a reading: all of them, except that on an Apple device an O read as
    /// 0 or an I as 1 in an Apple format is no repair at all (``SerialEvidence/letterRepairs``). Apple leaves
    /// both letters out of its serials, so the hint settles them; a reader's O/0 and I/1 choices are close to
    /// a coin toss in many faces (`Serial Number DLXLIFOTM3YZ`, read so six times, had scored 0.22).
    ///
    /// On 2026-11-28, with hints: main set AUROC 0.950 -> 0.967 (top-1 and top-3 the same), independent set
    /// 91.1% -> 92.2% top-1 (AUROC 0.838 -> 0.830), held out unchanged. Without a hint the letters stay
    /// repairs: a generic label ID may hold a real O, and counting them as free there took the held-out set
    /// from 97.8% to 95.6% (AUROC 0.989 -> 0.657).
    ///
    /// A look-alike swapped to make a known Mac's model code (``SerialEvidence/codeRepairs``) is no repair
    /// either, with or without a hint: the code itself says the serial is Apple's.
    static func counted(repairsOf evidence: SerialEvidence, deviceType: DeviceType?) -> Double {
        let settled = deviceType?.isApple == true && evidence.format.isApple ? evidence.letterRepairs : 0
        return Double(evidence.repairs - settled - evidence.codeRepairs)
    }

    /// The model's log-odds that a candidate with these features is right.
    package func logit(_ features: [Double]) -> Double {
        zip(weights, features).reduce(bias) { $0 + $1.0 * $1.1 }
    }

    package func confidence(_ features: [Double]) -> Double {
        1 / (1 + exp(-logit(features)))
    }

    /// `serial` with every O read as 0 and every I as 1.
    static func appleDigits(_ serial: String) -> String {
        String(serial.map { $0 == "O" ? "0" : $0 == "I" ? "1" : $0 })
    }

    /// Candidates best first: one per serial string (its best reading), readings contained in a better
    /// candidate's string dropped, at most `limit`.
    func rank(
        _ evidence: [SerialEvidence], deviceType: DeviceType?, appleContext: Bool = false, limit: Int = 5
    ) -> [SerialCandidate] {
        rankWithFeatures(evidence, deviceType: deviceType, appleContext: appleContext, limit: limit).map(\.candidate)
    }

    /// ``rank(_:deviceType:limit:)`` with each candidate's feature vector, for calibration.
    /// `appleContext` is true where Apple serials are expected: engraved plates and device screens (the
    /// etched and screen presets), or an Apple device hint.
    func rankWithFeatures(
        _ evidence: [SerialEvidence], deviceType: DeviceType?, appleContext: Bool = false, limit: Int
    ) -> [(candidate: SerialCandidate, features: [Double])] {
        // Agreement counts the scan's readings that gave a serial, not its fits: one reading of a 12-character
        // Apple serial fits three formats and is still one reading. A reading agrees with a string only when it
        // read that whole token: "C02V75WS91SJ" trimmed to "C02V75WS91S" is a disagreement with a second
        // reading that lost the J, not support for it (such pairs had put the shorter string first).
        //
        // Under a hint of another maker's device, a reading repaired into an Apple format (an O read where
        // Apple allows only 0) does not support the Apple string either: the reading as made, O and all, is
        // the likelier label ID there. Counting it had a label's `HJUS25Z7MOJCGU`, read once with O and once
        // with 0, answered with the 0 at 0.82 (main set with hints: 97.2 -> 97.7% top-1, AUROC 0.925 ->
        // 0.931, no other answer or confidence changed on either set, with or without hints).
        var readings: [String: Set<Int>] = [:]
        let appleAllowed = deviceType?.isApple ?? true
        for item in evidence where !item.isLookAlikeTwin && item.trimmed == 0
            && (item.repairs == 0 || appleAllowed || !item.format.isApple)
        {
            readings[item.serial, default: []].insert(item.reading)
        }
        let reads = readings.mapValues(\.count)
        // A serial one reading found right after another ID's label ("Type: P77G005") is that ID in every
        // reading: the label is far likelier to be misread in the others ("TVPe:") than invented in one.
        // Uncaptioned readings take the label; a reading under a serial caption keeps its own word.
        let labelled = Set(evidence.filter(\.distractor).map(\.serial))
        // A reading that is part of a longer reading of the same characters (a serial with its first
        // characters misread as punctuation) is a fragment.
        let fragments = Self.fragments(of: Set(evidence.map(\.serial)))
        var best: [String: (evidence: SerialEvidence, score: Double, features: [Double])] = [:]
        for var item in evidence {
            if labelled.contains(item.serial) && item.caption <= 0 { item.distractor = true }
            let fragment = fragments.contains(item.serial)
            let features = Self.features(
                of: item, reads: reads[item.serial] ?? 1, deviceType: deviceType, appleContext: appleContext,
                fragment: fragment)
            let score = confidence(features)
            if let current = best[item.serial], current.score >= score { continue }
            best[item.serial] = (item, score, features)
        }
        // Where Apple serials are expected, a generic reading with an O or an I that also reads as an Apple
        // serial once they are 0 and 1 is that Apple serial: Apple leaves both letters out of its serials so
        // the two can never be confused, and OCR's O/0 and I/1 choices are close to a coin toss on plates.
        // A device hint decides where there is one (a Samsung label photographed like a screen keeps its I);
        // readings in another maker's format are left to the model.
        if deviceType.map(\.isApple) ?? appleContext {
            for (serial, entry) in best
            where entry.evidence.format == .generic && serial.contains(where: { $0 == "O" || $0 == "I" }) {
                let apple = Self.appleDigits(serial)
                guard let twin = best[apple], twin.evidence.format.isApple else { continue }
                best[serial] = nil
                // The same reading, rightly interpreted: it keeps the better of the two scores.
                if entry.score > twin.score { best[apple] = (twin.evidence, entry.score, entry.features) }
            }
            // Apple's randomised serials are 10 characters, so an 11- or 12-character reading that one look-alike
            // swap turns into an older layout (12: year and week letters; 11: year and week digits) is that
            // serial: a 12-character serial's week letter is never S, so `H4HTSRNGB2XP` is `H4HT5RNGB2XP`. On
            // 2026-11-28 this took the main set with hints from 98.1% to 98.6% top-1 and AUROC 0.844 -> 0.948 (its
            // most confident wrong answer, 0.92); top-1, top-3 and AUROC of the other sets and runs stayed the same.
            let layouts = best.filter { $0.value.evidence.format == .apple12 || $0.value.evidence.format == .apple11 }
            for (serial, entry) in best
            where (entry.evidence.format == .appleRandom || entry.evidence.format == .generic)
                && (11...12).contains(serial.utf8.count)
            {
                guard
                    let layout = layouts.filter({ Confusables.swapsOneLookAlike(serial, $0.key) })
                        .max(by: { $0.value.score < $1.value.score })?.key,
                    let twin = best[layout]
                else { continue }
                best[serial] = nil
                if entry.score > twin.score { best[layout] = (twin.evidence, entry.score, entry.features) }
            }
        }
        let ordered = best.values.sorted {
            $0.score != $1.score ? $0.score > $1.score : $0.evidence.serial < $1.evidence.serial
        }
        var kept: [(candidate: SerialCandidate, features: [Double])] = []
        for (item, score, features) in ordered {
            let characters = Array(item.serial.utf8)
            if kept.contains(where: { Self.holds(Array($0.candidate.serial.utf8), characters) }) { continue }
            let candidate = SerialCandidate(
                serial: item.serial, confidence: score, format: item.format, box: item.box, repairs: item.repairs,
                captioned: item.caption > 0)
            kept.append((candidate, features))
            if kept.count == limit { break }
        }
        return kept
    }

    /// The serials that are part of a longer one of the set. Compared as UTF-8 bytes: Foundation's substring
    /// search, called for every pair after every reading, was 2.5% of a scan's time.
    static func fragments(of serials: Set<String>) -> Set<String> {
        let bytes = serials.map { ($0, Array($0.utf8)) }
        var fragments: Set<String> = []
        for (serial, characters) in bytes
        where bytes.contains(where: { $0.1.count > characters.count && holds($0.1, characters) }) {
            fragments.insert(serial)
        }
        return fragments
    }

    /// True when `part` occurs in `whole` as a contiguous run of bytes (an empty part occurs everywhere).
    static func holds(_ whole: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= whole.count else { return false }
        guard !part.isEmpty else { return true }
        return (0...(whole.count - part.count)).contains { start in
            whole[start..<(start + part.count)].elementsEqual(part)
        }
    }
}
