// The everyday standard library and Foundation calls that table code makes, beyond the
// core in Builtins.swift: `stride`, `zip`, `debugPrint`, `NSLocalizedString`,
// `Dictionary(grouping:by:)`, `min(by:)`, `Bool.toggle()`, String's Foundation methods
// (`replacingOccurrences(of:with:)`, `trimmingCharacters(in:)`), its `utf8` and
// `unicodeScalars` views, and Character's properties (a Character is a one-character
// String here). Everything in this file is reached only after the core has found no
// member or function of that name, so the hot paths do not pay for it.

import TableLabSyntax
import TableLabExhaustiveness

/// `CharacterSet.whitespaces` and friends, as `trimmingCharacters(in:)` takes them.
final class CharacterSetObject: NativeObject {
    let name: String
    let contains: (Character) -> Bool
    init(_ name: String, _ contains: @escaping (Character) -> Bool) { self.name = name; self.contains = contains }
    override var typeName: String { "CharacterSet" }

    static func named(_ name: String) -> CharacterSetObject? {
        switch name {
        case "whitespaces": return CharacterSetObject(name) { $0.isWhitespace && !$0.isNewline }
        case "whitespacesAndNewlines": return CharacterSetObject(name) { $0.isWhitespace || $0.isNewline }
        case "newlines": return CharacterSetObject(name) { $0.isNewline }
        case "decimalDigits": return CharacterSetObject(name) { $0.isNumber && $0.unicodeScalars.allSatisfy { $0.properties.numericType == .decimal } }
        case "letters": return CharacterSetObject(name) { $0.isLetter }
        case "punctuationCharacters": return CharacterSetObject(name) { $0.isPunctuation }
        case "alphanumerics": return CharacterSetObject(name) { $0.isLetter || $0.isNumber }
        // The URL component sets, as swift-corelibs-foundation answers them (ASCII only).
        case "urlQueryAllowed", "urlFragmentAllowed": return ascii(name, "!$&'()*+,-./:;=?@_~")
        case "urlPathAllowed": return ascii(name, "!$&'()*+,-./:=@_~")
        case "urlHostAllowed", "urlUserAllowed", "urlPasswordAllowed": return ascii(name, "!$&'()*+,-.;=_~")
        default: return nil
        }
    }

    /// ASCII letters and digits and `symbols`.
    private static func ascii(_ name: String, _ symbols: String) -> CharacterSetObject {
        let allowed = Set(symbols)
        return CharacterSetObject(name) { c in
            guard let a = c.asciiValue else { return false }
            return c.isLetter || c.isNumber || (a > 0x20 && allowed.contains(c))
        }
    }

    /// `addingPercentEncoding(withAllowedCharacters:)`: every UTF-8 byte of a character
    /// outside the set as `%XX` (upper-case hex).
    func percentEncoded(_ s: String) -> String {
        var out = ""
        for c in s {
            if contains(c) { out.append(c); continue }
            for b in String(c).utf8 { out += "%" + String(b, radix: 16, uppercase: true).leftPadded(to: 2) }
        }
        return out
    }
}

private extension String {
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

/// `removingPercentEncoding`: nil when a `%` is not followed by two hex digits or the
/// bytes are not UTF-8, as Foundation answers.
func percentDecoded(_ s: String) -> String? {
    var bytes: [UInt8] = []
    var it = Array(s.utf8)[...]
    while let b = it.first {
        it = it.dropFirst()
        guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
        guard it.count >= 2, let h = UInt8(String(decoding: it.prefix(2), as: UTF8.self), radix: 16) else { return nil }
        bytes.append(h)
        it = it.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self)
}

extension InterpreterCore {
    /// Global functions of this file; nil when `name` is none of them.
    func compileEverydayFunction(_ name: String, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval? {
        let labels = args.map(\.label)
        switch (name, labels) {
        case ("debugPrint", _) where !labels.contains(where: { $0 != nil && $0 != "separator" && $0 != "terminator" && $0 != "to" }):
            return compilePrint(args, scope, loc, debug: true)
        case ("Optional", [nil]) where userType("Optional") == nil:
            let x = compileExpr(args[0].value, scope, expected: nil)
            return { m in .wrapped(try x(m)) }
        case ("Hasher", []) where userType("Hasher") == nil:
            return { _ in .object(HasherObject(state: 0x6861)) }
        case ("NSLocalizedString", [nil, "comment"]):
            // No localization tables: the key is the text (Foundation's answer without them).
            let key = compileExpr(args[0].value, scope, expected: .string)
            let comment = compileExpr(args[1].value, scope, expected: .string)
            return { m in
                let k = try key(m)
                _ = try comment(m)
                return k
            }
        case ("stride", [nil, "from", "to", "by"]), ("stride", ["from", "to", "by"]), ("stride", ["from", "through", "by"]):
            let through = labels.contains("through")
            let push = compilePushArgs(args, scope)
            return { [core = Unretained(self)] m in
                let argc = try push(m)
                let a = core.object.argsArray(m, argc)
                return try core.object.stride(a[0], a[1], a[2], through: through, loc)
            }
        case ("zip", [nil, nil]):
            let push = compilePushArgs(args, scope)
            return { [core = Unretained(self)] m in
                let argc = try push(m)
                let a = core.object.argsArray(m, argc)
                let pairs = try core.object.zippedPairs(a[0], a[1], loc)
                var text: String? = nil
                var name = "Zip2Sequence"
                if let t1 = core.object.genericTypeName(a[0]), let t2 = core.object.genericTypeName(a[1]) {
                    name = "Zip2Sequence<\(t1), \(t2)>"
                    text = name + "(_sequence1: " + core.object.describe(a[0], debug: true) + ", _sequence2: " + core.object.describe(a[1], debug: true) + ")"
                }
                let zipped = ArraySliceObject(view: name, text: text, pairs)
                zipped.isSequenceOnly = true
                return .object(zipped)
            }
        case ("Dictionary", ["uniqueKeysWithValues"]):
            let push = compilePushArgs(args, scope)
            return { [core = Unretained(self)] m in
                let argc = try push(m)
                let a = core.object.argsArray(m, argc)
                var d: [Value: Value] = [:]
                for p in try core.object.sequenceElements(a[0], loc) {
                    guard case .tuple(let t) = p, t.elements.count == 2 else {
                        throw RuntimeError(UnsupportedMessage.uniqueKeysNeedPairs(core.object.typeName(p)), at: loc)
                    }
                    if d.updateValue(t.elements[1], forKey: t.elements[0]) != nil {
                        throw RuntimeError(TrapMessage.duplicateKey(core.object.describe(t.elements[0], debug: false)), at: loc)
                    }
                }
                return .dictionary(d)
            }
        case ("Dictionary", let l) where l.count == 2 && l[0] == nil && (l[1] == "uniquingKeysWith" || l[1] == nil && args[1].isTrailingClosure):
            // `Dictionary(pairs, uniquingKeysWith: +)`: a key met again keeps what the closure
            // makes of its old and new values.
            let push = compilePushArgs(args, scope)
            return { [core = Unretained(self)] m in
                let argc = try push(m)
                let a = core.object.argsArray(m, argc)
                let f = try core.object.fnArg(a[1], loc)
                var d: [Value: Value] = [:]
                for p in try core.object.sequenceElements(a[0], loc) {
                    guard case .tuple(let t) = p, t.elements.count == 2 else {
                        throw RuntimeError(UnsupportedMessage.uniqueKeysNeedPairs(core.object.typeName(p)), at: loc)
                    }
                    if let old = d[t.elements[0]] {
                        d[t.elements[0]] = try core.object.callFunction(m, f, [old, t.elements[1]], loc)
                    } else {
                        d[t.elements[0]] = t.elements[1]
                    }
                }
                return .dictionary(d)
            }
        case ("Dictionary", let l) where l.count == 2 && l[0] == "grouping" && (l[1] == "by" || l[1] == nil && args[1].isTrailingClosure):
            let push = compilePushArgs(args, scope)
            return { [core = Unretained(self)] m in
                let argc = try push(m)
                let a = core.object.argsArray(m, argc)
                let f = try core.object.fnArg(a[1], loc)
                var groups: [Value: [Value]] = [:]
                for x in try core.object.sequenceElements(a[0], loc) {
                    groups[try core.object.call1(m, f, x, loc), default: []].append(x)
                }
                return .dictionary(groups.mapValues { .array($0) })
            }
        default:
            return nil
        }
    }

    /// `debugPrint`'s text: strings quoted, everything else as in a collection.
    func debugDescribe(_ v: Value, into out: inout String, _ loc: SourceLocation) throws {
        try describeChecked(v, debug: true, into: &out, loc)
    }

    /// `stride(from:to:by:)` and `stride(from:through:by:)` over Int or Double. A Double
    /// stride computes `start + i * step` as Swift does (one fused multiply-add, no
    /// accumulated rounding). `print` writes the type alone, as Swift does.
    func stride(_ from: Value, _ to: Value, _ by: Value, through: Bool, _ loc: SourceLocation) throws -> Value {
        let kind = through ? "StrideThrough" : "StrideTo"
        var out: [Value] = []
        switch (from, to, by) {
        case (.int(let a), .int(let b), .int(let s)):
            if s == 0 { throw RuntimeError(TrapMessage.strideStepZero, at: loc) }
            var i = a
            while s > 0 ? (through ? i <= b : i < b) : (through ? i >= b : i > b) {
                out.append(.int(i))
                if out.count > 50_000_000 { throw RuntimeError(LimitMessage.strideTooLong, at: loc) }
                let (n, o) = i.addingReportingOverflow(s)
                if o { break }
                i = n
            }
            let text = "Swift.\(kind)<Swift.Int>"
            let strided = ArraySliceObject(view: "\(kind)<Int>", text: text, out)
            strided.isSequenceOnly = true
            return .object(strided)
        case (.float, _, _):
            return try floatStride(from, to, by, through: through, loc)
        default:
            guard let a = asDouble(from), let b = asDouble(to), let s = asDouble(by) else {
                throw RuntimeError(UnsupportedMessage.strideOfType(typeName(from)), at: loc)
            }
            return try floatingStride(a, b, s, through: through, type: "Double", loc) { .double($0) }
        }
    }

    /// `.whitespaces` where no script enum has the case: a CharacterSet.
    func characterSetValue(_ name: String) -> Value? {
        CharacterSetObject.named(name).map { .object($0) }
    }

    /// `xs.reduce(into: r) { acc, x in ... }`: Swift infers the closure's first parameter
    /// `inout` from the method; the closure literal is given it, so `acc[k] = v` changes
    /// the result. nil when the call is no such call (or the parameter is marked already).
    func closuresTakingInout(_ callee: Expr, _ args: [Argument]) -> [Argument]? {
        guard case .member(_, "reduce") = callee.kind, args.count == 2, args[0].label == "into",
              case .closure(var c) = args[1].value.kind, let first = c.parameters.first, !first.isInout else { return nil }
        c.parameters[0].isInout = true
        var out = args
        out[1].value = Expr(.closure(c), at: args[1].value.location, range: args[1].value.range)
        return out
    }

    /// `xs.reduce(0, +)` on an Array of Double or Float: swiftc infers the result, and so the
    /// literal's type, from the operator (or the closure `{ $0 + $1 }`), which takes two
    /// elements; the literal is written as one (an empty Array gives `0.0`, not `0`). nil where
    /// the call is no such call.
    func reduceLiteralOfElementType(_ callee: Expr, _ args: [Argument], _ scope: FnScope) -> [Argument]? {
        guard case .member(let base, "reduce") = callee.kind, args.count == 2, args[0].label == nil, args[1].label == nil,
              case .integer(let i) = args[0].value.kind, Self.combinesTwoElements(args[1].value),
              case .array(let element)? = resolvedType(of: base, scope) else { return nil }
        let at = args[0].value.location
        var out = args
        switch element {
        case .double: out[0].value.kind = .double(Double(i))
        case .float:
            out[0].value = Expr(.call(Expr(.identifier("Float"), at: at), [Argument(label: nil, value: args[0].value, location: at)]),
                                at: at, range: args[0].value.range)
        default: return nil
        }
        return out
    }

    /// An arithmetic operator as a function, or a closure `{ $0 op $1 }`: the result's type
    /// is its operands' (the elements').
    private static func combinesTwoElements(_ e: Expr) -> Bool {
        let arithmetic: Set<String> = ["+", "-", "*", "/"]
        switch e.kind {
        case .identifier(let op): return arithmetic.contains(op)
        case .closure(let c):
            guard c.parameters.isEmpty, c.shorthandParameterCount == 2, c.body.count == 1 else { return false }
            let single: Expr?
            switch c.body[0].kind {
            case .expression(let e): single = e
            case .return(let e): single = e
            default: single = nil
            }
            guard let body = single, case .binary(let op, let l, let r) = body.kind,
                  arithmetic.contains(op.rawValue),
                  case .shorthandParameter(0) = l.kind, case .shorthandParameter(1) = r.kind else { return false }
            return true
        default: return false
        }
    }

    /// `d.compactMapValues(f)`: the values `f` does not map to nil.
    func compactMapValues(_ m: Ctx, _ d: ValueDictionary, _ fn: Value, _ loc: SourceLocation) throws -> Value {
        let f = try fnArg(fn, loc)
        var out: [Value: Value] = [:]
        for (k, x) in d {
            switch try call1(m, f, x, loc) {
            case .nilValue: continue
            case .wrapped(let y): out[k] = y
            case let y: out[k] = y
            }
        }
        return .dictionary(out)
    }

    /// Properties of this file: String views and Character properties, by the IDs the
    /// access site found. nil: no such member.
    func everydayMember(_ v: Value, _ indexProperty: BuiltinProperty, _ property: EverydayProperty) -> Value? {
        guard case .string(let s) = v else { return nil }
        if let x = stringIndexMember(s, indexProperty) { return x }
        switch property {
        case .utf8:
            return .object(ArraySliceObject(view: "String.UTF8View", text: s, s.utf8.map { .int(Int($0)) }))
        case .unicodeScalars:
            return .object(ArraySliceObject(view: "String.UnicodeScalarView", text: s, s.unicodeScalars.map { .string(String($0)) }))
        case .utf16:
            return .object(ArraySliceObject(view: "String.UTF16View", text: s, s.utf16.map { .int(Int($0)) }))
        case .removingPercentEncoding:
            return percentDecoded(s).map { .wrapped(.string($0)) } ?? .nilValue
        case .capitalized:
            return .string(Self.capitalized(s))
        case .localizedCapitalized:
            return .string(Self.rootTitlecased(s))
        case .localizedUppercase:
            return .string(s.uppercased())
        case .localizedLowercase:
            return .string(Self.rootLowercased(s))
        case .other:
            return nil
        default: break
        }
        // A Character (or a Unicode.Scalar, for `value`): exactly one of them.
        guard s.count == 1, let c = s.first else { return nil }
        switch property {
        case .isLetter: return .bool(c.isLetter)
        case .isNumber: return .bool(c.isNumber)
        case .isWhitespace: return .bool(c.isWhitespace)
        case .isNewline: return .bool(c.isNewline)
        case .isPunctuation: return .bool(c.isPunctuation)
        case .isUppercase: return .bool(c.isUppercase)
        case .isLowercase: return .bool(c.isLowercase)
        case .isASCII: return .bool(c.isASCII)
        case .isHexDigit: return .bool(c.isHexDigit)
        case .isSymbol: return .bool(c.isSymbol)
        case .asciiValue: return c.asciiValue.map { .wrapped(.int(Int($0))) } ?? .nilValue
        case .wholeNumberValue: return c.wholeNumberValue.map { .wrapped(.int($0)) } ?? .nilValue
        case .hexDigitValue: return c.hexDigitValue.map { .wrapped(.int($0)) } ?? .nilValue
        case .value:
            guard s.unicodeScalars.count == 1, let u = s.unicodeScalars.first else { return nil }
            return .int(Int(u.value))
        case .utf8, .unicodeScalars, .utf16, .removingPercentEncoding, .capitalized, .localizedCapitalized, .localizedUppercase,
             .localizedLowercase, .other: return nil
        }
    }

    /// `Optional.map` and `flatMap`: the closure runs on the wrapped value; nil stays nil.
    func optionalMethod(_ m: Ctx, _ v: Value, _ method: BuiltinMethod, _ a: [Value], _ loc: SourceLocation) throws -> Value? {
        guard method == .map_ || method == .flatMap_ else { return nil }
        let f = try fnArg(a[0], loc)
        switch v {
        case .nilValue: return .nilValue
        case .wrapped(let x):
            let r = try call1(m, f, x, loc)
            if method == .map_ { return .wrapped(r) }
            switch r {
            case .wrapped, .nilValue: return r
            default: return .wrapped(r)
            }
        default: return nil
        }
    }

    /// Methods of this file; nil: no such method (the caller reports it). `method`: the
    /// call site's ID of `fullName`.
    func everydayMethod(_ m: Ctx, _ v: inout Value, _ method: BuiltinMethod, _ name: String, _ fullName: String, _ a: [Value],
                        _ mutable: Bool, _ reason: String, _ loc: SourceLocation) throws -> Value? {
        if method == .reduceInto_, a.count == 2 {
            switch v {
            case .array, .string, .dictionary, .set, .range, .object(is ArraySliceObject), .object(is ReversedCollection):
                // The closure takes the result `inout`: it gets a box, as an `&` argument does.
                let f = try fnArg(a[1], loc)
                let box = VarBox(a[0])
                for x in try sequenceElements(v, loc) { _ = try callFunction(m, f, [.box(box), x], loc) }
                return box.value
            default: break
            }
        }
        switch v {
        case .nilValue:
            return try optionalMethod(m, v, method, a, loc)
        case .bool(let b):
            if method == .toggle {
                try mutatingCheck(mutable, reason, loc)
                v = .bool(!b)
                return .void
            }
        case .array(let arr):
            switch method {
            case .minBy, .maxBy:
                let f = try fnArg(a[0], loc)
                guard var best = arr.first else { return .nilValue }
                for x in arr.dropFirst() {
                    // The first of the least or of the greatest, as Swift's loop keeps it.
                    let (p, q) = method == .minBy ? (x, best) : (best, x)
                    if try boolResult(try callFunction(m, f, [p, q], loc), loc) { best = x }
                }
                return .wrapped(best)
            default: break
            }
        case .string(let s):
            if let r = try stringIndexMethod(m, s, method, a, loc) { return r }
            switch method {
            case .replacingOccurrencesOfWith:
                guard case .string(let target) = a[0], case .string(let replacement) = a[1] else { return nil }
                if target.isEmpty { return .string(s) }
                return .string(s.replacingOccurrences(of: target, with: replacement))
            case .trimmingCharactersIn:
                guard case .object(let set as CharacterSetObject) = a[0] else {
                    throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(a[0]), to: "CharacterSet"), at: loc)
                }
                var t = Substring(s)
                while let c = t.first, set.contains(c) { t = t.dropFirst() }
                while let c = t.last, set.contains(c) { t = t.dropLast() }
                return .string(String(t))
            case .addingPercentEncodingWithAllowedCharacters:
                guard case .object(let set as CharacterSetObject) = a[0] else {
                    throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(a[0]), to: "CharacterSet"), at: loc)
                }
                return .wrapped(.string(set.percentEncoded(s)))
            case .componentsSeparatedBy:
                // With a CharacterSet (a String separator is answered in Builtins.swift).
                guard case .object(let set as CharacterSetObject) = a[0] else { return nil }
                return .array(s.split(omittingEmptySubsequences: false, whereSeparator: set.contains).map { .string(String($0)) })
            case .appending_, .localizedCaseInsensitiveContains_:
                guard case .string(let t) = a[0] else {
                    throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(a[0]), to: "String"), at: loc)
                }
                if method == .appending_ { return .string(s + t) }
                // Foundation compares case-folded text ("Straße" contains "SS"); upper then
                // lower case is that folding for the letters table text has.
                // Foundation finds no range of "" (Swift's own `contains("")` is true).
                return .bool(!t.isEmpty && Self.caseFolded(s).contains(Self.caseFolded(t)))
            case .compare_, .caseInsensitiveCompare_, .localizedCompare_, .localizedCaseInsensitiveCompare_:
                guard case .string(let t) = a[0] else {
                    throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(a[0]), to: "String"), at: loc)
                }
                guard FoundationComparison.isComparable(s, t) else {
                    throw RuntimeError(RuntimeMessage.comparisonOutsideASCII(method: fullName), at: loc)
                }
                switch method {
                case .compare_: return Self.comparisonResult(FoundationComparison.literal(s, t))
                case .caseInsensitiveCompare_: return Self.comparisonResult(FoundationComparison.caseInsensitive(s, t))
                default:
                    return Self.comparisonResult(FoundationComparison.localized(s, t, caseSensitive: method == .localizedCompare_))
                }
            case .dropFirst_, .dropLast_:
                guard case .int(let n) = a[0] else { return nil }
                try negativeLengthCheck(name, n, loc)
                if method == .dropFirst_ { return .object(SubstringObject(base: s, start: min(n, s.count), text: String(s.dropFirst(n)))) }
                return .object(SubstringObject(base: s, start: 0, text: String(s.dropLast(n))))
            default: break
            }
        default: break
        }
        return nil
    }
}

extension String {
    /// Foundation's `replacingOccurrences(of:with:)` for literal text (no options).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

extension InterpreterCore {
    /// `Int.random(in:)`, `Double.random(in:)` (over an Int or a Double range),
    /// `Float.random(in:)`, `Bool.random()`; the arguments are the top `argc` stack slots
    /// (consumed when answered).
    func randomValue(_ m: Ctx, _ kind: RandomKind, _ method: BuiltinMethod, _ argc: Int, _ loc: SourceLocation) throws -> Value? {
        if kind == .bool, method == .random, argc == 0 { return .bool(Bool.random()) }
        guard method == .randomIn, argc == 1, kind != .bool else { return nil }
        if kind == .float { return try randomFloat(m, loc) }
        if kind != .int, case .object(let r as DoubleRange) = m.pointee.sp[-1] {
            m.pop(1)
            if r.isEmpty { throw RuntimeError(TrapMessage.randomInEmptyRange, at: loc) }
            if !(r.upper - r.lower).isFinite { throw RuntimeError(TrapMessage.randomInInfiniteRange, at: loc) }
            return .double(r.closed ? Double.random(in: r.lower...r.upper) : Double.random(in: r.lower..<r.upper))
        }
        guard case .range(let lo, let hi, let closed) = m.pointee.sp[-1] else { return nil }
        m.pop(1)
        if !closed && lo == hi { throw RuntimeError(TrapMessage.randomInEmptyRange, at: loc) }
        if kind == .int { return .int(closed ? Int.random(in: lo...hi) : Int.random(in: lo..<hi)) }
        let (l, h) = (Double(lo), Double(hi))
        return .double(closed ? Double.random(in: l...h) : Double.random(in: l..<h))
    }
}

extension InterpreterCore {
    /// `Float.random(in:)` over a Float range (or one of integer literals, which are Floats
    /// there), computed in Float as Swift does; nil for another argument.
    private func randomFloat(_ m: Ctx, _ loc: SourceLocation) throws -> Value? {
        let lo: Float, hi: Float, closed: Bool
        switch m.pointee.sp[-1] {
        case .object(let r as DoubleRange): (lo, hi, closed) = (Float(r.lower), Float(r.upper), r.closed)
        case .range(let l, let u, let c): (lo, hi, closed) = (Float(l), Float(u), c)
        default: return nil
        }
        m.pop(1)
        if !closed && lo == hi { throw RuntimeError(TrapMessage.randomInEmptyRange, at: loc) }
        if !(hi - lo).isFinite { throw RuntimeError(TrapMessage.randomInInfiniteRange, at: loc) }
        return .float(closed ? Float.random(in: lo...hi) : Float.random(in: lo..<hi))
    }
}

extension InterpreterCore {
    /// The pairs of `zip(a, b)`; a one-sided range (`zip(1..., items)`) counts along the
    /// other sequence, as Swift's zip stops at the shorter one.
    func zippedPairs(_ a: Value, _ b: Value, _ loc: SourceLocation) throws -> [Value] {
        func start(_ v: Value) -> Int? {
            if case .object(let r as PartialRange) = v, r.op == .rangeFrom { return r.bound }
            return nil
        }
        var x: [Value], y: [Value]
        switch (start(a), start(b)) {
        case (let s?, nil):
            y = try sequenceElements(b, loc)
            x = (0..<y.count).map { .int(s &+ $0) }
        case (nil, let s?):
            x = try sequenceElements(a, loc)
            y = (0..<x.count).map { .int(s &+ $0) }
        case (_?, _?):
            throw RuntimeError(UnsupportedMessage.zipOfOneSidedRanges, at: loc)
        case (nil, nil):
            x = try sequenceElements(a, loc)
            y = try sequenceElements(b, loc)
        }
        return zip(x, y).map { .tuple(TupleValue(labels: nil, elements: [$0, $1])) }
    }
}

extension InterpreterCore {
    /// Foundation's `capitalized` as swift-corelibs-foundation answers it: a letter after
    /// a letter (or after an apostrophe that follows one: "It's") is lower case, any other
    /// letter takes its title case ("ǆ" → "ǅ", "ﬁ" → "Fi"); digits and punctuation start
    /// words ("1st" → "1St", "a1b" → "A1B"). Each character is mapped on its own, so a final
    /// sigma stays "σ", as Foundation leaves it.
    static func capitalized(_ s: String) -> String {
        var out = ""
        var previous: Character?
        var beforePrevious: Character?
        for c in s {
            let inWord: Bool
            if let p = previous {
                inWord = p.isLetter || ((p == "'" || p == "\u{2019}") && beforePrevious?.isLetter == true)
            } else {
                inWord = false
            }
            if inWord || !c.isLetter {
                out += String(c).lowercased()
            } else {
                var scalars = c.unicodeScalars.makeIterator()
                if let first = scalars.next() { out += first.properties.titlecaseMapping }
                while let rest = scalars.next() { out += rest.properties.lowercaseMapping }
            }
            beforePrevious = previous
            previous = c
        }
        return out
    }

    /// Text compared without regard to case, as Foundation folds it.
    static func caseFolded(_ s: String) -> String { s.uppercased().lowercased() }
}
