/// Structural checks of a TrueType or OpenType font program (the sfnt container, per the OpenType
/// specification's "Organization of an OpenType font" and its `name` table chapter), for programs embedded in
/// PDFs from strangers.
///
/// Only what a consumer would otherwise trust is checked: Cairo 1.16's PDF font subsetter reads the `name`
/// table's records and strings by the counts and offsets the table states, without comparing them with the
/// table's length, so a damaged `name` table makes it read past its buffer when a PDF surface is finished.
/// FreeType itself refuses tables that lie outside the file, so those are not this check's business.
enum SfntCheck {
    /// The sfnt versions a font program may start with: TrueType outlines (`0x00010000`, Apple's `true`) and
    /// CFF outlines (`OTTO`).
    static let versions: Set<UInt32> = [0x0001_0000, 0x7472_7565, 0x4F54_544F]

    /// What is wrong with `font`, or nil when nothing checked is wrong or it is not an sfnt at all.
    static func problem(in font: [UInt8]) -> String? {
        guard font.count >= 12, versions.contains(uint32(font, 0)) else { return nil }
        let tableCount = Int(uint16(font, 4))
        guard 12 + 16 * tableCount <= font.count else {
            return "its table directory (\(tableCount) tables) runs past its \(font.count) bytes"
        }
        for index in 0..<tableCount {
            let entry = 12 + 16 * index
            guard uint32(font, entry) == 0x6E61_6D65 else { continue }  // "name"
            let offset = Int(uint32(font, entry + 8)), length = Int(uint32(font, entry + 12))
            guard offset + length <= font.count else { return nil }
            return nameTableProblem(Array(font[offset..<offset + length]))
        }
        return nil
    }

    /// What is wrong with a `name` table: its records, and the strings they point to, must lie inside it.
    static func nameTableProblem(_ table: [UInt8]) -> String? {
        guard table.count >= 6 else { return "its name table has \(table.count) bytes, fewer than a header" }
        let count = Int(uint16(table, 2)), storage = Int(uint16(table, 4))
        guard 6 + 12 * count <= table.count else {
            return "its name table lists \(count) records but holds \(table.count) bytes"
        }
        for index in 0..<count {
            let record = 6 + 12 * index
            let length = Int(uint16(table, record + 8)), offset = Int(uint16(table, record + 10))
            guard storage + offset + length <= table.count else {
                return "name record \(index) points past the end of its \(table.count)-byte name table"
            }
        }
        return nil
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(uint16(bytes, at)) << 16 | UInt32(uint16(bytes, at + 2))
    }
}
