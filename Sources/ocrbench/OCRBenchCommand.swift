import ArgumentParser

/// `ocrbench`: accuracy and speed runs of Legible's detectors.
@main
struct OCRBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocrbench",
        abstract: "Measure Legible's accuracy and speed on test data.",
        subcommands: [FormsCommand.self])
}
