// libFuzzer entry point over the lexer, the parser and the static checker (the
// exhaustiveness engine). Not part of the SwiftPM package: scripts/fuzz-libfuzzer compiles
// it with the sources of TableLabSyntax and TableLabExhaustiveness under
// `-sanitize=fuzzer,address`. (The resolver gets added here once it exists.)
//
// Each input: the bytes as a source file (lossy UTF-8), lexed, parsed; on a successful
// parse the static checker runs over the unit; every diagnostic is rendered. Any crash,
// trap or address-sanitizer report is a finding; returning is success.

import TableLabSyntax
import TableLabExhaustiveness

@_cdecl("LLVMFuzzerTestOneInput")
public func tableLabFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let file = SourceFile(name: "fuzz.tlab", text: text)
    let renderer = DiagnosticRenderer()
    var lexer = Lexer(text: text)
    _ = try? lexer.tokenize()
    do throws(ParseFailure) {
        let unit = try Parser.parse(file)
        let report = StaticChecker().check(unit, file: file)
        for d in report.diagnostics { _ = renderer.render(d, defaultFile: file) }
    } catch {
        for d in error.diagnostics { _ = renderer.render(d, defaultFile: file) }
    }
    return 0
}
