// A test fixture, not a product: the session with a toy engine, so that SessionTests can
// drive the real line editor through a pseudo-terminal before the interpreter is wired
// in. The toy engine decides "incomplete" by counting brackets, which the real session
// never does (the real engine asks its parser).
@preconcurrency import Glibc
import Synchronization
import TableLabSession

final class DemoEngine: SessionEngine {
    private let interrupted = Atomic<Bool>(false)
    private var counter = 0
    private(set) var currentTableName: String?
    private let words = ["apple", "apricot", "banana", ":show", ":select", ":history", ":quit"]

    func submit(_ text: String, isFinal: Bool) -> SubmitOutcome {
        var depth = 0
        for character in text {
            if "{([".contains(character) { depth += 1 }
            if "})]".contains(character) { depth -= 1 }
        }
        if depth > 0 {
            if !isFinal { return .needsMoreInput }
            printError("error: unexpected end of input")
            return .failed
        }
        interrupted.store(false, ordering: .relaxed)
        let words = text.split(separator: " ")
        switch words.first {
        case "spin":
            print("spinning")
            fflush(nil)
            while !interrupted.load(ordering: .relaxed) { usleep(1_000) }
            printError("error: interrupted")
            return .failed
        case "count":
            counter += 1
            print("count = \(counter)")
        case "use" where words.count == 2:
            currentTableName = String(words[1])
        case "fail":
            printError("error: failed on purpose")
            return .failed
        case ":quit":
            return .quit(status: words.count == 2 ? Int32(words[1]) ?? 0 : 0)
        default:
            print("echo: " + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " | "))
        }
        return .completed
    }

    func completions(for textBeforeCursor: String) -> Completions {
        let partial = String(textBeforeCursor.reversed().prefix { $0.isLetter || $0 == ":" }.reversed())
        return Completions(partialWord: partial, candidates: words.filter { $0.hasPrefix(partial) })
    }

    func interrupt() {
        interrupted.store(true, ordering: .relaxed)
    }

    private func printError(_ message: String) {
        fflush(nil)
        fputs(message + "\n", stderr)
    }
}

exit(InteractiveSession.run(engine: DemoEngine(), version: "0.0-demo"))
