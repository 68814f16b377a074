// Runs swiftc on a case file and turns what it says into the lines TableLab must print.
import Foundation

/// One case file: a small program that is valid Swift and valid TableLab.
struct CaseFile {
    let url: URL
    var name: String { url.lastPathComponent }
    var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
    var expectedURL: URL { url.deletingPathExtension().appendingPathExtension("expected") }
}

enum SwiftcOracle {
    /// The swiftc executable on PATH, if any.
    static let swiftc: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// The diagnostic lines of one swiftc run, `file:L:C: kind: message`, file = base name.
    static func run(_ arguments: [String], on file: URL) throws -> [String] {
        guard let swiftc else { return [] }
        let process = Process()
        process.executableURL = swiftc
        process.arguments = arguments + ["-diagnostic-style", "llvm", file.path]
        process.currentDirectoryURL = file.deletingLastPathComponent()
        // swiftc's driver leaves a TemporaryDirectory.* in $TMPDIR for each run: give it a
        // directory of its own, removed after the run, so the tests leave nothing in /tmp.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch.path
        process.environment = environment
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let prefix = file.path + ":"
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(prefix) else { return nil }
            return file.lastPathComponent + ":" + line.dropFirst(prefix.count)
        }
    }

    /// Messages about switches and patterns; everything else swiftc says is ignored.
    static func isAboutSwitches(_ line: String) -> Bool {
        let markers = ["switch must be exhaustive", "add missing case", "add a default clause",
                       "already handled by previous pattern", "first occurrence of identical literal",
                       "default will never be executed", "has no member", "has no case", "may have additional unknown values",
                       "unable to check that this switch", "cannot match",
                       "must have at least one 'case'", "wrong length",
                       "'where' only applies", "value can never be nil", "case will never be executed", "disambiguate by adding a line break", "duplicate the 'where'"]
        return markers.contains { line.contains($0) }
    }

    /// What swiftc says about the case file, in TableLab's form: the type-checker's lines
    /// in order, typo suggestions as `did you mean` notes after their error (from a second
    /// run with typo correction on, which swiftc leaves off by default), then the SIL
    /// stage's `default will never be executed` warnings.
    static func expectedLines(for file: URL) throws -> [String] {
        let sil = try run(["-emit-sil", "-o", "/dev/null"], on: file)
        var typecheck = sil.filter { isAboutSwitches($0) && !$0.contains("will never be executed") }
        let defaults = sil.filter { $0.contains("default will never be executed") || $0.contains("case will never be executed") }
        if typecheck.contains(where: { $0.contains("has no member") }) {
            let typo = try run(["-typecheck", "-Xfrontend", "-typo-correction-limit", "-Xfrontend", "10"], on: file)
            typecheck = addingSuggestions(to: typecheck, from: typo)
        }
        return typecheck + defaults
    }

    /// Adds `did you mean 'x'?` notes (at the error's place) from a typo-correcting run.
    static func addingSuggestions(to lines: [String], from typo: [String]) -> [String] {
        var suggestions: [String: [String]] = [:]      // "file:L:C" -> names
        var current: String? = nil
        for line in typo {
            let parts = line.components(separatedBy: ": ")
            guard parts.count >= 3 else { continue }
            let place = parts[0], kind = parts[1], message = parts[2...].joined(separator: ": ")
            if kind == "error" {
                current = nil
                if message.contains("has no member") || message.contains("has no case") {
                    current = place
                    suggestions[place] = []
                    if let name = quotedAfter("did you mean ", in: message) { suggestions[place]!.append(name) }
                }
            } else if kind == "note", let current, let name = quotedAfter("did you mean ", in: message) {
                suggestions[current]!.append(name)
            } else if kind != "note" {
                current = nil
            }
        }
        var out: [String] = []
        for line in lines {
            out.append(line)
            let place = line.components(separatedBy: ": ")[0]
            if line.contains("has no member"), let names = suggestions[place] {
                for n in names { out.append("\(place): note: did you mean '\(n)'?") }
            }
        }
        return out
    }

    private static func quotedAfter(_ marker: String, in s: String) -> String? {
        guard let r = s.range(of: marker + "'") else { return nil }
        let rest = s[r.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }
}
