// `tablelab emit swift FILE.tlab [-o DIR]`: the script's declarations as Swift for UIKit.
import TableLabSyntax
import TableLabSimulator

struct EmitOptions: Equatable {
    var path = ""
    var outputDirectory: String?
}

extension Arguments {
    static let emitUsage = """
    USAGE: tablelab emit swift FILE.tlab [-o DIR]

    Writes FILE.tlab as Swift for an iOS app: its enums, structs and top-level functions
    as declared, and for each table a UIViewController subclass with the
    UITableViewDataSource and UITableViewDelegate methods in UIKit's spellings, its cell
    prototypes registered, and TableLab's effects as UIKit calls. Without -o, prints one
    file with everything; with -o DIR, writes DIR/Model.swift (what the tables share) and
    DIR/TABLE.swift for each table. Top-level statements and ':' commands are left out.

    Exit status: 0 success, 1 a parse error or a file that could not be written,
    2 bad usage.
    """

    mutating func parseEmit(_ words: ArraySlice<String>) throws(UsageError) {
        var rest = words
        if let first = rest.first, first == "-h" || first == "--help" {
            mode = .help
            helpText = Self.emitUsage
            return
        }
        guard let language = rest.first else { throw UsageError(message: "'emit' needs a language: 'tablelab emit swift FILE.tlab'") }
        guard language == "swift" else { throw UsageError(message: "'emit' knows one language, swift; not '\(language)'") }
        rest = rest.dropFirst()
        var options = EmitOptions()
        guard let path = try parseOneFile(of: "emit swift", usage: Self.emitUsage, rest, option: { word, rest throws(UsageError) in
            guard word == "-o" || word == "--output" else { return false }
            options.outputDirectory = try Self.optionValue(word, &rest, "a folder")
            return true
        }) else { return }
        options.path = path
        mode = .emit(options)
    }
}

extension Host {
    func emit(_ options: EmitOptions) -> Int32 {
        guard let file = load(options.path) else { return 2 }
        let result: SwiftEmitter.Output
        do {
            result = try SwiftEmitter.emit(file)
        } catch {
            report(error)
            return 1
        }
        guard let folder = options.outputDirectory else {
            writeStandardOutput(result.singleFile)
            standardOutput.flush()
            return 0
        }
        for (name, text) in result.files {
            let path = folder + "/" + name
            if let message = SwiftEmitter.write(text, to: path) {
                writeStandardError("tablelab: error: \(message)\n")
                return 1
            }
            writeStandardOutput("wrote \(path)\n")
        }
        standardOutput.flush()
        return 0
    }
}
