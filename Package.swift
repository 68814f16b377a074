// swift-tools-version:6.0
// TableLab: a command-line table explorer for the enum-driven UITableView pattern.
// Layering (each layer knows nothing of the ones above it):
//   TableLabLanguage   lexer, parser, resolver, exhaustiveness checker, interpreter
//   TableLabSimulator  the simulated UITableView and the `:` explorer commands
//   CLineEditor        C shim over libedit (variadic el_set/history wrappers)
//   TableLabSession    the interactive session: line editor, completion, history
//   tablelab           the command line
import PackageDescription

let package = Package(
    name: "TableLab",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tablelab", targets: ["tablelab"]),
    ],
    targets: [
        .target(name: "TableLabLanguage"),
        .target(name: "TableLabSimulator", dependencies: ["TableLabLanguage"]),
        .target(
            name: "CLineEditor",
            linkerSettings: [.linkedLibrary("edit")]
        ),
        .target(name: "TableLabSession",
                dependencies: ["TableLabLanguage", "TableLabSimulator", "CLineEditor"]),
        .executableTarget(name: "tablelab",
                          dependencies: ["TableLabLanguage", "TableLabSimulator", "TableLabSession"]),
        .testTarget(name: "TableLabLanguageTests", dependencies: ["TableLabLanguage"]),
        .testTarget(name: "ExhaustivenessTests", dependencies: ["TableLabLanguage"],
                    resources: [.copy("Cases")]),
        .testTarget(name: "SimulatorTests", dependencies: ["TableLabSimulator"]),
        // Drives the real `tablelab` through a pseudo-terminal, so it depends on it.
        .testTarget(name: "SessionTests", dependencies: ["TableLabSession", "tablelab"]),
        .testTarget(name: "ScriptTests", dependencies: ["tablelab"],
                    exclude: ["Scripts", "README.md"]),
    ],
    swiftLanguageModes: [.v6]
)
