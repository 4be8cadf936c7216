import Foundation

extension UUID {
    /// A random (version 4) UUID drawn from the standard library's system generator (`getrandom(2)` on Linux).
    ///
    /// Job and document ids are made with this, not `UUID()`: on Linux, Foundation reads its randomness through a
    /// file descriptor, and in a process out of descriptors every `UUID()` comes out the same (all zero bits but
    /// the version's), so two uploads would share an id, and their files one name.
    static func systemRandom() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0f) | 0x40
            raw[8] = (raw[8] & 0x3f) | 0x80
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }
}
