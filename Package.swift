// swift-tools-version:6.0
// TableLab: a command-line table explorer for the enum-driven UITableView pattern.
// Layering: each module knows nothing of the ones above it, and the compiler enforces it
// (a module sees only what it depends on; cross-module API is `public` or `package`).
//   TableLabSyntax          source files, diagnostics, lexer, parser, the syntax tree
//   TableLabExhaustiveness  the space engine and the static switch checker
//   TableLabInterpreter     compiles the tree to closures and runs it; the host API
//   TableLabFiles           reading scripts, replacing files atomically and safely
//   TableLabSimulator       the simulated UITableView and the `:` explorer commands
//   CLineEditor             C shim over libedit (variadic el_set/history wrappers)
//   TableLabSession         the interactive session: line editor, completion, history
//   tablelab                the command line
import PackageDescription

let package = Package(
    name: "TableLab",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tablelab", targets: ["tablelab"]),
    ],
    targets: [
        .target(name: "TableLabSyntax"),
        // Reading scripts (with a size limit) and replacing files safely (temporary file,
        // rename, no symlink or device followed): :load, :save, the history, the budget's units.
        .target(name: "TableLabFiles"),
        .target(name: "TableLabExhaustiveness", dependencies: ["TableLabSyntax"]),
        .target(name: "TableLabInterpreter", dependencies: ["TableLabSyntax", "TableLabExhaustiveness", "TableLabFiles"]),
        .target(name: "TableLabSimulator",
                dependencies: ["TableLabSyntax", "TableLabExhaustiveness", "TableLabInterpreter", "TableLabFiles"]),
        .target(
            name: "CLineEditor",
            linkerSettings: [.linkedLibrary("edit")]
        ),
        // The session knows lines, keys and history, not the language: the command line
        // hands it a line-evaluating engine.
        .target(name: "TableLabSession", dependencies: ["CLineEditor", "TableLabFiles"]),
        // The release binary carries the Swift runtime and standard library in itself: the
        // dynamic loader no longer resolves their symbols at every start (SPEC §7's start-up
        // budget; callgrind: about 4 M of 14 M instructions were the loader's).
        .executableTarget(name: "tablelab",
                          dependencies: ["TableLabSyntax", "TableLabInterpreter", "TableLabSimulator",
                                         "TableLabSession", "TableLabFiles"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]),
        // What several test targets share (the identity tests' scan of a module's sources).
        .target(name: "TableLabTestSupport", path: "Tests/TableLabTestSupport"),
        .testTarget(name: "TableLabLanguageTests",
                    dependencies: ["TableLabSyntax", "TableLabExhaustiveness", "TableLabInterpreter", "TableLabFiles",
                                   "TableLabTestSupport"]),
        .testTarget(name: "ExhaustivenessTests",
                    dependencies: ["TableLabSyntax", "TableLabExhaustiveness", "TableLabInterpreter"],
                    resources: [.copy("Cases")]),
        .testTarget(name: "SimulatorTests",
                    dependencies: ["TableLabSyntax", "TableLabInterpreter", "TableLabSimulator", "TableLabFiles",
                                   "TableLabTestSupport"]),
        // Drives the real `tablelab` through a pseudo-terminal, so it depends on it.
        .testTarget(name: "SessionTests", dependencies: ["TableLabSession", "tablelab"]),
        .testTarget(name: "ScriptTests", dependencies: ["tablelab"],
                    exclude: ["Scripts", "README.md"]),
    ],
    swiftLanguageModes: [.v6]
)
