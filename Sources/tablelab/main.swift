// tablelab: the command line of SPEC §1. A thin shell: it parses arguments, reads the
// files, and hands the work to the language, the simulator and the session.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabSyntax
import TableLabInterpreter

openStandardDescriptors()
// A write past `ulimit -f` fails with EFBIG, reported as an error, instead of killing the
// process (and leaving a `:save`'s temporary file behind).
signal(SIGXFSZ, SIG_IGN)

let arguments: Arguments
do {
    arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    writeStandardError("tablelab: error: \(error.message)\nRun 'tablelab --help' for usage.\n")
    exit(2)
}

switch arguments.mode {
case .help:
    writeStandardOutput((arguments.helpText ?? Arguments.usage) + "\n")
    standardOutput.flush()
    exit(0)
case .version:
    writeStandardOutput("TableLab \(Driver.version)\n")
    standardOutput.flush()
    exit(0)
default:
    break
}

let status = Driver.runOnLargeStack(arguments)
standardOutput.flush() // a write error reports itself and exits 1
exit(status)
