// `#if os(iOS)` / `#elseif` / `#else` / `#endif` and `#available(iOS 15, *)`, resolved on
// the source bytes before lexing, for the platform TableLab plays: an iOS app built for
// debugging (`os(iOS)`, `canImport(UIKit)`, `DEBUG`, `targetEnvironment(simulator)` and
// `#available(...)` hold; other platforms and custom flags do not, as in swiftc).
//
// Directive lines and the lines of inactive branches become blanks (newlines kept), so
// every position stays where it was. A block that is not well formed (no `#endif`, an
// `#else` outside a block, a condition that cannot be read) is left alone: the lexer then
// reports the `#` as it always did.

enum ConditionalCompilation {
    static let swiftVersion = [6, 0]
    static let importable: Set<String> = [
        "UIKit", "Foundation", "SwiftUI", "Combine", "CoreGraphics", "Dispatch", "os", "Swift",
        "MapKit", "CoreData", "CoreLocation", "AVFoundation", "WebKit", "SafariServices", "StoreKit", "MessageUI",
    ]
    static let flags: Set<String> = ["DEBUG"]

    static func apply(_ source: [UInt8]) -> [UInt8] {
        guard source.contains(UInt8(ascii: "#")) else { return source }
        var bytes = source
        // Lines as byte ranges (without their line break).
        var lines: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A || bytes[i] == 0x0D {
                lines.append(start..<i)
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        lines.append(start..<bytes.count)

        struct Frame { var parentActive: Bool; var taken: Bool; var active: Bool; var sawElse: Bool }
        var stack: [Frame] = []
        var blank: [Range<Int>] = []
        for r in lines {
            var j = r.lowerBound
            while j < r.upperBound, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            let active = stack.last?.active ?? true
            if j < r.upperBound, bytes[j] == UInt8(ascii: "#"), let (word, rest) = directive(bytes, j + 1, r.upperBound) {
                switch word {
                case "if":
                    guard let c = condition(rest) else { return source }
                    stack.append(Frame(parentActive: active, taken: active && c, active: active && c, sawElse: false))
                case "elseif":
                    guard var f = stack.popLast(), !f.sawElse, let c = condition(rest) else { return source }
                    f.active = f.parentActive && !f.taken && c
                    f.taken = f.taken || f.active
                    stack.append(f)
                case "else":
                    guard var f = stack.popLast(), !f.sawElse, rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) || isComment(rest) else { return source }
                    f.active = f.parentActive && !f.taken
                    f.taken = true
                    f.sawElse = true
                    stack.append(f)
                case "endif":
                    guard stack.popLast() != nil else { return source }
                default:
                    if !active { blank.append(r) }
                    continue
                }
                blank.append(r)
                continue
            }
            if !active { blank.append(r) }
        }
        guard stack.isEmpty else { return source }
        for r in blank { for k in r { bytes[k] = 0x20 } }
        replaceAvailability(&bytes)
        return bytes
    }

    private static func isComment(_ rest: [UInt8]) -> Bool {
        let t = rest.drop { $0 == 0x20 || $0 == 0x09 }
        return t.starts(with: Array("//".utf8))
    }

    /// `if`, `elseif`, `else`, `endif` after a `#`, and the rest of the line.
    private static func directive(_ b: [UInt8], _ from: Int, _ end: Int) -> (String, [UInt8])? {
        var k = from
        while k < end, isIdentifierByte(b[k]) { k += 1 }
        let word = String(decoding: b[from..<k], as: UTF8.self)
        guard ["if", "elseif", "else", "endif"].contains(word) else { return nil }
        return (word, Array(b[k..<end]))
    }

    private static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
    }

    // MARK: Conditions

    private enum Tok: Equatable { case word(String), number([Int]), punct(String) }

    private static func tokens(_ text: [UInt8]) -> [Tok]? {
        var out: [Tok] = []
        var k = 0
        while k < text.count {
            let c = text[k]
            if c == 0x20 || c == 0x09 { k += 1; continue }
            if c == UInt8(ascii: "/"), k + 1 < text.count, text[k + 1] == UInt8(ascii: "/") { break }
            if c >= 0x30 && c <= 0x39 {
                var parts: [Int] = [0]
                while k < text.count, (text[k] >= 0x30 && text[k] <= 0x39) || text[k] == UInt8(ascii: ".") {
                    if text[k] == UInt8(ascii: ".") {
                        parts.append(0)
                    } else {
                        // A version part too large for an Int (`swift(>=99999999999999999999)`,
                        // found by scripts/fuzz-libfuzzer) is not a version: the condition
                        // cannot be read, instead of an arithmetic-overflow trap.
                        let (tens, o1) = parts[parts.count - 1].multipliedReportingOverflow(by: 10)
                        let (sum, o2) = tens.addingReportingOverflow(Int(text[k] - 0x30))
                        if o1 || o2 { return nil }
                        parts[parts.count - 1] = sum
                    }
                    k += 1
                }
                out.append(.number(parts))
                continue
            }
            if isIdentifierByte(c) {
                let s = k
                while k < text.count, isIdentifierByte(text[k]) { k += 1 }
                out.append(.word(String(decoding: text[s..<k], as: UTF8.self)))
                continue
            }
            guard let p = ["&&", "||", ">=", "<", "!", "(", ")", ",", "*"].first(where: { text[k...].starts(with: Array($0.utf8)) }) else {
                return nil
            }
            out.append(.punct(p))
            k += p.utf8.count
        }
        return out
    }

    /// The value of a `#if` condition, or nil when it cannot be read.
    static func condition(_ text: [UInt8]) -> Bool? {
        guard let toks = tokens(text), !toks.isEmpty else { return nil }
        var p = 0
        func peek() -> Tok? { p < toks.count ? toks[p] : nil }
        func disjunction() -> Bool? {
            guard var v = conjunction() else { return nil }
            while peek() == .punct("||") { p += 1; guard let r = conjunction() else { return nil }; v = v || r }
            return v
        }
        func conjunction() -> Bool? {
            guard var v = unary() else { return nil }
            while peek() == .punct("&&") { p += 1; guard let r = unary() else { return nil }; v = v && r }
            return v
        }
        func unary() -> Bool? {
            if peek() == .punct("!") { p += 1; return unary().map { !$0 } }
            if peek() == .punct("(") {
                p += 1
                let v = disjunction()
                guard peek() == .punct(")") else { return nil }
                p += 1
                return v
            }
            guard case .word(let w) = peek() else { return nil }
            p += 1
            if peek() != .punct("(") {
                if w == "true" { return true }
                if w == "false" { return false }
                return flags.contains(w)
            }
            p += 1
            var args: [Tok] = []
            while let t = peek(), t != .punct(")") { args.append(t); p += 1 }
            guard peek() == .punct(")") else { return nil }
            p += 1
            switch (w, args.first) {
            case ("os", .word(let x)?): return x == "iOS"
            case ("canImport", .word(let x)?): return importable.contains(x)
            case ("targetEnvironment", .word(let x)?): return x == "simulator"
            case ("arch", .word?): return false
            case ("swift", .punct(let op)?), ("compiler", .punct(let op)?):
                guard args.count == 2, case .number(let n) = args[1] else { return nil }
                let ge = !swiftVersion.lexicographicallyPrecedes(n)
                return op == ">=" ? ge : op == "<" ? !ge : nil
            default: return nil
            }
        }
        guard let v = disjunction(), p == toks.count else { return nil }
        return v
    }

    /// `#available(iOS 15, *)` is `true` and `#unavailable(...)` is `false`, blank-padded.
    private static func replaceAvailability(_ bytes: inout [UInt8]) {
        var k = 0
        while k < bytes.count {
            guard bytes[k] == UInt8(ascii: "#") else { k += 1; continue }
            let rest = bytes[(k + 1)...]
            let word: String
            if rest.starts(with: Array("available(".utf8)) { word = "true" }
            else if rest.starts(with: Array("unavailable(".utf8)) { word = "false" }
            else { k += 1; continue }
            var e = k
            while e < bytes.count, bytes[e] != UInt8(ascii: ")"), bytes[e] != 0x0A { e += 1 }
            guard e < bytes.count, bytes[e] == UInt8(ascii: ")") else { k += 1; continue }
            let w = Array(word.utf8)
            for x in k...e { bytes[x] = x - k < w.count ? w[x - k] : 0x20 }
            k = e + 1
        }
    }
}
