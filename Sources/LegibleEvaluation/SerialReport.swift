import Foundation

/// The table `ocrbench serials` prints: metrics per preset and overall, and the baseline beside them.
public struct SerialReport: Sendable {
    /// Metrics per preset name, plus "overall".
    public let metrics: [(name: String, legible: SerialMetrics, baseline: SerialMetrics?)]

    /// Scores `predictions` (and `baseline`, when given) against `manifest`, per manifest preset.
    public init(
        predictions: [SerialPrediction], manifest: [String: SerialManifestEntry], baseline: [SerialPrediction]?
    ) {
        var rows: [(String, SerialMetrics, SerialMetrics?)] = []
        let presets = Set(manifest.values.map(\.preset)).sorted()
        for name in presets + ["overall"] {
            let truth = manifest.filter { name == "overall" || $0.value.preset == name }.mapValues(\.serial)
            rows.append((
                name, SerialMetrics(predictions: predictions, truth: truth),
                baseline.map { SerialMetrics(predictions: $0, truth: truth) }
            ))
        }
        metrics = rows
    }

    /// The report as aligned text.
    public var text: String {
        func percent(_ value: Double) -> String { String(format: "%5.1f%%", value * 100) }
        func number(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "  -  " }
        var lines = [
            "preset     photos   top-1   top-3  AUROC   conf right  conf wrong   ECE    p50 ms   p90 ms  line recall"
        ]
        for row in metrics {
            let m = row.legible
            lines.append(
                row.name.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + String(format: " %6d ", m.count) + percent(m.top1) + "  " + percent(m.top3) + "  "
                    + number(m.auroc) + "      " + number(m.meanConfidenceRight) + "       "
                    + number(m.meanConfidenceWrong) + "  " + String(format: "%.3f", m.calibrationError)
                    + String(format: " %8.1f %8.1f", m.p50Milliseconds, m.p90Milliseconds) + "  "
                    + (m.lineRecall.map(percent) ?? "  -"))
        }
        if metrics.contains(where: { $0.baseline != nil }) {
            lines.append("")
            lines.append("baseline: tesseract CLI + regex, same photos, same run")
            lines.append("preset     top-1   top-3    p50 ms   p90 ms   speed-up (CLI p50 / Legible p50)")
            for row in metrics {
                guard let b = row.baseline else { continue }
                let speedup = row.legible.p50Milliseconds > 0 ? b.p50Milliseconds / row.legible.p50Milliseconds : 0
                lines.append(
                    row.name.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + percent(b.top1) + "  "
                        + percent(b.top3) + String(format: " %8.1f %8.1f   %.1fx", b.p50Milliseconds, b.p90Milliseconds, speedup))
            }
        }
        return lines.joined(separator: "\n")
    }
}
