import ArgumentParser
import Foundation
import LegibleEvaluation
import SerialScan

/// `ocrbench presets`: fits the `auto` preset guess on a labelled set and checks it on others.
struct PresetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "Fit the guess of the preset `auto` starts from on labelled photos (developer tool).",
        discussion: """
            Measures every photo of --images (which must hold manifest.json) as a scan does before guessing its \
            kind, prints how often the committed guess is right there, fits the multinomial logistic model to \
            the manifest's presets and prints it as Swift to paste into PresetClassifier.standard, with how \
            often each model is right on every --holdout folder.
            """)

    @Option(name: .long, help: "Labelled folder to fit on.")
    var images: String

    @Option(name: .long, help: "Labelled folder to check on (repeatable).")
    var holdout: [String] = []

    func run() async throws {
        let samples = try PresetFit.samples(in: URL(fileURLWithPath: images))
        let fitted = PresetFit.fit(samples)
        print("committed guess on \(images):\n\(PresetFit.report(PresetClassifier.standard, on: samples))")
        print("\nfitted on \(images):\n\(PresetFit.report(fitted, on: samples))")
        for folder in holdout {
            let check = try PresetFit.samples(in: URL(fileURLWithPath: folder))
            print("\ncommitted guess on \(folder):\n\(PresetFit.report(PresetClassifier.standard, on: check))")
            print("fitted, on \(folder):\n\(PresetFit.report(fitted, on: check))")
        }
        print("\n" + PresetFit.swiftLiteral(fitted))
    }
}
