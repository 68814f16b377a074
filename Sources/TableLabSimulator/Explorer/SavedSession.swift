// The file `:save` writes, and how `:load` reads it back.
//
// A saved session is a script: the inputs that changed the state, in order. One thing a
// script cannot say is that an entry stopped with a run-time error when it was typed and
// the session went on (as the Swift REPL does): a script stops at its first error. Such an
// entry is written between two marker comments, and `:load` runs the file in parts: the
// marked entry fails again, is reported, and the load goes on with what follows. The
// markers are whole lines; a file without them loads as one script, exactly as before.

import TableLabSyntax

enum SavedSession {
    static let failedEntryBegins = "// tablelab: the entry below stopped with an error when it was typed; :load reports it and goes on"
    static let failedEntryEnds = "// tablelab: end of that entry"

    /// One input as `:save` writes it.
    static func text(of input: SessionInput) -> String {
        let body = input.text.hasSuffix("\n") ? input.text : input.text + "\n"
        guard input.failed else { return body }
        return failedEntryBegins + "\n" + body + failedEntryEnds + "\n"
    }

    struct Part {
        var file: SourceFile
        /// A marked entry: its run-time error is reported and the load goes on.
        var failedWhenTyped: Bool
    }

    /// The parts of a file to run in order, each numbered as in the file: the whole file
    /// when it has no markers.
    static func parts(of file: SourceFile) -> [Part] {
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.contains(failedEntryBegins) else { return [Part(file: file, failedWhenTyped: false)] }
        var parts: [Part] = []
        var start = 0
        var inFailed = false
        func close(at end: Int) {
            guard end > start else { return }
            let text = lines[start..<end].joined(separator: "\n")
            parts.append(Part(file: SourceFile(name: file.name, text: text, lineOffset: file.lineOffset + start),
                              failedWhenTyped: inFailed))
        }
        for (i, line) in lines.enumerated() {
            if line == failedEntryBegins, !inFailed {
                close(at: i)
                start = i
                inFailed = true
            } else if line == failedEntryEnds, inFailed {
                close(at: i + 1)
                start = i + 1
                inFailed = false
            }
        }
        close(at: lines.count)
        return parts
    }
}
