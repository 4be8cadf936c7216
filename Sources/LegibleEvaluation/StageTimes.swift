import SerialScan

/// Sums the scanner's per-stage timings over many scans.
struct StageTimes {
    private var sums: [String: Double] = [:]
    private var count = 0

    /// Adds one scan's timings.
    mutating func add(_ timings: SerialScanTimings) {
        count += 1
        sums["decode", default: 0] += timings.decode
        sums["locate", default: 0] += timings.locate
        sums["recognize", default: 0] += timings.recognize
        sums["rank", default: 0] += timings.rank
        sums["codes", default: 0] += timings.codes
    }

    /// Mean milliseconds per stage; empty when nothing was added.
    var means: [String: Double] { count == 0 ? [:] : sums.mapValues { $0 / Double(count) } }
}
