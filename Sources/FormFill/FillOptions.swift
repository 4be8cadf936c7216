/// Limits and permissions of a fill.
public struct FillOptions: Hashable, Sendable {
    /// The longest text value used, in UTF-8 bytes; longer values are skipped with a warning.
    public var maxValueBytes: Int
    /// True to let a signature value name a PNG file on this machine (the command-line tool); false for
    /// values from the network, which may only carry images as data URLs.
    public var allowsImageFiles: Bool

    /// Creates options.
    public init(maxValueBytes: Int = 64 << 10, allowsImageFiles: Bool = false) {
        self.maxValueBytes = maxValueBytes
        self.allowsImageFiles = allowsImageFiles
    }

    /// 64 KB values, no image files.
    public static let `default` = FillOptions()
}
