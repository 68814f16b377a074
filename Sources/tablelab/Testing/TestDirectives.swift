// The expectations a `.tlab` file states for `tablelab test`, read from its comments.
// The format follows the project's own script tests (Tests/ScriptTests/README.md): a
// directive is `// NAME: VALUE`, one blank after the colon is not part of the value.
// This is the product's own reader; the test harness keeps its own, richer one.

import TableLabSyntax

/// One directive comment: what it says and where it is (the `//`), so that a failure can
/// be reported at the line that stated it.
struct TestDirective: Equatable {
    enum Kind: Equatable {
        /// `// expect: TEXT`: the next line of standard output is TEXT.
        case output(String)
        /// `// expect-error: MESSAGE`: an error with this message is reported on this line.
        case error(String)
        /// `// expect-exit: N`: the exit status.
        case exit(Int32)
    }
    var kind: Kind
    var location: SourceLocation
}

/// A directive the reader could not read: a test that states something it cannot check
/// would pass for the wrong reason, so the file fails instead.
struct DirectiveProblem: Equatable {
    var content: TestMessage
    var location: SourceLocation
    /// The text, for people and the runner's tests; the runner reports `content`.
    var message: String { content.text }

    init(message: TestMessage, location: SourceLocation) {
        content = message
        self.location = location
    }
}

/// Everything one file states about its run.
struct TestExpectation: Equatable {
    var directives: [TestDirective] = []
    var problems: [DirectiveProblem] = []

    /// The `// expect:` lines in order, with where each was written.
    var outputLines: [(text: String, location: SourceLocation)] {
        directives.compactMap { d in
            if case .output(let text) = d.kind { return (text, d.location) }
            return nil
        }
    }

    /// The `// expect-error:` directives: the line they stand on and the message.
    var errors: [(message: String, location: SourceLocation)] {
        directives.compactMap { d in
            if case .error(let message) = d.kind { return (message, d.location) }
            return nil
        }
    }

    /// The explicit `// expect-exit:` with its place, if any.
    var explicitExit: (status: Int32, location: SourceLocation)? {
        for d in directives { if case .exit(let n) = d.kind { return (n, d.location) } }
        return nil
    }

    /// The exit status the run must end with: the explicit one, else 1 when an error is
    /// expected, else 0.
    var expectedExit: Int32 {
        if let explicitExit { return explicitExit.status }
        return errors.isEmpty ? 0 : 1
    }

    /// True when the file states anything at all (a file that states nothing is not a test).
    var statesSomething: Bool { !directives.isEmpty || !problems.isEmpty }

    static func == (a: TestExpectation, b: TestExpectation) -> Bool {
        a.directives == b.directives && a.problems == b.problems
    }
}

enum TestDirectives {
    /// The directive names `tablelab test` reads. Any other `// expect…:` is a problem, so
    /// that a typo (`// expect-eror:`) cannot silently check nothing.
    static let names = ["expect", "expect-error", "expect-exit"]

    /// Reads every directive of a source text.
    static func parse(_ source: String) -> TestExpectation {
        var result = TestExpectation()
        var lineNumber = 0
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            guard let found = directive(in: line) else { continue }
            let at = SourceLocation(line: lineNumber, column: found.column)
            switch found.name {
            case "expect":
                result.directives.append(TestDirective(kind: .output(found.value), location: at))
            case "expect-error":
                let message = trimmed(found.value)
                if message.isEmpty {
                    result.problems.append(DirectiveProblem(message: .expectErrorWithoutMessage, location: at))
                } else {
                    result.directives.append(TestDirective(kind: .error(message), location: at))
                }
            case "expect-exit":
                let text = trimmed(found.value)
                if let n = Int32(text), n >= 0 {
                    if result.explicitExit != nil {
                        result.problems.append(DirectiveProblem(message: .secondExpectExit, location: at))
                    } else {
                        result.directives.append(TestDirective(kind: .exit(n), location: at))
                    }
                } else {
                    result.problems.append(DirectiveProblem(message: .expectExitNotANumber(text), location: at))
                }
            default:
                result.problems.append(DirectiveProblem(
                    message: .unknownDirective(found.name, known: names),
                    location: at))
            }
        }
        return result
    }

    /// The first directive comment on a line: its name, its value (one leading blank
    /// removed, so `// expect:   x` expects "  x"), and the column of its `//` in Unicode
    /// scalars, as diagnostics count columns. `//` inside a string literal is not a comment.
    static func directive(in line: Substring) -> (name: String, value: String, column: Int)? {
        let scalars = Array(line.unicodeScalars)
        var i = 0
        var inString = false
        while i < scalars.count {
            let c = scalars[i]
            if inString {
                if c == "\\" { i += 2; continue }
                if c == "\"" { inString = false }
                i += 1
                continue
            }
            if c == "\"" { inString = true; i += 1; continue }
            guard c == "/", i + 1 < scalars.count, scalars[i + 1] == "/" else { i += 1; continue }
            // A comment: the rest of the line. Is it a directive?
            var j = i + 2
            while j < scalars.count, scalars[j] == " " || scalars[j] == "\t" { j += 1 }
            var nameEnd = j
            while nameEnd < scalars.count, isNameScalar(scalars[nameEnd]) { nameEnd += 1 }
            let name = String(String.UnicodeScalarView(scalars[j..<nameEnd]))
            guard name.hasPrefix("expect"), nameEnd < scalars.count, scalars[nameEnd] == ":" else { return nil }
            var valueStart = nameEnd + 1
            if valueStart < scalars.count, scalars[valueStart] == " " { valueStart += 1 }
            // Trailing blanks stay: a rendered table's lines may end in them.
            return (name, String(String.UnicodeScalarView(scalars[valueStart...])), i + 1)
        }
        return nil
    }

    private static func isNameScalar(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "-"
    }

    private static func trimmed(_ s: String) -> String {
        var t = Substring(s)
        while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
        while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
        return String(t)
    }
}
