// `:show --svg FILE` / `--png FILE`: the screen as iOS draws it, as a picture file, and
// the entry points `tablelab show FILE.tlab --svg OUT.svg` uses.
import TableLabFiles
import TableLabSyntax
import TableLabInterpreter

/// The picture options of one `:show`.
struct PictureRequest {
    var svgPath: String?
    var pngPath: String?
    /// nil: the table's own style.
    var style: SVGRenderer.Style?
    /// PNG pixels per point: 1 by default, `--scale 2` or 3 for a Retina picture.
    var scale = 1.0

    var isRequested: Bool { svgPath != nil || pngPath != nil }

    /// `:show`'s usage line names the text forms; a picture option's mistakes show this one.
    static let usage = ":show [TABLE] --svg FILE [--png FILE] [--style plain|grouped|insetGrouped] [--scale N]"

    /// Takes `word` (and its value from `words`) when it is a picture option.
    mutating func parse(_ word: String, _ words: inout ArraySlice<String>, _ context: Explorer.CommandContext) throws -> Bool {
        func value() throws -> String {
            guard let next = words.popFirst(), !next.isEmpty else { throw context.error(ExplorerMessage.usage(Self.usage)) }
            return Explorer.unquoted(next)
        }
        switch word {
        case "--svg": svgPath = try value()
        case "--png": pngPath = try value()
        case "--style":
            let name = try value()
            guard let chosen = SVGRenderer.Style(rawValue: name) else {
                throw context.error(ExplorerMessage.unknownTableStyle(name))
            }
            style = chosen
        case "--scale":
            guard let number = Double(try value()), number >= 1, number <= 4 else {
                throw context.error(ExplorerMessage.scaleOutOfRange)
            }
            scale = number
        default:
            return false
        }
        return true
    }
}

extension Explorer {
    /// The renderer for `table` on the current device: its title (a `title` property of
    /// the table when it has one, as a view controller's `title` names its screen, else
    /// the table's name) and the back button of the screen below it on the stack.
    func pictureRenderer(for table: String, style: SVGRenderer.Style) -> SVGRenderer {
        var renderer = SVGRenderer(screenWidth: device.width, screenHeight: device.height, style: style)
        renderer.title = screenTitle(of: table)
        let stack = simulator.navigationStack
        if let index = stack.lastIndex(of: table), index > 0 {
            renderer.backTitle = screenTitle(of: stack[index - 1])
        }
        return renderer
    }

    func screenTitle(of table: String) -> String {
        if let title = simulator.screenTitle(table) { return title }
        if let value = try? interpreter.tableProperty(table, "title"), case .string(let title) = value {
            return title
        }
        return table
    }

    func writePicture(_ request: PictureRequest, of snapshot: TableSnapshot, json: Bool, _ context: CommandContext) throws {
        guard !json else { throw context.error(ExplorerMessage.usage(PictureRequest.usage)) }
        let svg = pictureRenderer(for: snapshot.name, style: request.style ?? snapshot.style).render(snapshot)
        let size = "\(JSONWriter.number(device.width))x\(JSONWriter.number(device.height)) points"
        if request.svgPath == "-" {
            // Standard output, for pipes: `tablelab show FILE --svg - | ...`.
            write(svg)
        } else if let path = request.svgPath {
            if let problem = FileAccess.writeAtomically(svg, to: path) { throw context.error(ExplorerMessage.fileError(problem)) }
            write("wrote \(DiagnosticRenderer.terminalSafe(path)): \(snapshot.name), \(device.name), \(size)\n")
        }
        if let path = request.pngPath {
            switch PNGConverter.convert(svg, scale: request.scale) {
            case .success(let bytes):
                let reason = FileAccess.replacingFile(at: path, mode: nil) { FileAccess.writeAll(bytes, to: $0) }
                if let reason { throw context.error(ExplorerMessage.cannotWrite(path: path, reason: reason)) }
                let pixels = "\(JSONWriter.number((device.width * request.scale).rounded()))x\(JSONWriter.number((device.height * request.scale).rounded())) pixels"
                write("wrote \(DiagnosticRenderer.terminalSafe(path)): \(snapshot.name), \(device.name), \(pixels)\n")
            case .failure(let error):
                throw context.error(ExplorerMessage.pictureConversionFailed(error))
            }
        }
    }

    /// The SVG picture of `table` (the current table when nil) on the current device.
    public func svgPicture(of table: String? = nil, style: SVGRenderer.Style? = nil) throws(Diagnostic) -> String {
        let context = commandLineContext("show")
        do {
            let name = try self.table(named: table, context)
            let snapshot = try simulate(context) { try simulator.snapshot(of: name) }
                return pictureRenderer(for: name, style: style ?? snapshot.style).render(snapshot)
        } catch let error as Diagnostic {
            throw error
        } catch {
            throw Interpreter.diagnostic(for: error)
        }
    }

    /// Runs `:NAME WORDS...` given as separate words, as a command line gives them (for
    /// `tablelab show FILE.tlab --svg OUT.svg`: a path may hold blanks).
    public func runCommand(_ name: String, words: [String]) throws(Diagnostic) {
        let context = commandLineContext(name)
        do {
            switch name {
            case "show": try show(words: words, context)
            default: try runCommand(name, words.joined(separator: " "), location: context.location, file: context.file)
            }
        } catch let error as Diagnostic {
            throw error
        } catch {
            throw context.wrap(error)
        }
    }

    func commandLineContext(_ name: String) -> CommandContext {
        let file = SourceFile(name: "<command line>", text: ":\(name)")
        return CommandContext(name: name, arguments: "", location: SourceLocation(line: 1, column: 1),
                              file: file, spec: Self.command(named: name))
    }
}
