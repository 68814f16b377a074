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

/// One conversion of a format, `%[n$][flags][width][.precision][length]conversion`, as read.
private struct FormatConversion {
    /// The argument it names with `n$` (0-based), or nil for the next one.
    var position: Int?
    /// Flags, width and precision as written (a `*` already replaced by its argument).
    var prefix: String
    var length: String
    var conversion: Unicode.Scalar
    /// The whole conversion as written, for messages.
    var spec: String
}

/// Reads a format's conversions in order; `argument` hands out the arguments `*` takes.
private struct FormatReader {
    let chars: [Unicode.Scalar]
    var i = 0

    init(_ format: String) { chars = Array(format.unicodeScalars) }

    func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(chars[range])) }

    mutating func digits() -> String {
        var d = ""
        while i < chars.count, ("0"..."9").contains(chars[i]) { d.unicodeScalars.append(chars[i]); i += 1 }
        return d
    }

    /// The conversion after the `%` at `start` (`i` is just past it).
    mutating func conversion(start: Int, fail: (String) -> RuntimeError,
                             argument: () throws -> Value) throws -> FormatConversion {
        var position: Int? = nil
        var j = i
        while j < chars.count, ("0"..."9").contains(chars[j]) { j += 1 }
        if j > i, j < chars.count, chars[j] == "$" {
            position = Int(text(i..<j)).map { $0 - 1 }
            if position == nil || position! < 0 { throw fail("bad argument position in '\(text(start..<(j + 1)))'") }
            i = j + 1
        }
        var flags = ""
        while i < chars.count, "-+ 0#'".unicodeScalars.contains(chars[i]) { flags.unicodeScalars.append(chars[i]); i += 1 }
        var width = ""
        if i < chars.count, chars[i] == "*" {
            guard case .int(let w) = try argument() else { throw fail("'*' needs an Int argument") }
            width = String(w); i += 1
        } else {
            width = digits()
        }
        var precision: String? = nil
        if i < chars.count, chars[i] == "." {
            i += 1
            if i < chars.count, chars[i] == "*" {
                guard case .int(let p) = try argument() else { throw fail("'.*' needs an Int argument") }
                precision = String(p); i += 1
            } else {
                precision = digits()
            }
        }
        var length = ""
        while i < chars.count, "hlqLzjt".unicodeScalars.contains(chars[i]) { length.unicodeScalars.append(chars[i]); i += 1 }
        guard i < chars.count else { throw fail("the format ends inside a conversion ('\(text(start..<chars.count))')") }
        let conversion = chars[i]
        i += 1
        return FormatConversion(position: position, prefix: "%" + flags + width + (precision.map { "." + $0 } ?? ""),
                                length: length, conversion: conversion, spec: text(start..<i))
    }
}

extension InterpreterCore {
    func formatString(_ format: String, _ arguments: [Value], _ loc: SourceLocation) throws -> String {
        var reader = FormatReader(format)
        var out = ""
        var nextArgument = 0
        func fail(_ message: String) -> RuntimeError {
            RuntimeError(LookupMessage.stringFormat(message), at: loc)
        }
        func argument(_ position: Int?) throws -> Value {
            let k: Int
            if let position { k = position } else { k = nextArgument; nextArgument += 1 }
            guard k < arguments.count else {
                throw fail("the format needs argument \(k + 1) but has \(arguments.count)")
            }
            return arguments[k]
        }
        while reader.i < reader.chars.count {
            let c = reader.chars[reader.i]
            if c != "%" { out.unicodeScalars.append(c); reader.i += 1; continue }
            let start = reader.i
            reader.i += 1
            if reader.i < reader.chars.count, reader.chars[reader.i] == "%" { out += "%"; reader.i += 1; continue }
            let conversion = try reader.conversion(start: start, fail: fail, argument: { try argument(nil) })
            out += try formatted(conversion, { try argument(conversion.position) }, fail)
        }
        return out
    }

    /// One conversion of its argument, as Foundation would print it.
    private func formatted(_ c: FormatConversion, _ argument: () throws -> Value,
                           _ fail: (String) -> RuntimeError) throws -> String {
        let spec = c.spec, length = c.length, conversion = c.conversion
        let isLong = ["l", "ll", "q", "z", "j", "t"].contains(length)
        switch conversion {
        case "d", "i", "u", "x", "X", "o", "c":
            var x: Int
            switch try argument() {
            case .int(let k): x = k
            case .bool(let b): x = b ? 1 : 0
            case let other: throw fail("'\(spec)' needs an integer argument, not '\(typeName(other))'")
            }
            if conversion == "c" {
                guard (1...127).contains(x) else { throw fail("'\(spec)' with \(x) is no ASCII character") }
                return cFormat(c.prefix + "c", Int32(x))
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
            let letter = String(conversion)
            return signed ? cFormat(c.prefix + "ll" + letter, Int64(x)) : cFormat(c.prefix + "ll" + letter, UInt64(UInt(bitPattern: x)))
        case "f", "F", "e", "E", "g", "G", "a", "A":
            guard length.isEmpty || length == "l" else { throw fail("'\(spec)' (long double) is not supported") }
            let value = try argument()
            // C's variadic call promotes a Float to a double.
            switch value {
            case .double(let d): return cFormat(c.prefix + String(conversion), d)
            case .float(let f): return cFormat(c.prefix + String(conversion), Double(f))
            default: throw fail("'\(spec)' needs a Double argument, not '\(typeName(value))'")
            }
        case "@":
            // CoreFoundation on Linux ignores width and precision for '%@'.
            let value = try argument()
            guard case .string(let s) = value else { throw fail("'\(spec)' needs a String argument, not '\(typeName(value))'") }
            return s
        case "s":
            throw fail("'\(spec)' reads a C string, which a Swift String is not; use '%@'")
        default:
            throw fail("unknown conversion '\(spec)'")
        }
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
