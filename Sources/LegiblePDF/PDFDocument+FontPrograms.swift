extension PDFDocument {
    /// At most this many bytes of font programs are inflated for ``damagedFontProgram()`` over a document, so
    /// that the check costs little next to drawing the pages; programs past it are not checked.
    static let maxCheckedFontBytes = 64 << 20

    /// The first embedded TrueType or OpenType font program whose structure does not hold up (``SfntCheck``),
    /// described for a person (`font program in object 21: its name table lists 7681 records but holds 2931
    /// bytes`), or nil when every program read is sound. Programs under filters other than Flate, those of
    /// encrypted documents, and those past ``maxCheckedFontBytes`` are not read.
    ///
    /// For callers that have Poppler print pages onto a Cairo PDF surface: Cairo subsets every font drawn
    /// there and trusts the font's tables while doing so.
    package func damagedFontProgram() -> String? {
        var budget = Self.maxCheckedFontBytes
        for stream in RawPDFScanner(data: data).fontProgramStreams() {
            guard budget > 0 else { break }
            guard let program = stream.program(maxInflated: budget) else { continue }
            budget -= program.count
            if let problem = SfntCheck.problem(in: program) {
                return "font program in object \(stream.number): \(problem)"
            }
        }
        return nil
    }
}
