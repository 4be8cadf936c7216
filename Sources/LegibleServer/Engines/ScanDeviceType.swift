/// The kind of device whose serial is photographed (`device_type` on the wire).
public enum ScanDeviceType: String, Sendable, Codable, CaseIterable {
    /// A MacBook.
    case macbook
    /// An iPhone.
    case iphone
    /// An iPad.
    case ipad
    /// Anything else.
    case other
}
