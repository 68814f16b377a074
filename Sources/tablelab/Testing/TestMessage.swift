// The findings of `tablelab test` about one file, as data (DiagnosticMessage): what the
// file's directives could not say, and where its run disagreed with them. The wording
// lives only in `text`.

import TableLabFiles
import TableLabSyntax

enum TestMessage: DiagnosticMessage, Hashable {
    /// A file that could not be read or written (the files layer's data).
    case fileProblem(FileProblem)
    /// A child that did not start.
    case childNotStarted(ChildStartError)
    /// A file with no directive and no snapshot.
    case statesNoExpectation(path: String, snapshot: String)
    /// `// expect-error:` with nothing after it.
    case expectErrorWithoutMessage
    /// A second `// expect-exit:`.
    case secondExpectExit
    /// `// expect-exit:` followed by no number.
    case expectExitNotANumber(String)
    /// A directive of no known name; `known` are the names that are.
    case unknownDirective(String, known: [String])
    /// The child was killed by a signal.
    case crashed(signal: Int32)
    /// Both `// expect:` lines and a snapshot.
    case outputStatedTwice(snapshot: String)
    /// The output is not the snapshot's.
    case outputDiffersFromSnapshot(String)
    /// The output ended before an `// expect:` line.
    case outputEnded(expected: String)
    /// An output line that is not the `// expect:` line at its place.
    case outputLineDiffers(expected: String, got: String)
    /// Output where none was expected.
    case noOutputExpected(got: String)
    /// Output after the last `// expect:` line.
    case outputAfterLastExpected(got: String)
    /// The output's last line has no newline.
    case lastLineWithoutNewline
    /// An error on an `// expect-error:` line with other words.
    case errorDiffers(expected: String, got: String)
    /// No error on an `// expect-error:` line.
    case errorMissing(expected: String)
    /// Errors no `// expect-error:` expects.
    case unexpectedErrors(count: Int)
    /// An exit status other than the one expected.
    case exitStatusDiffers(expected: Int32, got: Int32)
    /// A child whose exit status could not be collected, with the system's error.
    case exitStatusLost(reason: SystemError)

    var id: DiagnosticID {
        switch self {
        case .fileProblem: return DiagnosticID("tablelab_test_file_problem")
        case .childNotStarted: return DiagnosticID("tablelab_test_child_not_started")
        case .statesNoExpectation: return DiagnosticID("tablelab_test_states_no_expectation")
        case .expectErrorWithoutMessage: return DiagnosticID("tablelab_test_expect_error_without_message")
        case .secondExpectExit: return DiagnosticID("tablelab_test_second_expect_exit")
        case .expectExitNotANumber: return DiagnosticID("tablelab_test_expect_exit_not_a_number")
        case .unknownDirective: return DiagnosticID("tablelab_test_unknown_directive")
        case .crashed: return DiagnosticID("tablelab_test_crashed")
        case .outputStatedTwice: return DiagnosticID("tablelab_test_output_stated_twice")
        case .outputDiffersFromSnapshot: return DiagnosticID("tablelab_test_output_differs_from_snapshot")
        case .outputEnded: return DiagnosticID("tablelab_test_output_ended")
        case .outputLineDiffers: return DiagnosticID("tablelab_test_output_line_differs")
        case .noOutputExpected: return DiagnosticID("tablelab_test_no_output_expected")
        case .outputAfterLastExpected: return DiagnosticID("tablelab_test_output_after_last_expected")
        case .lastLineWithoutNewline: return DiagnosticID("tablelab_test_last_line_without_newline")
        case .errorDiffers: return DiagnosticID("tablelab_test_error_differs")
        case .errorMissing: return DiagnosticID("tablelab_test_error_missing")
        case .unexpectedErrors: return DiagnosticID("tablelab_test_unexpected_errors")
        case .exitStatusDiffers: return DiagnosticID("tablelab_test_exit_status_differs")
        case .exitStatusLost: return DiagnosticID("tablelab_test_exit_status_lost")
        }
    }

    var text: String {
        switch self {
        case .fileProblem(let problem): return problem.description
        case .childNotStarted(.cannotCreateScratchFile(let error)): return "cannot create a scratch file: \(error)"
        case .childNotStarted(.cannotRunIn(let folder)): return "cannot run a child in '\(folder)'"
        case .childNotStarted(.cannotStart(let executable, let error)): return "cannot start \(executable): \(error)"
        case .statesNoExpectation(let path, let snapshot):
            return "states no expectation: add '// expect:' lines, or run 'tablelab test --update \(path)' to write \(snapshot)"
        case .expectErrorWithoutMessage: return "'expect-error:' needs the error's message"
        case .secondExpectExit: return "a second 'expect-exit:'"
        case .expectExitNotANumber(let text): return "'expect-exit:' needs a number, got '\(text)'"
        case .unknownDirective(let name, let known):
            return "unknown directive '\(name):' (known: \(known.map { $0 + ":" }.joined(separator: ", ")))"
        case .crashed(let signal): return "crashed: tablelab was killed by signal \(signal)"
        case .outputStatedTwice(let snapshot): return "the output is stated twice, by '// expect:' lines and by \(snapshot): keep one"
        case .outputDiffersFromSnapshot(let snapshot): return "the output differs from \(snapshot)"
        case .outputEnded(let expected): return "expected the output line '\(expected)', but the output ended"
        case .outputLineDiffers(let expected, let got): return "expected the output line '\(expected)', got '\(got)'"
        case .noOutputExpected(let got): return "expected no output, got '\(got)'"
        case .outputAfterLastExpected(let got): return "unexpected output after the last '// expect:' line: '\(got)'"
        case .lastLineWithoutNewline: return "the last line of output has no newline"
        case .errorDiffers(let expected, let got): return "expected the error '\(expected)' on this line, got '\(got)'"
        case .errorMissing(let expected): return "expected the error '\(expected)' on this line, but none was reported here"
        case .unexpectedErrors(let count):
            return count == 1 ? "an error that no '// expect-error:' expects:" : "\(count) errors that no '// expect-error:' expects:"
        case .exitStatusDiffers(let expected, let got): return "expected exit status \(expected), got \(got)"
        case .exitStatusLost(let reason): return "the run's exit status was lost: \(reason)"
        }
    }
}
