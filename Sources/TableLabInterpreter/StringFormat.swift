// `String(format:_:)` as Foundation formats: each conversion is handed to C's vsnprintf
// (which CoreFoundation uses for numbers too), after the argument is checked against the
// conversion. Where Swift would read an argument as the wrong type (an Int for `%f`, a
// String for `%s`, a missing argument), Foundation prints garbage or crashes; TableLab
// stops with an error that names the conversion instead.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabSyntax

extension InterpreterCore {
    func formatString(_ format: String, _ arguments: [Value], _ loc: SourceLocation) throws -> String {
        let chars = Array(format.unicodeScalars)
        var out = ""
        var i = 0
        var nextArgument = 0
        func fail(_ message: String) -> RuntimeError {
            RuntimeError("String(format:): \(message)", at: loc)
        }
        func argument(_ position: Int?) throws -> Value {
            let k: Int
            if let position { k = position } else { k = nextArgument; nextArgument += 1 }
            guard k < arguments.count else {
                throw fail("the format needs argument \(k + 1) but has \(arguments.count)")
            }
            return arguments[k]
        }
        func number(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
            scalars.isEmpty ? nil : Int(String(String.UnicodeScalarView(scalars)))
        }
        while i < chars.count {
            let c = chars[i]
            if c != "%" { out.unicodeScalars.append(c); i += 1; continue }
            let start = i
            i += 1
            if i < chars.count, chars[i] == "%" { out += "%"; i += 1; continue }
            // %[n$][flags][width][.precision][length]conversion
            var position: Int? = nil
            var j = i
            while j < chars.count, ("0"..."9").contains(chars[j]) { j += 1 }
            if j > i, j < chars.count, chars[j] == "$" {
                position = number(chars[i..<j]).map { $0 - 1 }
                if position == nil || position! < 0 { throw fail("bad argument position in '\(String(String.UnicodeScalarView(chars[start...j])))'") }
                i = j + 1
            }
            var flags = ""
            while i < chars.count, "-+ 0#'".unicodeScalars.contains(chars[i]) { flags.unicodeScalars.append(chars[i]); i += 1 }
            var width = ""
            if i < chars.count, chars[i] == "*" {
                guard case .int(let w) = try argument(nil) else { throw fail("'*' needs an Int argument") }
                width = String(w); i += 1
            } else {
                while i < chars.count, ("0"..."9").contains(chars[i]) { width.unicodeScalars.append(chars[i]); i += 1 }
            }
            var precision: String? = nil
            if i < chars.count, chars[i] == "." {
                i += 1
                if i < chars.count, chars[i] == "*" {
                    guard case .int(let p) = try argument(nil) else { throw fail("'.*' needs an Int argument") }
                    precision = String(p); i += 1
                } else {
                    var p = ""
                    while i < chars.count, ("0"..."9").contains(chars[i]) { p.unicodeScalars.append(chars[i]); i += 1 }
                    precision = p
                }
            }
            var length = ""
            while i < chars.count, "hlqLzjt".unicodeScalars.contains(chars[i]) { length.unicodeScalars.append(chars[i]); i += 1 }
            guard i < chars.count else { throw fail("the format ends inside a conversion ('\(String(String.UnicodeScalarView(chars[start...])))')") }
            let conversion = chars[i]
            i += 1
            let spec = String(String.UnicodeScalarView(chars[start..<i]))
            let prefix = "%" + flags + width + (precision.map { "." + $0 } ?? "")
            let isLong = ["l", "ll", "q", "z", "j", "t"].contains(length)
            switch conversion {
            case "d", "i", "u", "x", "X", "o", "c":
                var x: Int
                switch try argument(position) {
                case .int(let k): x = k
                case .bool(let b): x = b ? 1 : 0
                case let other: throw fail("'\(spec)' needs an integer argument, not '\(typeName(other))'")
                }
                if conversion == "c" {
                    guard (1...127).contains(x) else { throw fail("'\(spec)' with \(x) is no ASCII character") }
                    out += cFormat(prefix + "c", Int32(x))
                    continue
                }
                let signed = conversion == "d" || conversion == "i"
                // Without a length, C reads an `int` (32 bits): Foundation truncates the same way.
                if !isLong {
                    switch length {
                    case "hh": x = signed ? Int(Int8(truncatingIfNeeded: x)) : Int(UInt8(truncatingIfNeeded: x))
                    case "h": x = signed ? Int(Int16(truncatingIfNeeded: x)) : Int(UInt16(truncatingIfNeeded: x))
                    case "": x = signed ? Int(Int32(truncatingIfNeeded: x)) : Int(UInt32(truncatingIfNeeded: x))
                    default: throw fail("'\(spec)' has a length C does not give an integer")
                    }
                }
                let c = String(conversion)
                out += signed ? cFormat(prefix + "ll" + c, Int64(x)) : cFormat(prefix + "ll" + c, UInt64(UInt(bitPattern: x)))
            case "f", "F", "e", "E", "g", "G", "a", "A":
                guard length.isEmpty || length == "l" else { throw fail("'\(spec)' (long double) is not supported") }
                let v = try argument(position)
                guard case .double(let d) = v else { throw fail("'\(spec)' needs a Double argument, not '\(typeName(v))'") }
                out += cFormat(prefix + String(conversion), d)
            case "@":
                // CoreFoundation on Linux ignores width and precision for '%@'.
                switch try argument(position) {
                case .string(let s): out += s
                case let other: throw fail("'\(spec)' needs a String argument, not '\(typeName(other))'")
                }
            case "s":
                throw fail("'\(spec)' reads a C string, which a Swift String is not; use '%@'")
            default:
                throw fail("unknown conversion '\(spec)'")
            }
        }
        return out
    }

    private func cFormat(_ spec: String, _ argument: CVarArg) -> String {
        withVaList([argument]) { va in
            var buffer = [CChar](repeating: 0, count: 512)
            let n = Int(vsnprintf(&buffer, buffer.count, spec, va))
            if n >= buffer.count {
                buffer = [CChar](repeating: 0, count: n + 1)
                return withVaList([argument]) { va2 in
                    _ = vsnprintf(&buffer, buffer.count, spec, va2)
                    return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                }
            }
            return String(decoding: buffer.prefix(max(0, n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
