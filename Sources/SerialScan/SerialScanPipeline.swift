import Foundation
import LegibleCodes
import LegibleImaging
import LegibleOCR

/// The work of one scan on one recogniser: variants, line finding, recognition of the promising lines,
/// parsing and ranking, with an early stop once a candidate is certain.
struct SerialScanPipeline {
    let recognizer: Recognizer
    let options: SerialScanOptions
    let ranker: SerialRanker

    func run(_ image: Image, preset requested: SerialPreset, deviceType: DeviceType?, decodeMilliseconds: Double)
        throws(SerialScanError) -> SerialScanResult
    {
        let clock = ContinuousClock()
        let start = clock.now
        let photo = try PreparedPhoto(image, workingSize: options.workingSize)
        if photo.statistics.standardDeviation < 2 {
            var timings = SerialScanTimings()
            timings.decode = decodeMilliseconds
            timings.total = (clock.now - start).milliseconds + decodeMilliseconds
            let preset =
                requested == .auto ? PresetClassifier.classify(photo.working) : requested
            return SerialScanResult(
                candidates: [], preset: preset, timings: timings, reason: "the image is blank", lines: [])
        }
        // The time limit counts decoding too.
        let deadline = options.timeLimit.map { start.advanced(by: $0 - .milliseconds(decodeMilliseconds)) }
        var result = try read(photo, preset: requested, deviceType: deviceType, deadline: deadline)
        if (result.top?.confidence ?? 0) < options.stopConfidence {
            result = try readSideways(
                photo, upright: result, preset: requested, deviceType: deviceType, deadline: deadline)
        }
        if result.reachedTimeLimit, result.candidates.isEmpty { result.reason = Self.timeLimitReason }
        let codes = ExpressServiceCode.tags(in: result.lines)
        (result.candidates, result.candidateFeatures) = ExpressServiceCode.reconciled(
            result.candidates, features: result.candidateFeatures, tags: codes, limit: options.maximumCandidates)
        // Decided on the model's own score, as the scan's other decisions are, not on the confidence reported.
        let textIsNearCertain =
            (result.top?.confidence ?? 0) >= (deviceType == nil ? Self.readCodesBelowWithoutHint : Self.readCodesBelow)
        // Reported only: the scan's own decisions use the model's scores (SerialRanker.rivalPenalty and
        // SerialRanker.unhinted).
        result.candidates = result.candidates.enumerated().map { index, candidate in
            var candidate = candidate
            let features = index < result.candidateFeatures.count ? result.candidateFeatures[index] : []
            candidate.confidence = ranker.reported(candidate.confidence, features: features)
            if deviceType == nil { candidate.confidence = ranker.unhinted(candidate.confidence) }
            return candidate
        }
        // The model's order is the ranking; the rival only tempers how sure it is. A candidate below another
        // is reported no surer than it, so the list still reads best first.
        for index in result.candidates.indices.dropFirst() {
            result.candidates[index].confidence = min(
                result.candidates[index].confidence, result.candidates[index - 1].confidence)
        }
        // Codes are read on the photo as decoded (their modules are a few pixels wide): always on labels, where
        // serials are printed with their code, and elsewhere unless the text already gave a near-certain
        // answer read upright, since zbar takes about half as long as a whole scan of a 1 MP photo. An answer
        // read turned is not trusted alone: the photo was unsure upright, and the confidence model was fitted on
        // upright photos. Not once the time limit has passed.
        let withinLimit = deadline.map { clock.now < $0 } ?? true
        if withinLimit, result.preset == .sticker || !textIsNearCertain || result.rotation != 0 {
            let codeStart = clock.now
            result.codes = (try? CodeReader().symbols(in: image)) ?? []
            if !result.codes.isEmpty {
                let features = result.candidates.indices.map {
                    $0 < result.candidateFeatures.count ? result.candidateFeatures[$0] : []
                }
                let combined = CodeSerials.combined(
                    Array(zip(result.candidates, features)), symbols: result.codes, deviceType: deviceType,
                    limit: options.maximumCandidates)
                result.candidates = combined.map(\.candidate)
                result.candidateFeatures = combined.map(\.features)
                if !result.candidates.isEmpty { result.reason = nil }
            }
            result.timings.codes = (clock.now - codeStart).milliseconds
        }
        result.timings.decode = decodeMilliseconds
        result.timings.total = (clock.now - start).milliseconds + decodeMilliseconds
        return result
    }

    /// The model's score of the text's answer below which the photo's barcodes and QR codes are read.
    static let readCodesBelow = 0.9

    /// ``readCodesBelow`` for a scan without a device type, whose scores run low (the model's device feature is
    /// 0; see `SerialRanker.unhinted`). On the main set, 199 of the 206 answers at or above it without a hint
    /// were right.
    static let readCodesBelowWithoutHint = 0.5

    /// Reads a photo whose upright reading fell short of the stop confidence turned a quarter each way, when
    /// its text runs up and down (``TextAxis``); the three passes are merged and ``SerialScanResult/rotation`` says
    /// which turn the answer came from. Boxes are given in the photo's own pixels.
    private func readSideways(
        _ photo: PreparedPhoto, upright: SerialScanResult, preset: SerialPreset, deviceType: DeviceType?,
        deadline: ContinuousClock.Instant?
    ) throws(SerialScanError) -> SerialScanResult {
        let clock = ContinuousClock()
        let start = clock.now
        guard TextAxis.looksSideways(photo) else { return upright }
        var passes = [upright]
        passes[0].timings.locate += (clock.now - start).milliseconds
        let width = photo.gray.width, height = photo.gray.height
        for turns in [1, 3] {
            if let deadline, clock.now >= deadline {
                passes[0].reachedTimeLimit = true
                break
            }
            var pass = try read(
                try photo.turned(quarterTurns: turns), preset: preset, deviceType: deviceType, deadline: deadline)
            pass.rotation = turns * 90
            pass.mapBoxes { $0.turnedBack(quarterTurns: turns, width: width, height: height) }
            // Both turns are read: text upside down can still read as a confident string of look-alikes
            // (`98ST1V19P0W`), so the first turn to reach the stop confidence is not taken on trust.
            passes.append(pass)
        }
        return Self.merged(Self.rightWayUp(passes), limit: options.maximumCandidates)
    }

    /// The passes whose lines read the most words of ``SerialLexicon`` (captions, other IDs' labels, Apple's
    /// product words), when any reads one: the photo turned the right way up reads words, the same text
    /// upside down only look-alike strings, which can still score high as serials. All passes when none
    /// reads a known word.
    static func rightWayUp(_ passes: [SerialScanResult]) -> [SerialScanResult] {
        let counts = passes.map { pass in pass.lines.reduce(0) { $0 + SerialLexicon.knownWordCount(in: $1.text) } }
        guard let most = counts.max(), most > 0 else { return passes }
        return zip(passes, counts).filter { $0.1 == most }.map(\.0)
    }

    /// The photo read as it stands: with `.auto`, the guessed preset's pipeline first, then the others while
    /// none reaches the stop confidence.
    private func read(
        _ photo: PreparedPhoto, preset requested: SerialPreset, deviceType: DeviceType?,
        deadline: ContinuousClock.Instant?
    ) throws(SerialScanError) -> SerialScanResult {
        let clock = ContinuousClock()
        guard requested == .auto else {
            return try scan(
                photo, preset: requested, deviceType: deviceType, lineBudget: options.maximumLines, deadline: deadline)
        }
        let guess = PresetClassifier.classify(photo.working)
        var passes = [
            try scan(photo, preset: guess, deviceType: deviceType, lineBudget: options.maximumLines, deadline: deadline)
        ]
        // Global statistics tell the kinds of photo apart only roughly (a light settings screen can pass for
        // a label or for metal). When the guessed kind's pipeline ends short of the stop confidence, the
        // others read the photo too, each with half the line budget, until one of them reaches the stop
        // confidence; the most confident answer leads.
        if (passes[0].top?.confidence ?? 0) < options.stopConfidence {
            let budget = max(1, options.maximumLines / 2)
            for other in [SerialPreset.etched, .screen, .sticker] where other != guess {
                // A pass that reaches the stop confidence ends the fallback, as it would end a scan: on
                // 2026-11-26 the same top-1 and AUROC on both serial sets, main-set p90 521 -> 461 ms. After
                // its first reading, lines are first read by the serial model alone (readingsByEveryModel).
                if passes.contains(where: { ($0.top?.confidence ?? 0) >= options.stopConfidence }) { break }
                if let deadline, clock.now >= deadline {
                    passes[0].reachedTimeLimit = true
                    break
                }
                passes.append(
                    try scan(
                        photo, preset: other, deviceType: deviceType, lineBudget: budget, deadline: deadline,
                        readingsByEveryModel: 1))
            }
        }
        return passes.count == 1 ? passes[0] : Self.merged(passes, limit: options.maximumCandidates)
    }

    /// Several presets' passes over one photo as one result: the candidates of all by confidence (a serial
    /// several found keeps its highest), the preset of the pass whose answer leads, the lines of all and their
    /// stage times added. Readings are not pooled for agreement: passes that share a misreading would lend it
    /// agreement (on the main set pooling took AUROC from 0.93 to 0.75).
    static func merged(_ passes: [SerialScanResult], limit: Int) -> SerialScanResult {
        var pairs: [(candidate: SerialCandidate, features: [Double])] = []
        var timings = SerialScanTimings()
        for result in passes {
            for (index, candidate) in result.candidates.enumerated() {
                let features = index < result.candidateFeatures.count ? result.candidateFeatures[index] : []
                if let existing = pairs.firstIndex(where: { $0.candidate.serial == candidate.serial }) {
                    if candidate.confidence > pairs[existing].candidate.confidence {
                        pairs[existing] = (candidate, features)
                    }
                } else {
                    pairs.append((candidate, features))
                }
            }
            timings.locate += result.timings.locate
            timings.recognize += result.timings.recognize
            timings.rank += result.timings.rank
        }
        // Two passes whose answers differ in one character are a close call between them, as two readings of a
        // line are: the leader's confidence is cut. In the fallback's first runs both such photos (one per
        // serial set) led with the wrong one, at 0.53 and 0.92. So is a leader that another pass's answer
        // continues by one character: a reader loses a faint last character at a line's end far more often
        // than it makes one up in the margin after it.
        if let leader = pairs.indices.max(by: { pairs[$0].candidate.confidence < pairs[$1].candidate.confidence }) {
            let serial = pairs[leader].candidate.serial
            let rivals = passes.compactMap(\.top).filter { $0.serial != serial && $0.confidence > 0.2 }
            if rivals.contains(where: {
                Self.differInOneCharacter($0.serial, serial) || Self.continuesByOneCharacter($0.serial, serial)
            }) {
                pairs[leader].candidate.confidence *= Self.closeCallBetweenPasses
            }
        }
        // Stable: on equal confidence the earlier pass's candidate stays ahead.
        let ranked = pairs.enumerated().sorted {
            ($0.element.candidate.confidence, -$0.offset) > ($1.element.candidate.confidence, -$1.offset)
        }.map(\.element).prefix(limit)
        // The preset of the pass whose answer leads (the first to have it, when several do).
        let leading = ranked.first.flatMap { first in passes.first { $0.top?.serial == first.candidate.serial } }
            ?? passes.max { ($0.top?.confidence ?? -1) < ($1.top?.confidence ?? -1) } ?? passes[0]
        var result = SerialScanResult(
            candidates: ranked.map(\.candidate), preset: leading.preset, timings: timings,
            reason: ranked.isEmpty ? passes[0].reason : nil, lines: passes.flatMap(\.lines))
        result.rotation = leading.rotation
        result.candidateFeatures = ranked.map(\.features)
        result.reachedTimeLimit = passes.contains(where: \.reachedTimeLimit)
        return result
    }

    /// Factor on the confidence of an answer another pass read one character differently.
    static let closeCallBetweenPasses = 0.6

    /// True when `longer` is `shorter` with one more character at its end.
    static func continuesByOneCharacter(_ longer: String, _ shorter: String) -> Bool {
        longer.count == shorter.count + 1 && longer.hasPrefix(shorter)
    }

    /// True for two strings of one length that differ in exactly one place.
    static func differInOneCharacter(_ first: String, _ second: String) -> Bool {
        first.count == second.count && zip(first, second).filter { $0 != $1 }.count == 1
    }

    /// One preset's pipeline over a prepared photo, reading at most `lineBudget` lines. Its timings hold the
    /// locate, recognise and rank stages only.
    private func scan(
        _ photo: PreparedPhoto, preset: SerialPreset, deviceType: DeviceType?, lineBudget: Int,
        deadline: ContinuousClock.Instant?, readingsByEveryModel: Int = Self.readingsByEveryModel
    ) throws(SerialScanError) -> SerialScanResult {
        let clock = ContinuousClock()
        var timings = SerialScanTimings()
        let gray = photo.gray, working = photo.working, scale = photo.scale
        var frame: WorkingFrame?
        // Apple serials are expected on an Apple device, or without a hint on plates, screens and anything
        // that names an Apple product.
        var appleContext = deviceType.map(\.isApple) ?? (preset == .etched || preset == .screen)

        var evidence: [SerialEvidence] = []
        var readingCount = 0
        var followUpReadings: Set<Int> = []
        var recognizedBands: [PixelRect] = []
        var readLines: [SerialScanLine] = []
        var ranked: [SerialCandidate] = []
        var sawText = false
        var reachedTimeLimit = false
        // True, and noted in the result, once the time limit has passed: no further variant or reading starts.
        func outOfTime() -> Bool {
            guard let deadline, clock.now >= deadline else { return false }
            reachedTimeLimit = true
            return true
        }
        var locateTime = Duration.zero
        var recognizeTime = Duration.zero
        var rankTime = Duration.zero

        variants: for variant in ImageVariant.ordered(for: preset, darkBackground: photo.darkBackground) {
            if outOfTime() { break variants }
            let locateStart = clock.now
            let lines: [TextLineCandidate]
            let profile: InkProfile?
            do {
                let textHeight = photo.textHeight
                var binary = try variant.binarize(frame?.working ?? working, textHeight: textHeight)
                if frame == nil {
                    // Straighten once, by the skew of the first variant's ink; later variants reuse the frame.
                    var angle = 0.0
                    if variant.reduction == 1, let skew = try binary.skewAngle(), abs(skew.degrees) >= 0.5 {
                        angle = skew.degrees
                    }
                    frame = try WorkingFrame(gray: gray, scale: scale, angle: angle, unrotated: working)
                    // Ink is found again in the straightened copy: turning the ink found before (or finding
                    // the skew at half resolution) was faster but lost answers on both serial sets.
                    if angle != 0 { binary = try variant.binarize(frame!.working, textHeight: textHeight) }
                }
                lines = try TextLineFinder.lines(in: binary, lightText: variant.isLightText, reduction: variant.reduction)
                profile = try? InkProfile(binary, reduction: variant.reduction)
                if let directory = options.diagnosticsDirectory {
                    try? binary.pngData().write(to: URL(fileURLWithPath: "\(directory)/ink-\(variant).png"))
                }
            } catch {
                locateTime += clock.now - locateStart
                continue
            }
            locateTime += clock.now - locateStart
            if !lines.isEmpty { sawText = true }
            let promising = Self.readingOrder(lines)
            // Bands to read next, before the remaining promising lines: what a caption announces.
            var queue: [(band: PixelRect, line: TextLineCandidate, caption: RecognizedLine?)] = []
            var next = promising.makeIterator()
            while true {
                if readLines.count >= lineBudget { break variants }
                guard let frame else { break variants }
                let band: PixelRect
                let line: TextLineCandidate
                var captionAbove: RecognizedLine?
                let isFollowUp = !queue.isEmpty
                if isFollowUp {
                    (band, line, captionAbove) = queue.removeFirst()
                } else if let promisingLine = next.next() {
                    line = promisingLine
                    band = rowBand(of: line, among: lines, profile: profile, bounds: frame.working.bounds)
                } else {
                    break
                }
                if recognizedBands.contains(where: { $0.intersectionOverUnion(band) > 0.5 }) { continue }
                recognizedBands.append(band)

                // Tesseract's reading of faint or unusual type changes with scale: when the first reading of a
                // promising line gives no confident serial, read it again a third larger and let the two
                // readings compete (agreement between them raises confidence). On engraved plates the first
                // reading is of the top-hat along the rows (which drops the metal's streaks) and the second of
                // the square top-hat: each reads lines the other garbles.
                //
                // When the two readings give two serials one character apart with about the same confidence
                // (`E5WR8PB082` and `ESWR8PB082`, each character read at 0.98), a third reading, larger again,
                // casts the deciding vote through the agreement it adds to one of them.
                var firstReading: [RecognizedLine] = []
                var lineEvidence: [SerialEvidence] = []
                for (attempt, scaleUp) in [1.0, 1.3, 1.6].enumerated() {
                    if attempt == 2,
                        !Self.isCloseCall(lineEvidence, ranker: ranker, deviceType: deviceType, appleContext: appleContext)
                    {
                        break
                    }
                    if outOfTime() { break variants }
                    let recognizeStart = clock.now
                    let read = try recognize(
                        band, in: frame, characterHeight: Double(line.characterHeight) / scale / scaleUp,
                        variant: variant, alongRows: attempt == 0 && preset == .etched, slope: line.slope,
                        firstModelOnly: attempt == 0 && readingCount >= readingsByEveryModel)
                    recognizeTime += clock.now - recognizeStart
                    readLines += read.map { SerialScanLine(text: $0.text, box: $0.box, confidence: $0.confidence) }

                    let rankStart = clock.now
                    if !appleContext && deviceType == nil && read.contains(where: SerialLexicon.namesAppleProduct) { appleContext = true }
                    var found = SerialParser.evidence(in: read)
                    if let captionAbove {
                        // Parsed under the caption line so it announces them; its own readings were counted.
                        found = SerialParser.evidence(in: [captionAbove] + read).filter {
                            $0.box.intersectionOverUnion(captionAbove.box) == 0
                                && $0.box.y >= captionAbove.box.y + captionAbove.box.height / 2
                        }
                    }
                    if attempt == 0 {
                        firstReading = read
                    } else if attempt == 1 {
                        // Characters only one of the two readings has are likely insertions.
                        for (line, dropped) in ReadingConsensus.agreedLines(firstReading, read) {
                            found += SerialParser.evidence(in: [line]).map { reading in
                                var reading = reading
                                reading.repairs += dropped
                                return reading
                            }
                        }
                        // Characters the two readings differ on are taken from the more confident one.
                        for line in ReadingConsensus.mergedLines(firstReading, read) {
                            found += SerialParser.evidence(in: [line])
                        }
                    }
                    readingCount += 1
                    if isFollowUp { followUpReadings.insert(readingCount) }
                    let numbered = found.map { item in
                        var item = item
                        item.reading = readingCount
                        return item
                    }
                    evidence += numbered
                    lineEvidence += numbered
                    if attempt == 0, !isFollowUp, let caption = Self.unansweredCaption(in: read, found: found) {
                        queue += followUpBands(after: band, line: line, bounds: frame.working.bounds, scale: scale)
                            .map { ($0, line, $0.y >= band.maxY - band.height / 3 ? caption : nil) }
                    }
                    ranked = ranker.rank(
                        evidence, deviceType: deviceType, appleContext: appleContext, limit: options.maximumCandidates)
                    rankTime += clock.now - rankStart
                    // A second reading only helps a line that already looks like it holds a serial, and is
                    // skipped only when the first is near certain: the scan may stop after this line at a lower
                    // confidence, and agreement between two readings is what lifts a right answer above it.
                    let lineBest =
                        ranker.rank(found, deviceType: deviceType, appleContext: appleContext, limit: 1).first?.confidence ?? 0
                    // Nor does a line whose every serial-shaped reading follows another ID's label (`FCC ID:`,
                    // `CMIIT ID:`, `IMEI`): on 2026-11-28 with device hints, skipping those kept every top-1 and
                    // top-3 answer and AUROC on the four sets (only distractors left third places), with 6.7%
                    // (main) and 7.3% (held out) fewer lines read; main-set recognition 0.86x summed.
                    let onlyOtherIDs = !found.isEmpty && found.allSatisfy(\.distractor)
                    if attempt == 0
                        && (lineBest >= max(options.stopConfidence, Self.secondReadingBelow) || onlyOtherIDs
                            || !read.contains(where: Self.hasSerialLikeToken))
                    {
                        break
                    }
                }
                // Below the near-certain level, an answer read only in the bands after a caption (the rest of
                // its row, the row below) must have been read twice to end the scan: one garbled reading under
                // a caption can score 0.6 and would end it before the serial's own line is read.
                if let best = ranked.first, best.confidence >= options.stopConfidence {
                    let readings = Set(evidence.filter { $0.serial == best.serial }.map(\.reading))
                    if best.confidence >= Self.secondReadingBelow || readings.count >= 2
                        || !readings.isSubset(of: followUpReadings)
                    {
                        break variants
                    }
                }
            }
        }

        timings.locate = locateTime.milliseconds
        timings.recognize = recognizeTime.milliseconds
        timings.rank = rankTime.milliseconds
        let reason: String?
        if !ranked.isEmpty {
            reason = nil
        } else if reachedTimeLimit {
            reason = Self.timeLimitReason
        } else {
            reason = sawText ? "text was found but none of it reads as a serial number" : "no text was found"
        }
        let withFeatures = ranker.rankWithFeatures(
            evidence, deviceType: deviceType, appleContext: appleContext, limit: options.maximumCandidates)
        var result = SerialScanResult(
            candidates: withFeatures.map(\.candidate), preset: preset, timings: timings, reason: reason,
            lines: readLines)
        result.candidateFeatures = withFeatures.map(\.features)
        result.reachedTimeLimit = reachedTimeLimit
        return result
    }

    /// Why a scan stopped by ``SerialScanOptions/timeLimit`` has no candidates.
    static let timeLimitReason = "the time limit was reached before a serial number was read"

    /// Confidence below which a line holding a serial-like word is read a second time, a third larger.
    static let secondReadingBelow = 0.85

    /// True when a line's two best serials differ in one character and their confidences by less than
    /// ``closeCallMargin``: two readings that disagree on one look-alike, which a third reading can settle.
    static func isCloseCall(
        _ lineEvidence: [SerialEvidence], ranker: SerialRanker, deviceType: DeviceType?, appleContext: Bool
    ) -> Bool {
        // Look-alike twins differ from their reading in one character by construction: not a disagreement.
        let read = lineEvidence.filter { !$0.isLookAlikeTwin }
        let best = ranker.rank(read, deviceType: deviceType, appleContext: appleContext, limit: 2)
        guard best.count == 2, best[0].confidence - best[1].confidence < closeCallMargin else { return false }
        return differInOneCharacter(best[0].serial, best[1].serial)
    }

    /// Confidence difference under which a line's two best serials count as a close call.
    static let closeCallMargin = 0.05

    /// A recognised line holding a serial caption with no serial after it on the line ("Serial Number" with
    /// its value too pale or too far right to have been found as part of the line).
    static func unansweredCaption(in read: [RecognizedLine], found: [SerialEvidence]) -> RecognizedLine? {
        guard !found.contains(where: { $0.caption == 1 }) else { return nil }
        return read.first { SerialLexicon.captionIndex(in: $0.words.map { SerialLexicon.key($0.text) }) != nil }
    }

    /// Where the serial a caption announces may be, beyond the band already read: the rest of the row to
    /// the frame's right edge (screens set values far right of their labels), and the row below.
    private func followUpBands(after band: PixelRect, line: TextLineCandidate, bounds: PixelRect, scale: Double)
        -> [PixelRect]
    {
        let height = line.characterHeight
        let row = PixelRect(x: band.x, y: band.y, width: bounds.maxX - band.x, height: band.height)
        let below = PixelRect(
            x: max(bounds.x, band.x - height * 2), y: band.maxY - height / 3,
            width: bounds.maxX - max(bounds.x, band.x - height * 2), height: height * 2 + height / 2)
        return [row, below].compactMap { $0.intersection(bounds) }.filter { $0.width > height && $0.height > height / 2 }
    }

    /// The working-frame rectangle to recognise for a line: the line and the other lines on its row (a
    /// caption to its left), stretched along the row while ink continues, with a margin.
    private func rowBand(
        of line: TextLineCandidate, among lines: [TextLineCandidate], profile: InkProfile?, bounds: PixelRect
    ) -> PixelRect {
        var row = line.box
        let centre = line.box.y * 2 + line.box.height
        for other in lines where other.lightText == line.lightText {
            let otherCentre = other.box.y * 2 + other.box.height
            let similar = abs(other.characterHeight - line.characterHeight) * 3 <= line.characterHeight
            if similar && abs(otherCentre - centre) <= line.characterHeight, other.box.y < line.box.maxY,
                other.box.maxY > line.box.y
            {
                row = row.union(other.box)
            }
        }
        if let profile {
            row = profile.extended(
                row, maximumGap: line.characterHeight * 3 / 2, maximumReach: line.characterHeight * 12)
        }
        // Generous at the ends: faint characters at a line's ends may not have been found as ink.
        let margin = max(3, line.characterHeight * 6 / 10)
        let endMargin = max(6, line.characterHeight * 2)
        let padded = PixelRect(
            x: row.x - endMargin, y: row.y - margin, width: row.width + 2 * endMargin, height: row.height + 2 * margin)
        return padded.intersection(bounds) ?? bounds
    }

    /// Recognises one working-frame band from the full-resolution image, straightened and scaled so its
    /// characters are about `recognitionHeight` pixels high; returns lines in full-resolution coordinates.
    ///
    /// A line whose baseline still rises or falls by `slope` (working-frame pixels per pixel) by a degree or
    /// more is cut straight: Tesseract reads a line tilted by a few degrees far worse than a level one.
    private func recognize(
        _ band: PixelRect, in frame: WorkingFrame, characterHeight: Double, variant: ImageVariant,
        alongRows: Bool = false, slope: Double = 0, firstModelOnly: Bool = false
    ) throws(SerialScanError) -> [RecognizedLine] {
        let factor = min(4, max(0.1, Double(options.recognitionHeight) / max(1, characterHeight)))
        let crop: Image
        let toImage: (PixelRect) -> PixelRect
        do {
            let tilt = atan(slope) * 180 / .pi
            let piece: (image: Image, toImage: (PixelRect) -> PixelRect)
            if abs(tilt) >= 1 {
                let rise = Int((Double(band.width) * abs(slope)).rounded())
                let straight = max(Int(characterHeight * frame.scale * 2), band.height - rise)
                piece = try frame.crop(band, factor: factor, residualDegrees: -tilt, straightHeight: straight)
            } else {
                piece = try frame.crop(band, factor: factor)
            }
            crop = try variant.prepareForRecognition(
                piece.image, characterHeight: characterHeight * factor, alongRows: alongRows)
            toImage = piece.toImage
            if let directory = options.diagnosticsDirectory {
                try? crop.pngData().write(
                    to: URL(fileURLWithPath: "\(directory)/line-\(variant)-\(band.x)-\(band.y).png"))
            }
        } catch let error as ImagingError {
            throw .image(error)
        } catch {
            throw .image(.operationFailed(operation: "line preparation"))
        }
        let lines: [RecognizedLine]
        do {
            let reading = LineReading(recognizer: recognizer, reader: options.lineReader)
            lines = try reading.read(crop, firstModelOnly: firstModelOnly)
        } catch {
            throw .recognition(error)
        }
        return RoundGlyphs.readingRoundGlyphs(lines, crop: crop).map { $0.mappingBoxes(toImage) }
    }

    /// How many readings of a scan are made with every model of the engine (the serial model and `eng` for
    /// the words it is unsure of) before lines are first read by the first model alone.
    ///
    /// Most scans end after reading their first line twice. Scans that go on read many lines that hold no
    /// serial, where `eng` only costs time; a line that does look like a serial gets its second reading from
    /// both models. On 2026-11-26 with device hints, from 3 on both serial sets kept every first answer and
    /// top-3 (main 97.7% / 98.6%, AUROC 0.936; held out 97.8% / 100%, 0.994), the main set's scans took 0.94x
    /// the summed time and 0.92x at p90 (medians unchanged), screenshots' p90 0.67x. From 2, or from the first
    /// reading, held-out stickers lost answers that the serial model alone misreads (`H` as `R`).
    ///
    /// The `auto` fallback's passes (other presets' pipelines, after the guessed one ended unsure) read this
    /// way after their first reading: on the main set with hints top-1 97.7% -> 98.1% (a screen's `5` no
    /// longer read `S`), two right answers at 0.13 and 0.47 rose to 0.62 and 0.90, 3% fewer readings, held
    /// out unchanged (2026-11-27); without hints main 94.0% -> 94.4%. AUROC 0.936 -> 0.928 (0.818 -> 0.807
    /// without hints) as the wrong answer that became right had ranked below most right ones. From the very
    /// first reading, a paragraph of prose gave a Dell-shaped candidate (`001CCKK`) where it gave none.
    static let readingsByEveryModel = 3

    /// The lines worth reading (serial-likeness at least 0.2), most serial-like first; among lines equally
    /// serial-like (likeness saturates at 1 for any line with a 10-12 character word), the taller first.
    ///
    /// A serial is printed no smaller than the fine print around it, and larger type reads better. On
    /// 2026-11-26 with device hints, same answers and confidences on both serial sets, and 3.7% (main) and
    /// 7.9% (held out) fewer lines read before the scans stopped. Without hints one confidence changed: a
    /// label ID with an O, taken for a plate and read with a 0 (wrong), rose from 0.64 to 1.00 as three
    /// readings now agreed (main AUROC without hints 0.887 -> 0.820).
    static func readingOrder(_ lines: [TextLineCandidate]) -> [TextLineCandidate] {
        lines.filter { $0.serialLikeness >= 0.2 }.sorted {
            ($0.serialLikeness, $0.characterHeight) > ($1.serialLikeness, $1.characterHeight)
        }
    }

    /// True when a recognised line holds a run of 6 to 18 letters and digits with at least one digit: worth a
    /// second reading when it did not parse as a confident serial.
    static func hasSerialLikeToken(_ line: RecognizedLine) -> Bool {
        line.words.contains { word in
            let runs = word.text.split { !($0.isLetter || $0.isNumber) }
            return runs.contains { (6...18).contains($0.count) && $0.contains(where: \.isNumber) }
        }
    }
}
