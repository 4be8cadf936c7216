import ArgumentParser

/// `ocrbench`: accuracy and speed runs of Legible's readers and detectors on labelled sets.
@main
struct OCRBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocrbench",
        abstract: "Measure Legible's accuracy and speed on labelled photos and forms.",
        subcommands: [
            SerialsCommand.self, FormsCommand.self, PerfCommand.self, CalibrateCommand.self, PresetsCommand.self,
        ])
}
