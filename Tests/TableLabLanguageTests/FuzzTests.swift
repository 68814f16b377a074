// Fuzzing: thousands of random and mutated scripts through the lexer, the parser and the
// interpreter, in process. Each must come back with a result or a diagnostic; a crash
// kills the test process (the suite fails), and a hang is caught by a watchdog that
// names the input and stops the process. Deterministic: a fixed seed, a sorted corpus.
//
// Environment: TABLELAB_FUZZ_SEED (default 2024), TABLELAB_FUZZ_SCALE (multiplies the
// number of inputs, default 1).

import Foundation
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter
import XCTest

final class FuzzTests: XCTestCase {

    // MARK: The corpus: the script tests and the bench workloads

    /// The package root, from this file's path (Tests/TableLabLanguageTests/FuzzTests.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func corpus() -> [String] {
        let folders = ["Tests/ScriptTests/Scripts", "bench/workloads", "examples"]
        var files: [URL] = []
        for folder in folders {
            let root = packageRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "tlab" { files.append(url) }
        }
        files.sort { $0.path < $1.path }
        return files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TABLELAB_FUZZ_SEED"].flatMap { UInt64($0) } ?? 2024
    }

    static var scale: Int {
        max(1, ProcessInfo.processInfo.environment["TABLELAB_FUZZ_SCALE"].flatMap { Int($0) } ?? 1)
    }

    // MARK: Tests

    func testLexerAndParserAnswerEveryInput() throws { try isolated("testLexerAndParserAnswerEveryInput", fuzzLexerAndParser) }

    private func fuzzLexerAndParser() throws {
        let corpus = Self.corpus()
        XCTAssertGreaterThan(corpus.count, 3, "the fuzz corpus (script tests, bench workloads) is missing")
        var generator = InputGenerator(corpus: corpus, seed: Self.seed)
        let count = 8_000 * Self.scale
        var parsed = 0, failed = 0
        let failures = FailureLog()
        try withWatchdog { progress in
            for i in 0..<count {
                let input = generator.next()
                progress.current = input
                let file = SourceFile(name: "fuzz.tlab", text: input)
                var lexer = Lexer(text: input)
                _ = try? lexer.tokenize()
                do throws(ParseFailure) {
                    _ = try Parser.parse(file)
                    parsed += 1
                } catch {
                    failed += 1
                    if error.diagnostics.isEmpty {
                        failures.add("input \(i): a parse failure without a diagnostic", input)
                    }
                    for d in error.diagnostics {
                        _ = DiagnosticRenderer().render(d, defaultFile: file)
                        if d.severity == .error, d.location != .unknown,
                           d.location.line < 1 || d.location.line > file.lines.count + 1 || d.location.column < 1 {
                            failures.add("input \(i): diagnostic at \(d.location), outside the input", input)
                        }
                    }
                }
            }
        }
        print("fuzz: lexer and parser tried \(count) inputs (seed \(Self.seed)): \(parsed) parsed, \(failed) rejected with diagnostics")
        failures.report()
        // Both outcomes must occur, or the mutations are not exercising the parser.
        XCTAssertGreaterThan(parsed, 0)
        XCTAssertGreaterThan(failed, 0)
    }

    func testInterpreterAnswersEveryInput() throws { try isolated("testInterpreterAnswersEveryInput", fuzzInterpreter) }

    private func fuzzInterpreter() throws {
        let count = 3_000 * Self.scale
        let tally = try fuzzFreshInterpreters(seed: Self.seed &+ 1, count: count) { input, interpreter, tally in
            let file = SourceFile(name: "fuzz.tlab", text: input)
            do throws(Diagnostic) {
                try interpreter.runScript(file)
                tally.ran += 1
            } catch {
                _ = DiagnosticRenderer().render(error, defaultFile: file)
                tally.errors += 1
            }
        }
        print("fuzz: interpreter tried \(count) inputs (seed \(Self.seed &+ 1), --max-steps 10000): \(tally.ran) ran to the end, \(tally.errors) stopped with a diagnostic")
        reportSlowestAndExpectBothOutcomes(tally)
    }

    /// The interactive path: each input fed line by line to one interpreter, as the session
    /// does (an incomplete entry waits for more lines; a failed one is reported and the
    /// session goes on with its state).
    func testSessionEntriesAnswerEveryInput() throws { try isolated("testSessionEntriesAnswerEveryInput", fuzzSessionEntries) }

    private func fuzzSessionEntries() throws {
        let count = 500 * Self.scale
        let tally = try fuzzFreshInterpreters(seed: Self.seed &+ 2, count: count) { input, interpreter, tally in
            var pending = ""
            var linesBefore = 0
            for line in input.split(separator: "\n", omittingEmptySubsequences: false) {
                pending += line + "\n"
                let file = SourceFile(name: "<repl>", text: pending, lineOffset: linesBefore)
                switch interpreter.runEntry(file) {
                case .incomplete:
                    continue
                case .completed:
                    tally.ran += 1
                case .failed(let diagnostic):
                    _ = DiagnosticRenderer().render(diagnostic, defaultFile: file)
                    tally.errors += 1
                }
                linesBefore += file.lines.count - 1
                pending = ""
            }
        }
        print("fuzz: session entries from \(count) inputs (seed \(Self.seed &+ 2)): \(tally.ran) entries completed, \(tally.errors) failed with a diagnostic")
        reportSlowestAndExpectBothOutcomes(tally)
    }

    /// What both interpreter fuzzers share: `count` generated inputs, each given to `feed`
    /// with a fresh interpreter (quiet, `--max-steps 10000`) on the watched fuzz thread,
    /// and timed to find the slowest.
    private func fuzzFreshInterpreters(seed: UInt64, count: Int,
                                       _ feed: @escaping (String, Interpreter, Tally) -> Void) throws -> Tally {
        let corpus = Self.corpus()
        XCTAssertGreaterThan(corpus.count, 3, "the fuzz corpus (script tests, bench workloads) is missing")
        var generator = InputGenerator(corpus: corpus, seed: seed)
        let tally = Tally()
        try withWatchdog { progress in
            for _ in 0..<count {
                let input = generator.next()
                progress.current = input
                let started = DispatchTime.now().uptimeNanoseconds
                defer {
                    let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                    if ms > tally.slowestMs { tally.slowestMs = ms; tally.slowest = input }
                }
                let interpreter = Interpreter(options: .init(maxSteps: 10_000))
                interpreter.output = { _ in }
                interpreter.warningHandler = { _ in }
                feed(input, interpreter, tally)
            }
        }
        return tally
    }

    private func reportSlowestAndExpectBothOutcomes(_ tally: Tally) {
        // Not an assertion (no time limits in tests): a pointer for whoever makes it faster.
        print("fuzz: slowest input took \(Int(tally.slowestMs)) ms" + (tally.slowestMs > 2_000 ? ":\n\(tally.slowest)" : ""))
        XCTAssertGreaterThan(tally.ran, 0)
        XCTAssertGreaterThan(tally.errors, 0)
    }

    /// The generator itself: deterministic for a seed, and it really changes its inputs.
    func testGeneratorIsDeterministicAndMutates() {
        let corpus = ["let x = 1\nprint(x)\n", "enum E { case a, b }\n"]
        var a = InputGenerator(corpus: corpus, seed: 7)
        var b = InputGenerator(corpus: corpus, seed: 7)
        let first = (0..<50).map { _ in a.next() }
        XCTAssertEqual(first, (0..<50).map { _ in b.next() })
        XCTAssertGreaterThan(Set(first).count, 25)
        XCTAssertTrue(first.contains { !corpus.contains($0) })
    }

    // MARK: Isolation and watchdog

    /// Runs `body` in a child copy of this test process (Linux: the .xctest executable
    /// takes a test name), so that a crash fails this one test, with the input that caused
    /// it, instead of ending the whole test run and hiding every later result.
    private func isolated(_ testName: String, _ body: () throws -> Void) throws {
        let environment = ProcessInfo.processInfo.environment
        #if os(Linux)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        let canSpawn = executable.pathExtension == "xctest" && environment["TABLELAB_FUZZ_CHILD"] == nil
        #else
        let canSpawn = false
        #endif
        guard canSpawn else { return try body() }
        #if os(Linux)
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-fuzz-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let child = Process()
        child.executableURL = executable
        child.arguments = ["TableLabLanguageTests.FuzzTests/\(testName)"]
        child.environment = environment.merging(["TABLELAB_FUZZ_CHILD": "1"]) { $1 }
        child.standardOutput = handle
        child.standardError = handle
        child.standardInput = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        try handle.close()
        let output = String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        // The child's own report (counts, the slowest input), without the test harness's lines
        // and without a crash report, which goes into the failure below.
        let boilerplate = ["Test Case", "Test Suite", "\t Executed", "◇", "↳", "✔", "✘"]
        for line in lines.prefix(while: { !$0.hasPrefix("fuzz: crashed") && !$0.contains("hung; the input was")
                                           && !$0.hasPrefix("*** ") })
        where !boilerplate.contains(where: { line.hasPrefix($0) }) && !line.contains(": error: ") {
            print(line)
        }
        if child.terminationReason == .uncaughtSignal {
            // What the crash handler or the watchdog printed, up to the backtrace.
            let start = lines.firstIndex { $0.hasPrefix("fuzz: crashed") || $0.contains("hung; the input was") }
            let report = start.map { lines[$0...].prefix { !$0.hasPrefix("*** Signal") && !$0.hasPrefix("💣") } }
                .map { $0.prefix(80).joined(separator: "\n") } ?? "(no input was recorded)"
            let cause = lines.first { $0.contains("runtime failure") || $0.contains("Fatal error") }
                .map { String($0) } ?? "signal \(child.terminationStatus)"
            XCTFail("the fuzz run crashed: \(cause)\n\(report)")
        } else if child.terminationStatus != 0 {
            let errors = lines.filter { $0.contains(": error: ") }.prefix(40).joined(separator: "\n")
            XCTFail("the fuzz run failed:\n\(errors.isEmpty ? output.suffix(4_000) : Substring(errors))")
        }
        #endif
    }


    /// Runs `body` on the interpreter's large-stack thread, so deep recursion meets the
    /// interpreter's own limit. A hang guard, not a time limit: when one input makes no
    /// progress for 60 seconds, the input is printed and the process stops (the suite fails).
    private func withWatchdog(_ body: @escaping (Progress) throws -> Void) throws {
        let progress = Progress()
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        // The fuzz thread is the only one that runs `body`, and this thread waits for it.
        let unchecked = UncheckedSendable(body)
        CrashReport.install()
        Thread.detachNewThread {
            // The interpreter's own large-stack thread (it also tells the interpreter
            // how deep it may recurse before `stack overflow`).
            Interpreter.runOnLargeStack {
                do { try unchecked.value(progress) } catch { outcome.error = error }
            }
            done.signal()
        }
        var lastSeen = -1
        while done.wait(timeout: .now() + .seconds(60)) == .timedOut {
            let seen = progress.count
            if seen == lastSeen {
                FileHandle.standardError.write(Data("fuzz: input \(seen) hung; the input was:\n\(progress.current)\n".utf8))
                fatalError("fuzz input \(seen) hung (see above)")
            }
            lastSeen = seen
        }
        if let error = outcome.error { throw error }
    }
}

/// The current input, shared with the watchdog. @unchecked Sendable: written by the one
/// fuzz thread, read by the watchdog only to print it; guarded by `lock`.
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private var _current = ""
    private var _count = 0
    var current: String {
        get { lock.lock(); defer { lock.unlock() }; return _current }
        set {
            CrashReport.remember(newValue)
            lock.lock(); _current = newValue; _count += 1; lock.unlock()
        }
    }
    var count: Int { lock.lock(); defer { lock.unlock() }; return _count }
}

/// Hands a value to another thread when the hand-over is made safe by other means
/// (here: the giving thread waits until the receiving one is done).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// @unchecked Sendable: written by the fuzz thread before it signals, read after the wait.
private final class Outcome: @unchecked Sendable { var error: Error? }

/// @unchecked Sendable: used only by the one fuzz thread; read after it finished.
private final class Tally: @unchecked Sendable {
    var ran = 0, errors = 0
    var slowestMs = 0.0, slowest = ""
}

/// Defects found by a fuzz run, reported after it (XCTFail from the main thread).
private final class FailureLog: @unchecked Sendable {
    // Written by the fuzz thread, read by the test after the thread finished.
    private var entries: [(String, String)] = []
    func add(_ what: String, _ input: String) { if entries.count < 20 { entries.append((what, input)) } }
    func report(file: StaticString = #filePath, line: UInt = #line) {
        for (what, input) in entries { XCTFail("\(what); the input:\n\(input)", file: file, line: line) }
    }
}

/// A crash kills the test process; so that the input that caused it is not lost, the
/// fuzz thread copies each input into plain memory, and a handler for the crash signals
/// writes it to standard error, then gives the signal back to the handler it replaced
/// (Swift's backtracer), which reports the crash as usual.
enum CrashReport {
    static let capacity = 1 << 20
    // nonisolated(unsafe): written by the one fuzz thread only; read by the signal
    // handler when that thread crashes, i.e. while it is stopped.
    nonisolated(unsafe) static let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    nonisolated(unsafe) static var length = 0
    nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
    nonisolated(unsafe) static var installed = false

    static func remember(_ input: String) {
        length = 0  // a crash while copying prints nothing rather than a torn input
        let n = input.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            let n = min(bytes.count, capacity)
            if n > 0 { buffer.update(from: bytes.baseAddress!, count: n) }
            return n
        } ?? {
            let bytes = Array(input.utf8.prefix(capacity))
            buffer.update(from: bytes, count: bytes.count)
            return bytes.count
        }()
        length = n
    }

    /// Called from the test's thread before the fuzz thread starts.
    static func install() {
        guard !installed else { return }
        installed = true
        for signal in signals {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = { signal in
                let header = "\nfuzz: crashed (signal \(signal)) on this input:\n"
                _ = header.withCString { write(2, $0, strlen($0)) }
                _ = write(2, CrashReport.buffer, CrashReport.length)
                _ = write(2, "\n", 1)
                // Returning re-runs the faulting instruction under the previous handler.
                sigaction(signal, CrashReport.previous + Int(signal), nil)
                if signal == SIGABRT { raise(signal) }
            }
            #else
            action.__sigaction_u.__sa_handler = { signal in
                _ = write(2, CrashReport.buffer, CrashReport.length)
                sigaction(signal, CrashReport.previous + Int(signal), nil)
                if signal == SIGABRT { raise(signal) }
            }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previous + Int(signal))
        }
    }
}

// MARK: - Inputs

/// splitmix64: small, fast and the same on every platform (SystemRandomNumberGenerator is
/// not seedable).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Mutated copies of the corpus, now and then a script made from scratch of fragments.
struct InputGenerator {
    let corpus: [String]
    var rng: SeededGenerator

    init(corpus: [String], seed: UInt64) {
        self.corpus = corpus.isEmpty ? [""] : corpus
        rng = SeededGenerator(seed: seed)
    }

    /// Pieces that stress the lexer and parser when dropped anywhere.
    static let fragments = [
        "(", ")", "[", "]", "{", "}", "\"", "\"\"\"", "\\(", "'", "`", "/*", "*/", "//", "#!",
        "+", "-", "*", "/", "%", "=", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "!", "?", "??",
        "?.", "...", "..<", "->", ":", ";", ",", ".", "$0", "$1", "_", "@", "#", "\\", "\n", "\t",
        "let", "var", "func", "enum", "struct", "case", "switch", "default", "if", "else", "guard",
        "for", "in", "while", "repeat", "return", "break", "continue", "fallthrough", "nil", "true",
        "self", "table", "static", "mutating", "where", "inout", "0x", "1e", "9223372036854775807",
        "-9223372036854775808", "1_000", "0.5", "\\u{1F600}", "\\u{", "é", "🙂", "\u{0}", ":show", ":select 0 0",
    ]

    mutating func next() -> String {
        let roll = Int.random(in: 0..<100, using: &rng)
        if roll < 5 { return scratch() }
        var text = corpus[Int.random(in: 0..<corpus.count, using: &rng)]
        for _ in 0..<Int.random(in: 1...4, using: &rng) { text = mutate(text) }
        return text
    }

    private mutating func scratch() -> String {
        (0..<Int.random(in: 1...60, using: &rng))
            .map { _ in Self.fragments[Int.random(in: 0..<Self.fragments.count, using: &rng)] }
            .joined(separator: Bool.random(using: &rng) ? " " : "")
    }

    private mutating func mutate(_ text: String) -> String {
        switch Int.random(in: 0..<9, using: &rng) {
        case 0...3: return mutateTokens(text)
        case 4...6: return mutateLines(text)
        case 7:
            // Truncate anywhere, also inside a string or a comment.
            let scalars = Array(text.unicodeScalars)
            guard !scalars.isEmpty else { return text }
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars[..<Int.random(in: 0...scalars.count, using: &rng)])
            return String(out)
        default:
            // Replace a random number literal with an extreme one.
            var tokens = Self.tokens(text)
            let numbers = tokens.indices.filter { tokens[$0].first?.isNumber == true }
            guard let i = numbers.randomElement(using: &rng) else { return mutateTokens(text) }
            tokens[i] = ["0", "-1", "9223372036854775807", "100000000", "1e308", "0.0"].randomElement(using: &rng)!
            return tokens.joined()
        }
    }

    private mutating func mutateTokens(_ text: String) -> String {
        var tokens = Self.tokens(text)
        guard !tokens.isEmpty else { return Self.fragments.randomElement(using: &rng)! }
        let i = Int.random(in: 0..<tokens.count, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: tokens.remove(at: i)
        case 1: tokens.insert(tokens[i], at: i)
        case 2: tokens.swapAt(i, Int.random(in: 0..<tokens.count, using: &rng))
        default: tokens.insert(Self.fragments.randomElement(using: &rng)!, at: i)
        }
        return tokens.joined()
    }

    private mutating func mutateLines(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return text }
        let i = Int.random(in: 0..<lines.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: lines.remove(at: i)
        case 1: lines.insert(lines[i], at: Int.random(in: 0...lines.count, using: &rng))
        default: lines.swapAt(i, Int.random(in: 0..<lines.count, using: &rng))
        }
        return lines.joined(separator: "\n")
    }

    /// A crude split that keeps every character: identifier/number runs, blank runs, and
    /// every other character alone. Joining the tokens gives the text back.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var currentKind = 0
        for ch in text {
            let kind = ch.isLetter || ch.isNumber || ch == "_" ? 1 : (ch == " " || ch == "\t" ? 2 : 3)
            if kind == currentKind && kind != 3 {
                current.append(ch)
            } else {
                if !current.isEmpty { tokens.append(current) }
                current = String(ch)
                currentKind = kind
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}
