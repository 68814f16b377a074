// tablelab: the command line of SPEC §1. A thin shell: it parses arguments, reads the
// files, and hands the work to the language, the simulator and the session.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabSyntax
import TableLabInterpreter

let arguments: Arguments
do {
    arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    writeStandardError("tablelab: error: \(error.message)\nRun 'tablelab --help' for usage.\n")
    exit(2)
}

switch arguments.mode {
case .help:
    print(arguments.helpText ?? Arguments.usage)
    exit(0)
case .version:
    print("TableLab \(Driver.version)")
    exit(0)
default:
    break
}

let status = Driver.runOnLargeStack(arguments)
exit(status)
