import Foundation

/// How annotation text is made drawable with Leptonica's bitmap fonts, which hold printable ASCII only.
enum AnnotationText {
    /// `text` spelled in printable ASCII: other scripts are transliterated to Latin letters (Фамилия → Familia,
    /// 姓名 → xing ming), accents are dropped (Zoë → Zoe), `ß` becomes `ss`, and what is still outside printable
    /// ASCII (control characters, symbols with no Latin spelling) becomes `?`. Previews are for looking; the JSON
    /// beside them carries the exact text.
    static func printable(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy({ isPrintableASCII($0) }) else { return text }
        let latin = text.applyingTransform(.toLatin, reverse: false) ?? text
        let folded = latin.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "ß", with: "ss")
        return String(String.UnicodeScalarView(folded.unicodeScalars.map { isPrintableASCII($0) ? $0 : "?" }))
    }

    private static func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 32 && scalar.value < 127
    }
}
