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
        "HARDWAREUUID", "PROVISIONINGUDID", "CMIIT", "KC", "RCM", "MSIP", "R-R", "ANATEL",
    ]

    /// The form a word takes for matching: upper-cased, with dots, colons and commas removed.
    static func key(_ word: String) -> String {
        String(word.uppercased().filter { !".:,;".contains($0) })
    }

    /// The index of the last word of a caption in `keys` (words already keyed), alone or split across two
    /// or three words ("SERIAL" "NUMBER", "SERVICE" "TAG", or "SERVI" "CE" "TAG" as OCR splits it).
    static func captionIndex(in keys: [String]) -> Int? {
        for (index, key) in keys.enumerated() {
            if captions.contains(key) { return index }
            if index + 1 < keys.count, captions.contains(key + keys[index + 1]) { return index + 1 }
            if index + 2 < keys.count, captions.contains(key + keys[index + 1] + keys[index + 2]) { return index + 2 }
        }
        return nil
    }

    static func isDistractorLabel(_ key: String) -> Bool { distractorLabels.contains(key) }

    /// Captions and labels that OCR glues to the front of the ID that follows them ("SNC02...",
    /// "SERIALNOC02...", "MODELA2338"), longest first.
    private static let gluedCaptions = ["SERIALNUMBER", "SERIALNO", "SERIAL", "SN", "NO", "SERVICETAG"]
    private static let gluedLabels = [
        "MODELNUMBER", "MODELNO", "MODEL", "IMEI", "MEID", "EMC", "FCCID", "FCC", "PARTNO", "PN", "1P", "ID", "IC",
        "UDID", "EID",
    ]

    /// The caption or label glued to the front of `text`, if any.
    static func gluedPrefix(of text: String) -> (length: Int, isCaption: Bool)? {
        for caption in gluedCaptions where text.hasPrefix(caption) { return (caption.count, true) }
        for label in gluedLabels where text.hasPrefix(label) { return (label.count, false) }
        return nil
    }
}
