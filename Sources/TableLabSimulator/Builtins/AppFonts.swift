// The fonts an app registers in its Info.plist (`UIAppFonts`, read by `:infoplist`):
// UIFont(name:size:) finds such a font by the PostScript name inside its file, not by the
// file's name, so each listed file is read (its `name` table) rather than guessed from.
// Hand-written, as XMLScanner is: nothing here needs Foundation's plist or font readers.

import TableLabFiles

enum AppFonts {
    /// Why an Info.plist or a font file it lists cannot be read; `path` is the file's.
    struct Problem: Error, Equatable {
        var path: String
        var reason: String
    }

    /// The PostScript names of the fonts the Info.plist at `path` registers; its font files
    /// are found by the paths UIAppFonts gives, from the Info.plist's folder (the bundle's
    /// root, where Xcode copies the app's resources). An Info.plist without UIAppFonts
    /// registers none.
    static func registered(infoPlist path: String) throws(Problem) -> Set<String> {
        let text: String
        switch FileAccess.read(path) {
        case .success(let contents): text = contents
        case .failure(let problem): throw Problem(path: path, reason: problem.description)
        }
        let root: XMLNode
        do { root = try XMLScanner.parse(text) } catch { throw Problem(path: path, reason: "line \(error.line): \(error.message)") }
        guard root.name == "plist", let dict = root.children.first, dict.name == "dict" else {
            throw Problem(path: path, reason: "it is no property list (<plist> holding a <dict>)")
        }
        let entries = dict.children
        guard let key = entries.firstIndex(where: { $0.name == "key" && $0.text == "UIAppFonts" }) else { return [] }
        guard key + 1 < entries.count, entries[key + 1].name == "array",
              entries[key + 1].children.allSatisfy({ $0.name == "string" }) else {
            throw Problem(path: path, reason: "UIAppFonts (line \(entries[key].line)) is not an array of strings")
        }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        var names: Set<String> = []
        for file in entries[key + 1].children.map(\.text) {
            let fontPath = folder.isEmpty ? file : folder + "/" + file
            names.formUnion(try postScriptNames(ofFontFile: fontPath))
        }
        return names
    }

    /// The PostScript names (the `name` table's name ID 6) of a TrueType or OpenType file.
    static func postScriptNames(ofFontFile path: String) throws(Problem) -> Set<String> {
        let bytes: [UInt8]
        switch ScriptReading.bytes(ofFile: path) {
        case .success(let b): bytes = b
        case .failure(let e): throw Problem(path: path, reason: e.problem.description)
        }
        let names = Self.names(in: bytes)
        guard let names, !names.isEmpty else {
            throw Problem(path: path, reason: "it is no TrueType or OpenType font with a PostScript name")
        }
        return names
    }

    /// nil when the bytes are no single font (a collection, `ttcf`, is not read) or its
    /// tables run past the file.
    private static func names(in bytes: [UInt8]) -> Set<String>? {
        func u16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            return high << 16 | low
        }
        guard let version = u32(0), [0x0001_0000, 0x4F54_544F, 0x7472_7565].contains(version),
              let tableCount = u16(4) else { return nil }
        let nameTag = 0x6E61_6D65
        guard let record = (0..<tableCount).map({ 12 + 16 * $0 }).first(where: { u32($0) == nameTag }),
              let table = u32(record + 8), let count = u16(table + 2), let strings = u16(table + 4) else { return nil }
        var names: Set<String> = []
        for entry in (0..<count).map({ table + 6 + 12 * $0 }) {
            guard let platform = u16(entry), let nameID = u16(entry + 6), let length = u16(entry + 8),
                  let offset = u16(entry + 10) else { return nil }
            let start = table + strings + offset
            guard nameID == 6, start + length <= bytes.count else { continue }
            let raw = Array(bytes[start..<start + length])
            // Windows and Unicode names are UTF-16 (big-endian); Macintosh Roman ones are
            // ASCII for the characters a PostScript name may hold.
            if platform == 3 || platform == 0 {
                let units = stride(from: 0, to: raw.count - 1, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
                names.insert(String(decoding: units, as: UTF16.self))
            } else if platform == 1 {
                names.insert(String(decoding: raw, as: UTF8.self))
            }
        }
        return names
    }
}
