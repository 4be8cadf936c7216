extension PDFDocument {
    /// The first embedded TrueType or OpenType font program whose structure does not hold up (``SfntCheck``),
    /// described for a person (`font program in object 21: its name table lists 7681 records but holds 2931
    /// bytes`), or nil when every program that could be read is sound. Programs under filters other than Flate,
    /// and those of encrypted documents, are not read.
    ///
    /// For callers that have Poppler print pages onto a Cairo PDF surface: Cairo subsets every font drawn
    /// there and trusts the font's tables while doing so.
    package func damagedFontProgram() -> String? {
        let programs = RawPDFScanner(data: data).fontPrograms()
        for number in programs.keys.sorted() {
            if let program = programs[number], let problem = SfntCheck.problem(in: program) {
                return "font program in object \(number): \(problem)"
            }
        }
        return nil
    }
}
