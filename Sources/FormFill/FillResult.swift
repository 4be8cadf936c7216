public import Foundation

/// A filled PDF and what the caller should know about it.
public struct FillResult: Sendable {
    /// The filled PDF.
    public var data: Data
    /// Keys that matched nothing, values that did not fit, fields that could not be set.
    public var warnings: [FillWarning]
    /// How many fields received a value.
    public var filledCount: Int
}
