/// Resident memory that Tesseract engines add to the process, measured as growth of `VmRSS`.
public struct RecognizerMemory: Sendable, Hashable, Codable {
    /// Engines created after the first, kept alive together, to measure ``eachFurtherMegabytes``.
    public var furtherEngines: Int
    /// Growth when the process's first engine starts: the engine plus one-time costs (language data, the
    /// libraries' own start-up), in MB (10^6 bytes); nil where `/proc` is not available.
    public var firstMegabytes: Double?
    /// Mean growth per engine for each further engine: what one more pooled recogniser costs, in MB
    /// (10^6 bytes); nil where `/proc` is not available.
    public var eachFurtherMegabytes: Double?

    /// Creates a measurement from `VmRSS` readings in bytes: before any engine, after the first, and after
    /// `furtherEngines` more.
    public init(before: Int?, afterFirst: Int?, afterFurther: Int?, furtherEngines: Int) {
        self.furtherEngines = furtherEngines
        if let before, let afterFirst {
            firstMegabytes = Double(afterFirst - before) / 1e6
        }
        if let afterFirst, let afterFurther, furtherEngines > 0 {
            eachFurtherMegabytes = Double(afterFurther - afterFirst) / Double(furtherEngines) / 1e6
        }
    }
}
