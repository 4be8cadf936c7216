import ArgumentParser

/// `pdffill`: detect, fill and inspect PDF forms.
@main
struct PDFFillCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdffill",
        abstract: "Detect, fill and inspect PDF forms (overlay or AcroForm).",
        subcommands: [DetectCommand.self, FillCommand.self, InspectCommand.self])
}
