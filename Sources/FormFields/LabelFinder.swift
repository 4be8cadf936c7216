import LegiblePDF

/// Picks the caption of a field from the words around it.
struct LabelFinder {
    let words: [PDFWord]
    /// Every field found on the page: a word inside another field is that field's content or caption (a
    /// prefilled value, the next box's label), never this field's.
    var fields: [PDFRect] = []

    /// The words of `rect` or of the cell holding it, else the nearest caption left, right (check boxes),
    /// below or above, in points.
    func label(for rect: PDFRect, cell: PDFRect?, isCheckbox: Bool) -> String {
        let words = wordsOutsideOtherFields(than: rect)
        if let near = nearLabel(for: rect, cell: cell, isCheckbox: isCheckbox, among: words) { return near }
        if let cell {
            let inCell = Self.words(words, in: cell, above: rect)
            // Only a number in the cell ("(6)"): the header over it says what the column holds.
            if !inCell.isEmpty {
                return join(headerBlock(ending: inCell, among: Self.words(words, over: cell)) + inCell)
            }
        }
        let horizontally = Self.words(words, over: rect)
        // The nearer of the captions right below (an underline's "Date") and right above (a box's "Name"): on
        // a column of boxes, each box's caption sits just above it and the next box's just below.
        let below = horizontally.filter { $0.rect.y >= rect.maxY - 1 && $0.rect.y - rect.maxY < 12 }
        let above = Self.words(horizontally, above: rect, within: Self.captionAboveReach)
        let gapBelow = below.map { $0.rect.y - rect.maxY }.min() ?? .infinity
        let gapAbove = above.map { rect.y - $0.rect.maxY }.min() ?? .infinity
        // Only a field of one line's height takes a caption from below when there is one above too: a box with
        // room for more is captioned above it, as a table's cells are by their column's header, not by the text
        // under the table.
        let oneLine = Self.isOneLine(rect)
        if !below.isEmpty && gapBelow <= gapAbove + 1 && (above.isEmpty || oneLine) {
            if !oneLine {
                // Nothing right above this box: its header may sit higher, at the top of a tall header cell.
                let higher = Self.words(horizontally, above: rect, within: 45)
                if !higher.isEmpty {
                    let line = firstLine(higher.sorted { $0.rect.y > $1.rect.y })
                    return join(Self.hasWord(line) ? line : headerBlock(ending: line, among: horizontally) + line)
                }
            }
            return join(firstLine(below.sorted { $0.rect.y < $1.rect.y }))
        }
        if !above.isEmpty {
            let line = firstLine(above.sorted { $0.rect.y > $1.rect.y })
            // A column's number ("(6)") is not a caption by itself: the header text above it is.
            if !Self.hasWord(line) { return join(headerBlock(ending: line, among: horizontally) + line) }
            return join(line)
        }
        if !isCheckbox, let phrase = phrase(sideWords(words, of: rect).right, from: rect.maxX, forward: true) {
            return phrase
        }
        return ""
    }

    /// True when ``label(for:cell:isCheckbox:)`` is settled by the words of the
    /// ``nearCaptionZones(for:cell:isCheckbox:)`` alone: a caption in the cell, on the left, or on the right of a
    /// check box. Words below and above the field could not change it.
    func hasNearCaption(for rect: PDFRect, cell: PDFRect?, isCheckbox: Bool) -> Bool {
        nearLabel(for: rect, cell: cell, isCheckbox: isCheckbox, among: wordsOutsideOtherFields(than: rect)) != nil
    }

    /// The label the near words settle, or nil when they leave it open: the words in the cell when one of them
    /// is a word (nil when the cell holds only a number, which its column's header captions), else the phrase
    /// on the right of a check box, else the phrase on the left.
    private func nearLabel(for rect: PDFRect, cell: PDFRect?, isCheckbox: Bool, among words: [PDFWord]) -> String? {
        if let cell {
            let inCell = Self.words(words, in: cell, above: rect)
            if !inCell.isEmpty { return Self.hasWord(inCell) ? join(inCell) : nil }
        }
        let (left, right) = sideWords(words, of: rect)
        if isCheckbox, let phrase = phrase(right, from: rect.maxX, forward: true) { return phrase }
        return phrase(left, from: rect.x, forward: false)
    }

    /// The caption outside a one-line box whose own text is a value written into it, or nil.
    ///
    /// A box holding text on its left with room after it is usually a caption in the box ("Name ____"), and the
    /// room is the field. But when a caption stands just left of the box outside it ("First Name: [Jackie  ]")
    /// the text in the box is a value someone filled in: the whole box is the field and the outside caption
    /// names it. The text inside must not end with a colon (a caption), must sit across the box's middle and be
    /// about as tall as the outside caption (captions in boxes are small and in a corner), and the outside
    /// caption must hold a word (not a line number), be short and not a sentence (no closing full stop: the
    /// end of "...attach this voucher to your payment or return." beside a box is not its caption), and end
    /// within ``valueCaptionReach`` of the box.
    /// - Parameters:
    ///   - rect: The room after the box's text, in points.
    ///   - cell: The whole box, in points.
    func valueCaption(for rect: PDFRect, cell: PDFRect) -> String? {
        guard rect.x > cell.x + 1, cell.height <= Self.tallestValueBox else { return nil }
        let words = wordsOutsideOtherFields(than: rect)
        let inside = words.filter { cell.contains(x: $0.rect.midX, y: $0.rect.midY) && $0.rect.maxX <= rect.x + 2 }
        guard let last = inside.max(by: { $0.rect.maxX < $1.rect.maxX }), !last.text.hasSuffix(":") else { return nil }
        let outside = sideWords(words, of: cell).left
        let captionWords = phraseWords(outside, from: cell.x, forward: false)
        let caption = join(captionWords)
        guard let nearest = outside.map(\.rect.maxX).max(), cell.x - nearest < Self.valueCaptionReach,
            caption.filter(\.isLetter).count >= 3, !caption.hasSuffix("."), captionWords.count <= 6,
            let captionHeight = captionWords.map(\.rect.height).max()
        else { return nil }
        let top = inside.map(\.rect.y).min() ?? cell.y, bottom = inside.map(\.rect.maxY).max() ?? cell.maxY
        let centred = abs((top + bottom) / 2 - cell.midY) <= 0.2 * cell.height
        let tall = inside.map(\.rect.height).max() ?? 0
        return centred && tall >= 0.8 * captionHeight ? caption : nil
    }

    /// Height in points up to which a box holding a value counts as one line of writing.
    static let tallestValueBox = 28.0
    /// How far left of a filled-in box, in points, its caption may end: a column of captions is aligned on
    /// the left, so the shorter ones end well before the boxes.
    static let valueCaptionReach = 100.0

    /// True for a field no taller than one line (``VisualDetector/tallestOneLineCell``): one that may take its
    /// caption from the line below it.
    static func isOneLine(_ rect: PDFRect) -> Bool { rect.height <= VisualDetector.tallestOneLineCell }

    /// How far above a field, in points, a caption counts as right above it.
    static let captionAboveReach = 14.0

    /// True when a word lies within ``captionAboveReach`` above `rect` and over it, outside other fields: the
    /// caption a box taller than one line takes before any text below it (``label(for:cell:isCheckbox:)``).
    func hasCaptionAbove(for rect: PDFRect) -> Bool {
        let over = Self.words(wordsOutsideOtherFields(than: rect), over: rect)
        return !Self.words(over, above: rect, within: Self.captionAboveReach).isEmpty
    }

    /// The words that overlap `span` horizontally (above, in or below it).
    private static func words(_ words: [PDFWord], over span: PDFRect) -> [PDFWord] {
        words.filter { min($0.rect.maxX, span.maxX) - max($0.rect.x, span.x) > 0 }
    }

    /// The words ending above `rect`'s top (a point of overlap allowed) by less than `reach` points.
    private static func words(_ words: [PDFWord], above rect: PDFRect, within reach: Double) -> [PDFWord] {
        words.filter { $0.rect.maxY <= rect.y + 1 && rect.y - $0.rect.maxY < reach }
    }

    /// The words not inside another field: a word inside another field is that field's content or caption (a
    /// prefilled value, the next box's label), never this field's.
    private func wordsOutsideOtherFields(than rect: PDFRect) -> [PDFWord] {
        let others = fields.filter { $0 != rect }
        return others.isEmpty ? words : words.filter { word in
            !others.contains { $0.contains(x: word.rect.midX, y: word.rect.midY) }
        }
    }

    /// The words of `cell` above the field's bottom edge (a caption in the cell's top-left corner).
    private static func words(_ words: [PDFWord], in cell: PDFRect, above rect: PDFRect) -> [PDFWord] {
        words.filter { cell.contains(x: $0.rect.midX, y: $0.rect.midY) && $0.rect.maxY <= rect.y + 2 }
    }

    /// The words on the field's line to its left and to its right (a phrase starts within 160 points of the field
    /// and may run on from there: a caption whose dot leaders reach across the page).
    private func sideWords(_ words: [PDFWord], of rect: PDFRect) -> (left: [PDFWord], right: [PDFWord]) {
        let sameLine = words.filter { overlapFraction($0.rect, rect) > 0.4 }
        return (
            sameLine.filter { $0.rect.maxX <= rect.x + 2 },
            sameLine.filter { $0.rect.x >= rect.maxX - 2 }
        )
    }

    /// Where ``label(for:cell:isCheckbox:)`` looks first for a caption of a field at `rect`, in points: the cell,
    /// and the run to the left (and to the right of a check box). A scanned page is read by OCR there first.
    static func nearCaptionZones(for rect: PDFRect, cell: PDFRect?, isCheckbox: Bool) -> [PDFRect] {
        let top = rect.y - 4, bottom = min(rect.maxY + 2, rect.y + 40)
        let leftEdge = max(0, rect.x - 200)
        var zones = [PDFRect(x: leftEdge, y: top, width: rect.x - leftEdge, height: bottom - top)]
        if isCheckbox { zones.append(PDFRect(x: rect.maxX, y: top, width: 200, height: bottom - top)) }
        if let cell { zones.append(cell) }
        return zones.filter { $0.width > 1 && $0.height > 1 }
    }

    /// Where ``label(for:cell:isCheckbox:)`` looks next, in points: a line's height above the field. A scanned
    /// page is read there only for fields the near zones leave without a caption. Nil when empty.
    static func captionZoneAbove(_ rect: PDFRect) -> PDFRect? {
        let top = max(0, rect.y - 18)
        let zone = PDFRect(x: rect.x, y: top, width: rect.width, height: rect.y + 1 - top)
        return zone.width > 1 && zone.height > 1 ? zone : nil
    }

    /// A line's height below the field, in points: read on a scanned page for one-line fields left without a
    /// near caption, and for taller boxes with no caption right above either. Nil when empty.
    static func captionZoneBelow(_ rect: PDFRect) -> PDFRect? {
        let zone = PDFRect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 17)
        return zone.width > 1 && zone.height > 1 ? zone : nil
    }

    /// Where a table column's header over a field's number caption is read on a scanned page: the 45 points
    /// above the field, less the line right above it (read already).
    static func headerZone(above rect: PDFRect) -> PDFRect {
        let top = max(0, rect.y - 45)
        return PDFRect(x: rect.x, y: top, width: rect.width, height: max(1, rect.y - 14 - top))
    }

    private func overlapFraction(_ a: PDFRect, _ b: PDFRect) -> Double {
        let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
        return overlap / max(1, min(a.height, b.height))
    }

    /// The run of words nearest `edge`, stopping at a gap wider than 12 points (160 up to the first word that
    /// is not a leader: "check here . . . . [ ]" is captioned by the words the leaders lead from).
    private func phrase(_ candidates: [PDFWord], from edge: Double, forward: Bool) -> String? {
        let picked = phraseWords(candidates, from: edge, forward: forward)
        return picked.isEmpty ? nil : join(picked)
    }

    /// The words of ``phrase(_:from:forward:)``, left to right; empty when there is none.
    private func phraseWords(_ candidates: [PDFWord], from edge: Double, forward: Bool) -> [PDFWord] {
        let sorted = candidates.sorted { forward ? $0.rect.x < $1.rect.x : $0.rect.x > $1.rect.x }
        var picked: [PDFWord] = []
        var cursor = edge
        for word in sorted {
            let gap = forward ? word.rect.x - cursor : cursor - word.rect.maxX
            if gap > (picked.allSatisfy(Self.isLeader) ? 160 : 12) { break }
            picked.append(word)
            cursor = forward ? word.rect.maxX : word.rect.x
        }
        return picked.sorted { $0.rect.x < $1.rect.x }
    }

    /// `label` as a person should read it: without the dot leaders and rules that lead the eye from a caption
    /// to its field ("by $500 . . . . $", "Name ______") and without lone dollar signs (an amount column's
    /// "$" printed before the box). Types are decided from the label before this: the "$" says "amount".
    static func cleaned(_ label: String) -> String {
        label.split(separator: " ").filter { !isLeader($0) }.joined(separator: " ")
    }

    /// True for what stands between a caption and its field: a word of dots or rules only (a leader; some IRS
    /// forms' fonts map their leader dots to U+007F), or a lone dollar sign printed before an amount's box.
    static func isLeader(_ word: some StringProtocol) -> Bool {
        word == "$" || (!word.isEmpty && word.allSatisfy { [".", "_", "…", "·", "~", "\u{7F}"].contains($0) })
    }

    private static func isLeader(_ word: PDFWord) -> Bool { isLeader(word.text) }

    /// True when some word has three letters or more.
    static func hasWord(_ words: [PDFWord]) -> Bool {
        words.contains { $0.text.filter(\.isLetter).count >= 3 }
    }

    /// Up to four lines of text right above `line` (the first within 14 points or two line heights, each next
    /// within one and a half line heights), top line first: a table column's header over its number.
    private func headerBlock(ending line: [PDFWord], among candidates: [PDFWord]) -> [PDFWord] {
        guard var top = line.map(\.rect.y).min(), let height = line.map(\.rect.height).max() else { return [] }
        var block: [[PDFWord]] = []
        for step in 0..<4 {
            let reach = step == 0 ? max(14, height * 2) : height * 1.5
            let above = candidates.filter { $0.rect.maxY <= top + 1 && top - $0.rect.maxY < reach }
            guard !above.isEmpty else { break }
            let next = firstLine(above.sorted { $0.rect.y > $1.rect.y })
            guard let nextTop = next.map(\.rect.y).min(), nextTop < top else { break }
            block.insert(next, at: 0)
            top = nextTop
        }
        return block.flatMap { $0 }
    }

    private func firstLine(_ candidates: [PDFWord]) -> [PDFWord] {
        guard let first = candidates.min(by: { abs($0.rect.y - candidates[0].rect.y) < abs($1.rect.y - candidates[0].rect.y) }) else { return [] }
        return candidates.filter { abs($0.rect.midY - first.rect.midY) < first.rect.height / 2 }.sorted { $0.rect.x < $1.rect.x }
    }

    private func join(_ words: [PDFWord]) -> String {
        words.sorted { ($0.lineIndex, $0.rect.x) < ($1.lineIndex, $1.rect.x) }.map(\.text).joined(separator: " ")
    }
}
