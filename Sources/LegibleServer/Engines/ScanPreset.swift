/// Capture style of a serial photo (`preset` on the wire).
public enum ScanPreset: String, Sendable, Codable, CaseIterable {
    /// Laser-etched or engraved into metal.
    case etched
    /// A settings or About screen.
    case screen
    /// A printed label.
    case sticker
    /// Let the engine decide (sent when `preset` is absent).
    case auto
}
