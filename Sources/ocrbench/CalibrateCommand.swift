import ArgumentParser
import Foundation
import LegibleEvaluation
import LegibleOCR
import SerialScan

/// `ocrbench calibrate`: fits the serial confidence model on a labelled set and checks it on another.
struct CalibrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Fit the serial scanner's confidence model on labelled photos (developer tool).",
        discussion: """
            Scans every photo of --images (each folder must hold manifest.json; repeat the option to fit on \
            several sets), fits the logistic confidence model to \
            all candidates (right or wrong), prints the weights as Swift to paste into SerialRanker.standard, \
            and the calibration of the fitted model on --holdout when given. With --rescale-only it keeps the \
            committed model's ranking and fits only a scale and an offset of its log-odds (Platt scaling) to the \
            top answers. With --without-hints (and --rescale-only) it scans without device types and fits only \
            the map of the confidences a scan without a device type reports (SerialRanker.unhinted). With \
            --rival-penalty it fits only the weight \
            that the reader's strongest grammatical rival takes off a reported confidence (SerialRanker.rivalPenalty).
            """)

    @Option(name: .long, help: "Labelled folder to fit on (repeatable).")
    var images: [String]

    @Option(name: .long, help: "Labelled folder to check the fitted model on.")
    var holdout: String?

    @Flag(
        name: .long,
        help: "Keep the committed model's ranking: fit only a scale and an offset of its log-odds on the top answers.")
    var rescaleOnly = false

    @Flag(
        name: .long,
        help: "Scan without device types and fit the map of confidences reported without one (needs --rescale-only).")
    var withoutHints = false

    @Flag(name: .long, help: "Fit only SerialRanker.rivalPenalty, on the top answers of scans with device types.")
    var rivalPenalty = false

    func validate() throws {
        if images.isEmpty { throw ValidationError("give at least one --images folder") }
        if withoutHints && !rescaleOnly {
            throw ValidationError("--without-hints fits only the map of unhinted confidences: add --rescale-only")
        }
        if rivalPenalty && rescaleOnly { throw ValidationError("--rival-penalty and --rescale-only are two kinds of fit: give one") }
    }

    func run() async throws {
        let run = CalibrationRun(directories: images.map { URL(fileURLWithPath: $0) })
        let fitted =
            rivalPenalty
            ? try run.fitRivalPenalty(.standard)
            : withoutHints
            ? try run.rescaleUnhinted(.standard)
            : rescaleOnly ? try run.rescale(.standard) : try run.fit()
        print("fitted on \(images.joined(separator: " and "))\(withoutHints ? " (no device types)" : ""):")
        print(fitted.report)
        print(ConfidenceCalibration.swiftLiteral(fitted.ranker))
        if let holdout {
            let check = try CalibrationRun(directory: URL(fileURLWithPath: holdout), hinted: !withoutHints)
                .evaluate(fitted.ranker)
            print("\nchecked on \(holdout):")
            print(check)
        }
    }
}
