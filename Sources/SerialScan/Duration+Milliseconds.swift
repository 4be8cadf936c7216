extension Duration {
    /// The duration in milliseconds, for timings reported to people and tools.
    package var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
