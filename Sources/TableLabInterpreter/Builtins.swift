// Built-in functions, initializers, methods of Array/String/Dictionary/Range, subscripts.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    func argsArray(_ m: Ctx, _ argc: Int) -> [Value] {
        let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
        m.pop(argc)
        return a
    }

    /// `print` and `debugPrint`: items joined by `separator`, then `terminator`.
    func compilePrint(_ args: [Argument], _ scope: FnScope, _ loc: SourceLocation, debug: Bool) -> Eval {
        var items: [Eval] = []
        var sep: Eval? = nil, term: Eval? = nil
        var stream: Int? = nil
        for a in args {
            switch a.label {
            case "separator": sep = compileExpr(a.value, scope, expected: .string)
            case "terminator": term = compileExpr(a.value, scope, expected: .string)
            case "to":
                guard let slot = printStreamSlot(a.value, scope) else {
                    let at = a.value.location
                    return { _ in throw RuntimeError(UnsupportedMessage.printToStream(function: debug ? "debugPrint" : "print"), at: at) }
                }
                stream = slot
            // `print(c ? 1 : 2.5)`: in print's `Any` context a ternary's branches keep
            // their own types (it prints 1), where a value of one type would be 1.0.
            default:
                if readsMixedNumberLiteral(a.value, scope) {
                    let at = a.value.location
                    return { _ in throw RuntimeError(UnsupportedMessage.mixedNumberLiteralReadIntoAny(function: debug ? "debugPrint" : "print"), at: at) }
                }
                if case .ternary = a.value.kind { items.append(compileExpr(a.value, scope, expected: .any)) }
                else { items.append(compileExpr(a.value, scope, expected: nil)) }
            }
        }
        return { [core = Unretained(self)] m in
            var s = ""
            var separator = " ", terminator = "\n"
            if let sep, case .string(let x) = try sep(m) { separator = x }
            if let term, case .string(let x) = try term(m) { terminator = x }
            for (i, it) in items.enumerated() {
                if i > 0 { s += separator }
                if debug { try core.object.debugDescribe(try it(m), into: &s, loc) } else { try core.object.describeChecked(try it(m), debug: false, into: &s, loc) }
            }
            s += terminator
            if let stream { try core.object.appendToPrintStream(s, m, slot: stream, debug: debug, loc); return .void }
            core.object.output(s)
            return .void
        }
    }

    /// `print(x, to: &text)`: the hidden local `compileInoutCall` boxed the place in; nil
    /// when the argument is no `&` place.
    private func printStreamSlot(_ e: Expr, _ scope: FnScope) -> Int? {
        guard case .unary(.inoutArgument, let x) = e.kind, case .identifier(let hidden) = x.kind,
              let local = scope.findLocal(hidden) else { return nil }
        return local.slot
    }

    /// Appends what `print` wrote to the String it was given (`to: &text`); a stream of
    /// another type (a script's TextOutputStream) is refused by name.
    private func appendToPrintStream(_ text: String, _ m: Ctx, slot: Int, debug: Bool, _ loc: SourceLocation) throws {
        guard case .box(let b) = m.pointee.fp[slot], case .string(let old) = b.value else {
            throw RuntimeError(UnsupportedMessage.printToStream(function: debug ? "debugPrint" : "print"), at: loc)
        }
        b.value = .string(old + text)
    }

    /// Whether an initializer from an extension of a built-in type takes these arguments, by
    /// label and by type (`Int("12")` stays the built-in one beside an `init(_ b: Bool)`).
    func extensionInitializerFits(_ h: UserType, _ labels: [String?], _ args: UnsafeBufferPointer<Value>) -> Bool {
        h.initializers.contains { d in
            guard case .success(let map) = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) else { return false }
            for (p, ai) in map.enumerated() {
                guard let ai, let t = d.parameters[p].type else { continue }
                if coerce(args[ai], to: resolveType(t)) == nil { return false }
            }
            return true
        }
    }

    /// The standard library's global functions and conversions (`Int(x)`), else one the
    /// host registered; nil when `name` is none of them. Which one a call site names is
    /// chosen once (`builtinFunction`), apart from what each does when it runs
    /// (`builtinFunctionBody`).
    func compileBuiltinFunction(_ name: String, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation, expected: RType?) -> Eval? {
        if name == "print" { return compilePrint(args, scope, loc, debug: false) }
        // `TimeInterval(x)` is `Double(x)`: Foundation's typealias.
        let name = userType(name) == nil ? Self.standardTypeAliases[name] ?? name : name
        let isConversion = Self.conversionFunctionNames.contains(name)
        // A script's own `struct Set` is called as the script declares it.
        if isConversion, userType(name) != nil { return nil }
        if let e = compileEverydayFunction(name, args, scope, loc) { return e }
        let labels = args.map(\.label)
        if isConversion {
            let target = ConversionTarget(name)
            let push = compilePushArgs(args, scope)
            return { [core = Unretained(self)] m in
                let argc = try push(m)
                // `extension String { init(dashes n: Int) { ... } }`: the script's initializer.
                if let h = core.object.conversionExtension(target), !h.initializers.isEmpty,
                   core.object.extensionInitializerFits(h, labels, UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc)) {
                    return try core.object.runEnumInit(m, h, labels, argc, loc)
                }
                return try core.object.constructBuiltin(target, core.object.argsArray(m, argc), labels, loc)
            }
        }
        guard let function = builtinFunction(name, labels) else { return nil }
        let args = implicitlyUnwrappedArguments(function, args, scope)
        var typed: PushArgs? = nil
        if case .minOrMax = function { typed = pushImplicitMembersLikeOthers(args, scope) }
        if case .native = function { typed = compileHostPushArgs(args, scope, fullName: name + "(" + labelsString(labels) + ")") }
        let push = typed ?? compilePushArgs(args, scope)
        let call = BuiltinFunctionCall(push: push, body: builtinFunctionBody(function, args, loc), core: self)
        // (One object captured: a closure of `push` and a body, as this was, had the layout
        // of a method call's closure, and the optimizer merged the two, a thunk more on
        // every method call.)
        return { m in try call.run(m) }
    }

    /// `max(count, 3)` with `count: Int!`: these functions take no Optional, so an argument
    /// declared `T!` is unwrapped; `Optional(x)` and `type(of: x)` take it as it is.
    private func implicitlyUnwrappedArguments(_ function: BuiltinFunction, _ args: [Argument], _ scope: FnScope) -> [Argument] {
        guard implicitUnwrapping.isInUse else { return args }
        switch function {
        case .optional, .typeOf, .native: return args
        default: break
        }
        return args.map { a in
            guard let u = implicitUnwrap(a.value, scope) else { return a }
            var b = a
            b.value = u
            return b
        }
    }

    /// `max(h, .zero)`: an implicit member argument takes the type of the first argument
    /// that is not one, as swiftc infers `min`'s and `max`'s one generic parameter (it was
    /// CGRect's `.zero`, the host's guess with no context). nil when no argument is one.
    private func pushImplicitMembersLikeOthers(_ args: [Argument], _ scope: FnScope) -> PushArgs? {
        let names: [MemberName?] = args.map { if case .implicitMember(let n) = $0.value.kind { return MemberName(n) }; return nil }
        guard names.contains(where: { $0 != nil }), let model = names.firstIndex(where: { $0 == nil }) else { return nil }
        let evs: [Eval?] = args.enumerated().map { i, a in names[i] == nil ? compileExpr(a.value, scope, expected: nil) : nil }
        let locations = args.map(\.value.location)
        return { [core = Unretained(self)] m in
            // Only implicit members come before `model`, and they have no effects to order.
            let like = try evs[model]!(m)
            for i in evs.indices {
                if let name = names[i] { m.push(try core.object.implicitMember(name, like: like, locations[i])) }
                else { m.push(i == model ? like : try evs[i]!(m)) }
            }
            return evs.count
        }
    }

    /// Foundation's typealiases of standard types, by the name the code writes.
    static let standardTypeAliases: [String: String] = ["TimeInterval": "Double"]

    /// The types whose initializers a call by the type's name reaches (`Int("12")`).
    static let conversionFunctionNames: Set<String> = [
        "Int", "Double", "Float", "String", "Bool", "Character", "CGFloat", "Array", "Dictionary", "Set", "Substring",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Int8", "Int16", "Int32", "Int64",
    ]

    /// A call of a global function: its arguments pushed, then their values given to its body.
    final class BuiltinFunctionCall {
        let push: PushArgs
        let body: ([Value]) throws -> Value
        let core: Unretained<InterpreterCore>

        init(push: @escaping PushArgs, body: @escaping ([Value]) throws -> Value, core: InterpreterCore) {
            self.push = push; self.body = body; self.core = Unretained(core)
        }

        func run(_ m: Ctx) throws -> Value {
            let argc = try push(m)
            return try body(core.object.argsArray(m, argc))
        }
    }

    /// A global function of the language, as a call site's name and labels choose it.
    enum BuiltinFunction {
        case minOrMax(isMin: Bool)
        case abs
        /// `assert` and `precondition`, with the words of their failure.
        case check(failure: String)
        /// `fatalError`, `assertionFailure`, `preconditionFailure`.
        case fatalError
        case stride(through: Bool)
        case zip
        case optional
        case typeOf
        /// A function the host registered (`registerNativeFunction`).
        case native(([Value]) throws -> Value)
        /// Foundation's C math on Doubles (`round`, `sqrt`, `pow`; MathFunctions.swift).
        case math(name: String, MathFunction)
    }

    /// The selector: which global function `name` with these argument labels is; nil for
    /// none (a script's function, or an error for the caller to report).
    func builtinFunction(_ name: String, _ labels: [String?]) -> BuiltinFunction? {
        switch (name, labels.count) {
        case ("min", 2...): return .minOrMax(isMin: true)
        case ("max", 2...): return .minOrMax(isMin: false)
        case ("abs", 1): return .abs
        case ("assert", 1...2): return .check(failure: "Assertion failed")
        case ("precondition", 1...2): return .check(failure: "Precondition failed")
        case ("assertionFailure", 0...1), ("preconditionFailure", 0...1), ("fatalError", 0...1): return .fatalError
        case ("stride", 3): return .stride(through: labels[1] == "through")
        case ("zip", 2): return .zip
        case ("Optional", 1): return .optional
        case ("type", 1): return .typeOf
        case ("Scanner", 1) where labels[0] == "string" && userType("Scanner") == nil:
            return .native { a in
                guard case .string(let text) = a[0].unboxed else { return .void }
                return .object(ScannerObject(text))
            }
        case ("CharacterSet", 1) where labels[0] == "charactersIn" && userType("CharacterSet") == nil:
            return .native { a in
                guard case .string(let text) = a[0].unboxed else { return .void }
                let scalars = Set(text.unicodeScalars)
                return .object(CharacterSetObject("charactersIn") { c in c.unicodeScalars.allSatisfy(scalars.contains) })
            }
        default:
            if let native = nativeBuiltins[name + "(" + labelsString(labels) + ")"] { return .native(native) }
            if labels.allSatisfy({ $0 == nil }), let f = MathFunction(name: name, arity: labels.count) { return .math(name: name, f) }
            return nil
        }
    }

    /// `min`/`max` of any number of arguments.
    private func minOrMaxBody(isMin: Bool, _ loc: SourceLocation) -> ([Value]) throws -> Value {
        return { [core = Unretained(self)] a0 in
            let a = Self.literalsAsFloatingPoint(a0)
            var best = a[0]
            // Swift's min takes a later argument when it is `<` the best so far, max when
            // it is `>=` (so of equal ones min keeps the first, max the last), through a
            // script's own `<` where the type has one.
            let op: BinaryOperator = isMin ? .less : .greaterEqual
            for x in a.dropFirst() {
                if let r = try core.object.customCompare(op, x, best, loc) {
                    if r { best = x }
                    continue
                }
                guard core.object.lessThan(x, best) != nil else {
                    throw RuntimeError(ConversionMessage.cannotCompare(core.object.typeName(x)), at: loc)
                }
                if case .bool(true) = try core.object.compare(op, x, best, loc) { best = x }
            }
            return best
        }
    }

    /// What a chosen global function does with its arguments' values when it runs.
    private func builtinFunctionBody(_ function: BuiltinFunction, _ args: [Argument], _ loc: SourceLocation) -> ([Value]) throws -> Value {
        switch function {
        case .minOrMax(let isMin):
            return minOrMaxBody(isMin: isMin, loc)
        case .abs:
            return { [core = Unretained(self)] a in
                switch a[0] {
                case .int(let i):
                    if i == Int.min { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                    return .int(abs(i))
                case .double(let d): return .double(abs(d))
                case .float(let f): return .float(abs(f))
                default: throw RuntimeError(ConversionMessage.cannotConvertArgument(type: core.object.typeName(a[0]), to: "Int"), at: loc)
                }
            }
        case .check(let word):
            return { a in
                if case .bool(false) = a[0] {
                    if a.count > 1, case .string(let msg) = a[1], !msg.isEmpty { throw RuntimeError(TrapMessage.checkFailedMessage(check: word, message: msg), at: loc) }
                    throw RuntimeError(TrapMessage.checkFailed(word), at: loc)
                }
                return .void
            }
        case .fatalError:
            return { a in
                if let f = a.first, case .string(let msg) = f, !msg.isEmpty { throw RuntimeError(TrapMessage.fatalErrorMessage(msg), at: loc) }
                throw RuntimeError(TrapMessage.fatalError, at: loc)
            }
        case .stride(let through):
            return { a in
                guard case .int(let from) = a[0], case .int(let to) = a[1], case .int(let by) = a[2], by != 0 else {
                    throw RuntimeError(UnsupportedMessage.strideNeedsInt, at: loc)
                }
                var out: [Value] = []
                var i = from
                while by > 0 ? (through ? i <= to : i < to) : (through ? i >= to : i > to) { out.append(.int(i)); i += by }
                return .array(out)
            }
        case .zip:
            return { [core = Unretained(self)] a in
                return .array(try core.object.zippedPairs(a[0], a[1], loc))
            }
        case .optional:
            return { a in
                if case .nilValue = a[0] { return .nilValue }
                return .wrapped(a[0])
            }
        case .typeOf:
            // Swift writes the dynamic type generically: `Array<Int>`, `Optional<String>`.
            let literalStrings = Self.holdsNoCharacter(args[0].value)
            let floating = floatingTypeOfArgument(args[0].value)
            return { [core = Unretained(self)] a in
                if case .function(let f) = a[0] {
                    return .type(.builtin(BuiltinTypeName(core.object.functionTypeSpelling(f, generic: true) ?? "function")))
                }
                if case .type(.table(let inst)) = a[0], inst.type.kind == .class { return .type(.structType(inst.type)) }
                // A non-generic script type as a value, so that `type(of: self).allCases` finds
                // its static members; it prints as its name, as before.
                if let t = core.object.userTypeOfValue(a[0]), core.object.protocols.genericParameters[t.id] == nil {
                    return .type(t.kind == .enum ? .enumType(t) : .structType(t))
                }
                // A Character is a one-character String in TableLab: its type cannot be told.
                if core.object.resultIsBuiltin, case .payloadCase(let pc) = a[0], pc.typeID == core.object.builtinResultType?.id {
                    throw RuntimeError(UnsupportedMessage.typeOfResult, at: loc)
                }
                if !literalStrings, Self.mayBeCharacter(a[0]) {
                    throw RuntimeError(UnsupportedMessage.typeOfCharacter(core.object.describe(a[0], debug: true)), at: loc)
                }
                guard let name = core.object.genericTypeName(a[0]) else {
                    throw RuntimeError(UnsupportedMessage.typeOfCollection(core.object.describe(a[0], debug: true)), at: loc)
                }
                return .type(.builtin(BuiltinTypeName(try core.object.floatingTypeName(name, a[0], floating, loc))))
            }
        case .native(let native):
            return { a in try RuntimeError.placingHostErrors(at: loc) { try native(a) } }
        case .math(let name, let f):
            return mathFunctionBody(name, f, args, loc)
        }
    }

    func constructBuiltin(_ name: String, _ a: [Value], _ labels: [String?], _ loc: SourceLocation) throws -> Value {
        try constructBuiltin(ConversionTarget(name), a, labels, loc)
    }

    /// `T(x)` of a standard type, by the target its call site found.
    func constructBuiltin(_ target: ConversionTarget, _ a: [Value], _ labels: [String?], _ loc: SourceLocation) throws -> Value {
        guard let x = a.first else { return emptyValue(of: target) }
        if target.isInteger, let r = try constructInteger(target.fixedWidth, x, a, labels, loc) { return r }
        switch target.kind {
        case .int, .double, .float, .bool:
            if labels != [nil], !((target.kind == .double || target.kind == .float) && labels == ["exactly"]) {
                // The conversions below take one unlabelled value: another initializer read as
                // one of them gave a different answer (`Double(exactly: 3)` printed 3.0).
                let full = target.name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
                throw RuntimeError(UnsupportedMessage.initializer(full), at: loc)
            }
        default: break
        }
        switch target.kind {
        case .int:
            switch x {
            case .int: return x
            case .double(let d):
                guard d.isFinite else { throw RuntimeError(TrapMessage.doubleNotFinite(type: "Int"), at: loc) }
                guard d > -9.3e18 && d < 9.3e18, let i = Int(exactly: d.rounded(.towardZero)) else {
                    throw RuntimeError(d < 0 ? TrapMessage.doubleBelowMin(type: "Int") : TrapMessage.doubleAboveMax(type: "Int"), at: loc)
                }
                return .int(i)
            case .string(let s): return Int(s).map { .wrapped(.int($0)) } ?? .nilValue
            case .bool(let b): return .int(b ? 1 : 0)
            default: break
            }
        case .double where labels == ["exactly"], .float where labels == ["exactly"]:
            if let r = exactFloatingConversion(x, toFloat: target.kind == .float) { return r }
        case .double:
            switch x {
            case .int(let i): return .double(Double(i))
            case .fixed(let f): return .double(Double(f.value))
            case .double: return x
            case .float(let f): return .double(Double(f))
            case .string(let s): return Double(s).map { .wrapped(.double($0)) } ?? .nilValue
            default: break
            }
        case .float:
            if let r = convertToFloat(x) { return r }
        case .string, .character:
            // One Character is one grapheme cluster; Swift traps on any other String.
            if target.kind == .character, labels == [nil], case .string(let s) = x, s.count != 1 {
                throw RuntimeError(s.isEmpty ? TrapMessage.characterFromEmptyString : TrapMessage.characterFromLongString, at: loc)
            }
            if let r = try stringConversion(x, a, labels, isString: target.kind == .string, loc) { return r }
        case .bool:
            switch x {
            case .bool: return x
            case .string(let s): return s == "true" ? .wrapped(.bool(true)) : s == "false" ? .wrapped(.bool(false)) : .nilValue
            default: break
            }
        case .set:
            if case .object(let z as LazySequenceObject) = x { return .set(Set(try lazyElements(machine, z, loc))) }
            return .set(Set(try sequenceElements(x, loc)))
        case .array:
            if labels == ["repeating", "count"], a.count == 2, case .int(let n) = a[1] {
                return .array(try repeatedArray(x, n, loc))
            }
            if case .object(let z as LazySequenceObject) = x { return .array(try lazyElements(machine, z, loc)) }
            return arrayInOrderOf(x, try sequenceElements(x, loc))
        case .literalArray, .literalDictionary:
            if case .object(let z as LazySequenceObject) = x { return .array(try lazyElements(machine, z, loc)) }
            return arrayInOrderOf(x, try sequenceElements(x, loc))
        case .substring:
            if labels == [nil], case .string(let s) = x { return .object(SubstringObject(whole: s)) }
            if labels == [nil], case .object(is SubstringObject) = x { return x }
        case .fixedWidth, .dictionary, .other:
            break
        }
        // Int's, Double's and Float's conversions from text take a Substring as a String.
        if target.kind == .int || target.kind == .double || target.kind == .float || target.isInteger,
           case .object(let sub as SubstringObject) = x {
            return try constructBuiltin(target, [.string(sub.text)] + a.dropFirst(), labels, loc)
        }
        throw RuntimeError(LookupMessage.noMatchingInitializerFor(type: target.name, argument: typeName(x)), at: loc)
    }

    /// The extension of the conversion's type, which may declare initializers of its own.
    func conversionExtension(_ target: ConversionTarget) -> UserType? {
        if let k = target.extended { return protocols.valueTypeExtension(k) }
        return protocols.builtinExtensions.isEmpty ? nil : protocols.builtinExtensions[target.name]
    }

    /// `T()`: the type's empty or zero value.
    private func emptyValue(of target: ConversionTarget) -> Value {
        switch target.kind {
        case .int: return .int(0)
        case .double: return .double(0)
        case .float: return .float(0)
        case .string: return .string("")
        case .substring: return .object(SubstringObject(whole: ""))
        case .bool: return .bool(false)
        case .fixedWidth(let k): return .fixed(FixedInt(k, 0))
        case .literalDictionary, .dictionary: return .dictionary([:])
        case .set: return .set([])
        case .literalArray, .array, .character, .other: return .array([])
        }
    }

    /// `String(x)` and its labelled forms (`isString`), `Character(x)`; nil when none fits.
    private func stringConversion(_ x: Value, _ a: [Value], _ labels: [String?], isString: Bool,
                                  _ loc: SourceLocation) throws -> Value? {
        if isString, labels.first == "format" {
            guard case .string(let f) = x, labels.dropFirst().allSatisfy({ $0 == nil }) else { return nil }
            return .string(try formatString(f, Array(a.dropFirst()), loc))
        }
        if isString, labels.count >= 2, labels[1] == "radix", labels.dropFirst(2).allSatisfy({ $0 == "uppercase" }),
           let r = try radixString(x, a, loc) {
            return .string(r)
        }
        if case .object(let r as ReversedCollection) = x, case .string = r.base {
            return .string(r.elements.map { $0.stringValue ?? "" }.joined())
        }
        // `String(chars)` of an Array (or a slice) of Characters: their text (it was the
        // Array's description, `["a", "b"]`: silently different).
        if isString, labels == [nil], let chars = characters(of: x) { return .string(chars) }
        if labels.first == "repeating", a.count == 2, case .string(let s) = x, case .int(let n) = a[1] {
            if n < 0 { throw RuntimeError(TrapMessage.negativeCount, at: loc) }
            // Copies of "" are "": answered at once (Swift's own loop over a huge count
            // never ends, and the native loop here would not meet --max-steps either).
            if s.isEmpty { return .string("") }
            let bytes = n.multipliedReportingOverflow(by: s.utf8.count)
            try reserve(bytes.overflow ? Int.max : bytes.partialValue, "String(repeating:count:) of \(n) copies", at: loc)
            return .string(String(repeating: s, count: n))
        }
        if labels == [nil] || labels == ["describing"], let text = try nanDescription(x, describing: labels == ["describing"], loc) {
            return .string(text)
        }
        var text = ""
        try refuseInterpolatedHostEnum(x, loc)
        // `String(reflecting:)` is debugPrint's text (`main.E.a`, strings quoted).
        try describeChecked(x, debug: isString && labels == ["reflecting"], into: &text, loc)
        return .string(text)
    }

    /// `String(x, radix: 2)` and `String(x, radix: 16, uppercase: true)` of an integer; nil
    /// when `x` is none.
    func radixString(_ x: Value, _ a: [Value], _ loc: SourceLocation) throws -> String? {
        let value: Int128
        switch x {
        case .int(let i): value = Int128(i)
        case .fixed(let f): value = f.value
        default: return nil
        }
        guard case .int(let radix) = a[1] else { return nil }
        guard radix >= 2, radix <= 36 else { throw RuntimeError(TrapMessage.radixOutOfRange, at: loc) }
        var uppercase = false
        if a.count > 2, case .bool(let u) = a[2] { uppercase = u }
        return String(value, radix: radix, uppercase: uppercase)
    }

    /// `UInt8(x)`, `UInt(truncatingIfNeeded: x)`, `Int8(clamping: x)`, `Int(bitPattern: u)`, `UInt32("12")`, and
    /// `Int(x)` of a fixed-width integer; nil when the call is none of these.
    /// `kind`: the fixed-width type's, nil for Int.
    func constructInteger(_ kind: IntKind?, _ x: Value, _ arguments: [Value], _ labels: [String?], _ loc: SourceLocation) throws -> Value? {
        if labels.count == 2, labels[0] == nil, labels[1] == "radix" {
            // `Int("ff", radix: 16)`: the radix was dropped (it read "ff" as decimal: nil).
            guard case .string(let s) = x, case .int(let radix)? = arguments.dropFirst().first else { return nil }
            guard radix >= 2, radix <= 36 else { throw RuntimeError(TrapMessage.radixOutOfRange, at: loc) }
            guard let v = Int128(s, radix: radix), (kind ?? .int64).contains(v) else { return .nilValue }
            return .wrapped(kind.map { .fixed(FixedInt($0, v)) } ?? .int(Int(v)))
        }
        switch labels.first ?? nil {
        case nil:
            if case .string(let s) = x, let kind {
                guard let v = Int128(s), kind.contains(v) else { return .nilValue }
                return .wrapped(.fixed(FixedInt(kind, v)))
            }
            if kind == nil, case .fixed = x { return try convertInteger(x, to: nil, loc) }
            if kind == nil, case .float = x { return try convertInteger(x, to: nil, loc) }
            if kind != nil { return try convertInteger(x, to: kind, loc) }
            return nil
        case "truncatingIfNeeded", "bitPattern":
            return truncatingInteger(x, to: kind)
        case "clamping":
            return clampingInteger(x, to: kind)
        case "exactly":
            if case .double(let d) = x, d != d.rounded(.towardZero) { return .nilValue }
            if case .float(let f) = x, f != f.rounded(.towardZero) { return .nilValue }
            do { return try convertInteger(x, to: kind, loc).map { .wrapped($0) } } catch { return .nilValue }
        default:
            return nil
        }
    }

    /// Swift's traps for `prefix(-1)`, `suffix(-1)`, `dropFirst(-1)`, `dropLast(-1)`.
    func negativeLengthCheck(_ name: String, _ n: Int, _ loc: SourceLocation) throws {
        guard n < 0 else { return }
        switch name {
        case "prefix": throw RuntimeError(TrapMessage.negativePrefix, at: loc)
        case "suffix": throw RuntimeError(TrapMessage.negativeSuffix, at: loc)
        default: throw RuntimeError(TrapMessage.negativeDrop, at: loc)
        }
    }

    /// `Array(repeating:count:)`, with Swift's trap on a negative count.
    func repeatedArray(_ x: Value, _ n: Int, _ loc: SourceLocation) throws -> [Value] {
        if n < 0 { throw RuntimeError(TrapMessage.negativeArrayCount, at: loc) }
        try reserve(arrayBytes(n), "an array of \(n) elements", at: loc)
        return Array(repeating: x, count: n)
    }

    func sequenceElements(_ v: Value, _ loc: SourceLocation) throws -> [Value] {
        switch v {
        case .array(let a): return a.values
        case .set(let s): return Array(s)
        case .object(let r as ReversedCollection): return r.elements
        case .object(let s as ArraySliceObject): return s.elements
        case .object(let z as LazySequenceObject):
            // Without a filter every consumer asks in the iterator's order; with one, some
            // count first (running the filter twice), which TableLab does not tell apart.
            guard z.searchSteps.isEmpty else { throw RuntimeError(UnsupportedMessage.lazyFilterAsSequence, at: loc) }
            return try lazyElements(machine, z, loc)
        case .range(let l, let u, let c):
            let n = (c ? u : u - 1).subtractingReportingOverflow(l)
            if n.overflow || n.partialValue >= 50_000_000 { throw RuntimeError(LimitMessage.rangeArrayTooLarge(lower: l, op: c ? "..." : "..<", upper: u), at: loc) }
            return rangeArray(l, u, c)
        case .string(let s): return s.map { .string(String($0)) }
        case .object(let sub as SubstringObject): return sub.text.map { .string(String($0)) }
        case .dictionary(let d): return d.map { .tuple(TupleValue(labels: ["key", "value"], elements: [$0.key, $0.value])) }
        default: throw RuntimeError(ConversionMessage.notASequence(typeName(v)), at: loc)
        }
    }

    func fnArg(_ v: Value, _ loc: SourceLocation) throws -> FunctionValue {
        if case .function(let f) = v { return f }
        throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(v), to: "(Element) -> Bool"), at: loc)
    }

    func boolResult(_ v: Value, _ loc: SourceLocation) throws -> Bool {
        if case .bool(let b) = v { return b }
        throw RuntimeError(ConversionMessage.cannotConvertClosureResult(type: typeName(v), to: "Bool"), at: loc)
    }

    func sortedValues(_ m: Ctx, _ a: [Value], by: FunctionValue?, _ loc: SourceLocation) throws -> [Value] {
        var err: Error? = nil
        let r = a.sorted { x, y in
            if err != nil { return false }
            do {
                if let by {
                    return try self.boolResult(try self.callFunction(m, by, [x, y], loc), loc)
                }
                if let r = try self.customCompare(.less, x, y, loc) { return r }
                guard let lt = self.lessThan(x, y) else {
                    throw RuntimeError(ConversionMessage.sortedNeedsComparable(self.typeName(x)), at: loc)
                }
                return lt
            } catch { err = error; return false }
        }
        if let err { throw err }
        return r
    }

    func mutatingCheck(_ mutable: Bool, _ reason: String, _ loc: SourceLocation) throws {
        if !mutable { throw RuntimeError(RuntimeMessage.mutatingMemberOnImmutableValue(reason: reason), at: loc) }
    }

    func indexCheck(_ i: Value, _ count: Int, _ loc: SourceLocation, allowEnd: Bool = false) throws -> Int {
        guard case .int(let n) = i else { throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(i), to: "Int"), at: loc) }
        if n < 0 || n > count || (n == count && !allowEnd) { throw RuntimeError(TrapMessage.indexOutOfRange, at: loc) }
        return n
    }

    /// Methods of the built-in types; arguments are the top `argc` stack slots (consumed).
    func callBuiltinMethod(_ m: Ctx, _ v: inout Value, _ name: String, _ fullName: String, _ argc: Int,
                           _ mutable: Bool, _ reason: String, _ loc: SourceLocation) throws -> Value {
        try callBuiltinMethod(m, &v, BuiltinMethod(fullName: fullName), name, fullName, argc, mutable, reason, loc,
                              trailingClosure: TrailingClosureForm(name: name, fullName: fullName))
    }

    /// A built-in method known by its ID (the call site's, found once).
    /// `trailingClosure`: the method named when the last argument is a function, if another
    /// (a recursive call has applied it already).
    func callBuiltinMethod(_ m: Ctx, _ v: inout Value, _ method: BuiltinMethod, _ name: String, _ fullName: String, _ argc: Int,
                           _ mutable: Bool, _ reason: String, _ loc: SourceLocation,
                           trailingClosure: TrailingClosureForm? = nil) throws -> Value {
        // A result made from a Set's or a Dictionary's elements in their order is listed, for
        // the warning where it is printed (UnorderedOutput.swift).
        guard let unordered = unorderedSource(v) else {
            return try builtinMethodResult(m, &v, method, name, fullName, argc, mutable, reason, loc, trailingClosure: trailingClosure)
        }
        let r = try builtinMethodResult(m, &v, method, name, fullName, argc, mutable, reason, loc, trailingClosure: trailingClosure)
        if Self.keepsElementOrder(method) || trailingClosure.map({ Self.keepsElementOrder($0.method) }) == true {
            noteUnordered(r, unordered)
        }
        return r
    }

    private func builtinMethodResult(_ m: Ctx, _ v: inout Value, _ method: BuiltinMethod, _ name: String, _ fullName: String,
                                     _ argc: Int, _ mutable: Bool, _ reason: String, _ loc: SourceLocation,
                                     trailingClosure: TrailingClosureForm?) throws -> Value {
        // Hot path: append one element in place.
        if method == .append_, case .array = v {
            try mutatingCheck(mutable, reason, loc)
            m.pointee.sp -= 1
            var x = m.pointee.sp.move()
            // An element of an Array of Arrays: Swift's `reversed()` gives it an Array.
            if case .object(let rc as ReversedCollection) = x { x = .array(rc.elements) }
            _ = v.arrayAppend(x)
            // A typed property holding `v` then checks only the new element.
            noteAppend(v)
            return .void
        }
        let a = argsArray(m, argc)
        // A trailing closure drops its label: `sorted { }` is `sorted(by:)`.
        var fullName = fullName, method = method
        if let trailingClosure, let last = a.last, case .function = last {
            fullName = trailingClosure.fullName
            method = trailingClosure.method
        }
        if method == .prefixWhile || method == .dropWhile, let r = try whileMethod(m, v, method, a, loc) { return r }
        if method == .enumerated, a.isEmpty, Self.enumerates(v) { return enumeratedSequence(of: v, try sequenceElements(v, loc)) }
        if case .range(let l, let u, let c) = v {
            if method == .contains_, case .int(let x) = a[0] { return .bool(x >= l && (c ? x <= u : x < u)) }
            // `(0..<3).contains(2.5)`: swiftc makes the literal range one of Double (a declared
            // range of Int is refused before the run, RangeCallCheck.swift).
            if method == .contains_, case .double(let x) = a[0] {
                return .bool(DoubleRange(lower: Double(l), upper: Double(u), closed: c).contains(x))
            }
            if method == .reversed { return .object(ReversedCollection(base: v, elements: try sequenceElements(v, loc).reversed())) }
            if let r = try rangeSliceMethod(m, v, l, u, c, method, name, fullName, a, argc, loc) { return r }
            var arr = Value.array(try sequenceElements(v, loc))
            for x in a { m.push(x) }
            return try callBuiltinMethod(m, &arr, method, name, fullName, argc, false, "range is immutable", loc)
        }
        // Before the switch below, which holds a copy of `v` while an arm runs: a mutating
        // method called from an arm found the collection shared and copied it whole (each
        // `xs.insert(x, at: i)` or `xs.append(contentsOf:)` was O(n)).
        if case .set = v { return try callSetMethod(m, &v, method, name, fullName, a, mutable, reason, loc) }
        if case .array = v {
            if let r = try arrayMethod(m, &v, method, name, fullName, a, argc, mutable, reason, loc) { return r }
        } else if case .string = v {
            if let r = try stringMethod(m, &v, method, name, fullName, a, argc, mutable, reason, loc) { return r }
        } else if case .dictionary = v {
            if let r = try dictionaryMethod(m, &v, method, name, fullName, a, argc, mutable, reason, loc) { return r }
        }
        if let r = reportingOverflow(v, method, a) { return r }
        switch v {
        case .int(let i):
            switch method {
            case .isMultipleOf: if case .int(let k) = a[0] { return .bool(k == 0 ? i == 0 : i % k == 0) }
            case .signum: return .int(i.signum())
            case .advancedBy: if case .int(let k) = a[0] { return .int(i + k) }
            case .quotientAndRemainderDividingBy:
                guard case .int(let k) = a[0] else { break }
                if k == 0 { throw RuntimeError(TrapMessage.divisionByZero, at: loc) }
                let (q, overflow) = i.dividedReportingOverflow(by: k)
                if overflow { throw RuntimeError(TrapMessage.divisionOverflow, at: loc) }
                return .makeTuple([.int(q), .int(i - q * k)], labels: ["quotient", "remainder"])
            default: break
            }
        case .double(let d):
            if let r = try floatingRounding(&v, d, method, a, mutable, reason, loc, { .double($0) }) { return r }
            switch method {
            case .squareRoot: return .double(d.squareRoot())
            case .truncatingRemainderDividingBy: if let k = asDouble(a[0]) { return .double(d.truncatingRemainder(dividingBy: k)) }
            default: break
            }
        case .float(let f):
            if let r = try floatMethod(&v, f, method, a, mutable, reason, loc) { return r }
        case .wrapped(let w):
            if let r = try optionalMethod(m, v, method, a, loc) { return r }
            throw RuntimeError(RuntimeMessage.optionalMustBeUnwrapped(optionalType: typeName(v), member: name, wrappedType: typeName(w)), at: loc)
        default: break
        }
        if let r = try everydayMethod(m, &v, method, name, fullName, a, mutable, reason, loc) { return r }
        // A String method that takes any StringProtocol (`s.hasPrefix(t)`), given a Substring:
        // its text, asked again (only here, past every String method's own cases).
        if case .string = v, a.contains(where: { if case .object(is SubstringObject) = $0 { true } else { false } }) {
            for x in a { m.push(Self.stringText(x).map { .string($0) } ?? x) }
            return try callBuiltinMethod(m, &v, method, name, fullName, a.count, mutable, reason, loc)
        }
        throw noSuchMember(v, name, loc)
    }

    /// The values whose `enumerated()` is an EnumeratedSequence of them here.
    static func enumerates(_ v: Value) -> Bool {
        switch v {
        case .array, .string, .range, .set, .dictionary, .object(is ReversedCollection): return true
        default: return false
        }
    }

    /// Array's methods; nil when the method is not one of them.
    private func arrayMethod(_ m: Ctx, _ v: inout Value, _ method: BuiltinMethod, _ name: String, _ fullName: String, _ a: [Value], _ argc: Int,
                             _ mutable: Bool, _ reason: String, _ loc: SourceLocation) throws -> Value? {
        guard case .array = v else { return nil }
        switch method {
        case .appendContentsOf, .insert_At, .removeAt, .removeAll, .removeAllWhere, .removeLast, .removeFirst, .popLast, .shuffle, .swapAt__, .sort, .sortBy, .reverse,
             .partitionBy:
            // The array is not bound here: the mutation must find its buffer referenced once.
            return try arrayMutatingMethod(m, &v, method, a, mutable, reason, loc)
        case .randomElement, .contains_, .containsWhere, .allSatisfy_, .firstIndexOf, .lastIndexOf, .firstIndexWhere, .firstWhere, .lastIndexWhere, .lastWhere, .min, .max, .countWhere:
            return try arraySearchMethod(m, v, method, a, loc)
        case .removeFirst_, .removeLast_, .insertContentsOfAt, .replaceSubrangeWith, .removeSubrange_,
             .indexAfter, .indexBefore, .indexOffsetBy, .distanceFromTo:
            return try arrayIndexMethod(&v, method, a, mutable, reason, loc)
        default:
            return try arrayTransformMethod(m, v, method, name, a, loc)
        }
    }

    /// The methods that change the array, in place where its buffer is not shared.
    private func arrayMutatingMethod(_ m: Ctx, _ v: inout Value, _ method: BuiltinMethod, _ a: [Value], _ mutable: Bool,
                                     _ reason: String, _ loc: SourceLocation) throws -> Value? {
        guard case .array(let arr) = v else { return nil }
        switch method {
        case .appendContentsOf:
            try mutatingCheck(mutable, reason, loc)
            let more = try sequenceElements(a[0], loc)
            try reserve(arrayBytes(arr.count &+ more.count), "an array of \(arr.count &+ more.count) elements", at: loc)
            _ = consume arr; _ = v.withArray { $0.append(contentsOf: more) }; return .void
        case .insert_At:
            try mutatingCheck(mutable, reason, loc)
            guard case .int(let i) = a[1] else { throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(a[1]), to: "Int"), at: loc) }
            if i < 0 || i > arr.count { throw RuntimeError(TrapMessage.arrayIndexOutOfRange, at: loc) }
            _ = consume arr; _ = v.withArray { $0.insert(a[0], at: i) }; return .void
        case .removeAt:
            try mutatingCheck(mutable, reason, loc)
            let i = try indexCheck(a[0], arr.count, loc)
            _ = consume arr; return v.withArray { $0.remove(at: i) }!
        case .removeAll:
            try mutatingCheck(mutable, reason, loc)
            v = .array([]); return .void
        case .removeAllWhere:
            try mutatingCheck(mutable, reason, loc)
            let f = try fnArg(a[0], loc)
            var kept: [Value] = []
            for x in arr where !(try boolResult(try call1(m, f, x, loc), loc)) { kept.append(x) }
            v = .array(kept); return .void
        case .removeLast, .removeFirst, .popLast:
            try mutatingCheck(mutable, reason, loc)
            if arr.isEmpty {
                if method == .popLast { return .nilValue }
                throw RuntimeError(TrapMessage.removeFromEmpty(end: method == .removeFirst ? "first" : "last"), at: loc)
            }
            _ = consume arr
            let first = method == .removeFirst
            let r = v.withArray { first ? $0.removeFirst() : $0.removeLast() }!
            return method == .popLast ? .wrapped(r) : r
        case .shuffle:
            try mutatingCheck(mutable, reason, loc)
            _ = consume arr; _ = v.withArray { $0.shuffle() }; return .void
        case .swapAt__:
            try mutatingCheck(mutable, reason, loc)
            let i = try indexCheck(a[0], arr.count, loc), j = try indexCheck(a[1], arr.count, loc)
            _ = consume arr; _ = v.withArray { $0.swapAt(i, j) }; return .void
        case .sort, .sortBy:
            try mutatingCheck(mutable, reason, loc)
            let s = try sortedValues(m, arr.values, by: a.isEmpty ? nil : try fnArg(a[0], loc), loc)
            v = .array(s); return .void
        case .reverse:
            try mutatingCheck(mutable, reason, loc)
            _ = consume arr; _ = v.withArray { $0.reverse() }; return .void
        case .partitionBy:
            try mutatingCheck(mutable, reason, loc)
            var values = arr.values
            _ = consume arr
            let f = try fnArg(a[0], loc)
            let pivot = try values.partition { try boolResult(try call1(m, f, $0, loc), loc) }
            v = .array(values)
            return .int(pivot)
        default: return nil
        }
    }

    /// The methods that find an element, an index, a count or a truth about the elements.
    private func arraySearchMethod(_ m: Ctx, _ v: Value, _ method: BuiltinMethod, _ a: [Value], _ loc: SourceLocation) throws -> Value? {
        guard case .array(let arr) = v else { return nil }
        switch method {
        case .randomElement:
            return arr.randomElement().map { .wrapped($0) } ?? .nilValue
        case .contains_:
            try requireEquatableElement(a[0], method: "contains", on: "Sequence", loc)
            return .bool(arr.contains { self.equal($0, a[0]) })
        case .containsWhere:
            let f = try fnArg(a[0], loc)
            for x in arr where try boolResult(try call1(m, f, x, loc), loc) { return .bool(true) }
            return .bool(false)
        case .allSatisfy_:
            let f = try fnArg(a[0], loc)
            for x in arr where !(try boolResult(try call1(m, f, x, loc), loc)) { return .bool(false) }
            return .bool(true)
        case .firstIndexOf:
            try requireEquatableElement(a[0], method: "firstIndex(of:)", on: "Collection", loc)
            return arr.firstIndex { self.equal($0, a[0]) }.map { .wrapped(.int($0)) } ?? .nilValue
        case .lastIndexOf:
            try requireEquatableElement(a[0], method: "lastIndex(of:)", on: "BidirectionalCollection", loc)
            return arr.lastIndex { self.equal($0, a[0]) }.map { .wrapped(.int($0)) } ?? .nilValue
        case .firstIndexWhere:
            let f = try fnArg(a[0], loc)
            for (i, x) in arr.enumerated() where try boolResult(try call1(m, f, x, loc), loc) { return .wrapped(.int(i)) }
            return .nilValue
        case .firstWhere:
            let f = try fnArg(a[0], loc)
            for x in arr where try boolResult(try call1(m, f, x, loc), loc) { return .wrapped(x) }
            return .nilValue
        case .lastIndexWhere:
            let f = try fnArg(a[0], loc)
            for i in arr.indices.reversed() where try boolResult(try call1(m, f, arr[i], loc), loc) { return .wrapped(.int(i)) }
            return .nilValue
        case .lastWhere:
            let f = try fnArg(a[0], loc)
            for x in arr.reversed() where try boolResult(try call1(m, f, x, loc), loc) { return .wrapped(x) }
            return .nilValue
        case .min, .max:
            guard var best = arr.first else { return .nilValue }
            // A script's `static func <` (a Comparable struct) decides, as in `sorted()`.
            func less(_ a: Value, _ b: Value) throws -> Bool {
                if let r = try customCompare(.less, a, b, loc) { return r }
                guard let lt = lessThan(a, b) else { throw RuntimeError(ConversionMessage.notComparable(typeName(a)), at: loc) }
                return lt
            }
            for x in arr.dropFirst() {
                if method == .min ? try less(x, best) : try less(best, x) { best = x }
            }
            return .wrapped(best)
        case .countWhere:
            let f = try fnArg(a[0], loc)
            var n = 0
            for x in arr where try boolResult(try call1(m, f, x, loc), loc) { n += 1 }
            return .int(n)
        default: return nil
        }
    }

    /// The methods that make a new value of the elements (a mapped, filtered, sorted or sliced array, a joined string).
    private func arrayTransformMethod(_ m: Ctx, _ v: Value, _ method: BuiltinMethod, _ name: String, _ a: [Value],
                                      _ loc: SourceLocation) throws -> Value? {
        guard case .array(let arr) = v else { return nil }
        switch method {
        case .shuffled:
            return .array(arr.shuffled())
        case .prefixUpTo, .prefixThrough, .suffixFrom:
            // `a[..<i]`, `a[...i]`, `a[i...]`, with the subscript's traps.
            guard case .int(let i) = a[0] else { return nil }
            let op: UnaryOperator = method == .prefixUpTo ? .rangeUpTo : method == .prefixThrough ? .rangeThrough : .rangeFrom
            return try sliceSubscript(arr.values, start: 0, .object(PartialRange(op, i)), loc, isSlice: false)
        case .splitSeparator, .splitWhereSeparator, .splitSeparatorMaxSplits, .splitSeparatorOmitting, .splitSeparatorMaxSplitsOmitting,
             .splitMaxSplitsWhereSeparator, .splitOmittingWhereSeparator, .splitMaxSplitsOmittingWhereSeparator:
            return try splitArray(m, arr.values, method, a, loc)
        case .startsWith:
            let prefix = try sequenceElements(a[0], loc)
            if let first = prefix.first { try requireEquatableElement(first, method: "starts(with:)", on: "Sequence", loc) }
            return .bool(prefix.count <= arr.count && zip(arr, prefix).allSatisfy { self.equal($0, $1) })
        case .elementsEqual:
            let other = try sequenceElements(a[0], loc)
            if let first = other.first ?? arr.first { try requireEquatableElement(first, method: "elementsEqual(_:)", on: "Sequence", loc) }
            return .bool(other.count == arr.count && zip(arr, other).allSatisfy { self.equal($0, $1) })
        case .map_:
            let f = try fnArg(a[0], loc)
            var out: [Value] = []
            out.reserveCapacity(arr.count)
            for x in arr { out.append(try call1(m, f, x, loc)) }
            return .array(out)
        case .compactMap_:
            let f = try fnArg(a[0], loc)
            var out: [Value] = []
            for x in arr {
                let r = try call1(m, f, x, loc)
                switch r {
                case .nilValue: continue
                case .wrapped(let w): out.append(w)
                default: out.append(r)
                }
            }
            return .array(out)
        case .flatMap_:
            let f = try fnArg(a[0], loc)
            var out: [Value] = []
            for x in arr { out.append(contentsOf: try sequenceElements(try call1(m, f, x, loc), loc)) }
            return .array(out)
        case .filter_:
            let f = try fnArg(a[0], loc)
            var out: [Value] = []
            for x in arr where try boolResult(try call1(m, f, x, loc), loc) { out.append(x) }
            return .array(out)
        case .forEach_:
            let f = try fnArg(a[0], loc)
            for x in arr { _ = try call1(m, f, x, loc) }
            return .void
        case .reduce__:
            let f = try fnArg(a[1], loc)
            var acc = a[0]
            for x in arr { acc = try callFunction(m, f, [acc, x], loc) }
            return acc
        case .sorted, .sortedBy:
            return .array(try sortedValues(m, arr.values, by: a.isEmpty ? nil : try fnArg(a[0], loc), loc))
        case .reversed: return .object(ReversedCollection(base: v, elements: arr.reversed()))
        case .joined where arr.first.map({ if case .array = $0 { return true }; return false }) == true:
            // `rows.joined()` of an Array of Arrays: a FlattenSequence of the elements,
            // which Swift prints with its base (not made up here).
            var out: [Value] = []
            for x in arr { if case .array(let inner) = x { out.append(contentsOf: inner.values) } }
            let flattened = ArraySliceObject(view: "FlattenSequence<\(typeName(v))>", text: nil, out)
            flattened.isBidirectionalView = true
            return .object(flattened)
        case .joinedSeparator, .joined:
            var sep = ""
            if let s = a.first, let x = Self.stringText(s) { sep = x }
            var out = ""
            for (i, x) in arr.enumerated() {
                if i > 0 { out += sep }
                guard let s = Self.stringText(x) else {
                    // Swift joins sequences of sequences too, into a FlattenSequence (or a
                    // JoinedSequence with a separator): not "requires StringProtocol".
                    if case .array = x { throw RuntimeError(UnsupportedMessage.joinedArrays(method == .joined ? "joined()" : "joined(separator:)"), at: loc) }
                    throw RuntimeError(ConversionMessage.joinedNeedsStringProtocol(typeName(x)), at: loc)
                }
                out += s
            }
            return .string(out)
        case .prefix_, .suffix_, .dropFirst_, .dropLast_, .dropFirst, .dropLast:
            var n = 1
            if let f = a.first, case .int(let k) = f { n = k }
            try negativeLengthCheck(name, n, loc)
            return sliceMethod(method, arr.values, start: 0, n)
        default: return nil
        }
    }

    /// The text of an Array or slice whose elements are all one Character each; nil else.
    private func characters(of v: Value) -> String? {
        let elements: [Value]
        switch v {
        case .array(let a): elements = a.values
        case .object(let s as ArraySliceObject) where s.viewName == nil || s.isCollectionSlice: elements = s.elements
        case .object(let r as ReversedCollection): elements = r.elements
        default: return nil
        }
        var out = ""
        for e in elements {
            guard case .string(let c) = e, c.count == 1 else { return nil }
            out += c
        }
        return out
    }

    /// Foundation's `padding(toLength:withPad:startingAt:)`, which counts UTF-16 units as
    /// NSString does: cut to the length, or filled with the pad repeated from `start`.
    private func padded(_ s: String, toLength n: Int, with pad: String, startingAt start: Int, _ loc: SourceLocation) throws -> String {
        let units = Array(s.utf16), padUnits = Array(pad.utf16)
        if n <= units.count { return String(decoding: units.prefix(max(0, n)), as: UTF16.self) }
        guard !padUnits.isEmpty, start >= 0, start < padUnits.count else {
            throw RuntimeError(TrapMessage.paddingArguments, at: loc)
        }
        var out = units
        var i = start
        while out.count < n { out.append(padUnits[i]); i = (i + 1) % padUnits.count }
        return String(decoding: out, as: UTF16.self)
    }

    /// String's methods; nil when the method is not one of them.
    private func stringMethod(_ m: Ctx, _ v: inout Value, _ method: BuiltinMethod, _ name: String, _ fullName: String, _ a: [Value], _ argc: Int,
                              _ mutable: Bool, _ reason: String, _ loc: SourceLocation) throws -> Value? {
        guard case .string(let s) = v else { return nil }
        switch method {
        case .uppercased: return .string(s.uppercased())
        case .paddingToLength:
            if case .int(let n) = a[0], case .string(let pad) = a[1], case .int(let start) = a[2] {
                return .string(try padded(s, toLength: n, with: pad, startingAt: start, loc))
            }
        case .lowercased: return .string(s.lowercased())
        case .hasPrefix_: if case .string(let p) = a[0] { return .bool(s.hasPrefix(p)) }
        case .hasSuffix_: if case .string(let p) = a[0] { return .bool(s.hasSuffix(p)) }
        case .contains_:
            if case .string(let p) = a[0] {
                // The standard library answers true for an empty String, Foundation's
                // overload (which `import Foundation` or `import UIKit` chooses) false.
                if p.isEmpty { return .bool(!importsFoundation) }
                return .bool(s.contains(p))
            }
        case .splitSeparator, .splitWhereSeparator, .splitSeparatorMaxSplits, .splitSeparatorOmitting, .splitSeparatorMaxSplitsOmitting,
             .splitMaxSplitsWhereSeparator, .splitOmittingWhereSeparator, .splitMaxSplitsOmittingWhereSeparator:
            return try splitString(m, s, method, a, loc)
        case .startsWith: if case .string(let p) = a[0] { return .bool(s.starts(with: p)) }
        // `s.suffix(from: i)`, `s.prefix(upTo: i)`, `s.prefix(through: i)`: `s[i...]`, `s[..<i]`, `s[...i]`.
        case .suffixFrom, .prefixUpTo, .prefixThrough:
            let op: UnaryOperator = method == .suffixFrom ? .rangeFrom : method == .prefixUpTo ? .rangeUpTo : .rangeThrough
            if let r = stringIndexPartialRange(op, a[0]) { return try stringIndexSubscript(s, r, loc) }
        case .uppercasedWith: if case .nilValue = a[0] { return .string(s.uppercased()) }
        case .lowercasedWith: if case .nilValue = a[0] { return .string(Self.rootLowercased(s)) }
        case .capitalizedWith: if case .nilValue = a[0] { return .string(Self.rootTitlecased(s)) }
        case .componentsSeparatedBy:
            if case .string(let p) = a[0], !p.isEmpty {
                var parts: [Value] = []
                var rest = Substring(s)
                while let r = rest.firstRange(of: p) {
                    parts.append(.string(String(rest[..<r.lowerBound])))
                    rest = rest[r.upperBound...]
                }
                parts.append(.string(String(rest)))
                return .array(parts)
            }
        case .append_, .appendContentsOf:
            try mutatingCheck(mutable, reason, loc)
            if case .string(let p) = a[0] {
                try reserve(s.utf8.count &+ p.utf8.count, "a string of \(s.utf8.count &+ p.utf8.count) bytes", at: loc)
                _ = consume s; _ = v.withString { $0 += p }; return .void
            }
        case .reversed: return .object(ReversedCollection(base: v, elements: s.reversed().map { .string(String($0)) }))
        case .map_, .filter_, .forEach_, .containsWhere, .allSatisfy_, .sorted, .enumerated, .compactMap_, .firstWhere, .reduce__:
            var arr = Value.array(s.map { .string(String($0)) })
            for x in a { m.push(x) }
            let r = try callBuiltinMethod(m, &arr, method, name, fullName, argc, false, reason, loc)
            if method == .filter_, case .array(let cs) = r {
                return .string(cs.map { if case .string(let c) = $0 { return c }; return "" }.joined())
            }
            return r
        case .prefix_:
            if case .int(let n) = a[0] { try negativeLengthCheck(name, n, loc); return .object(SubstringObject(base: s, start: 0, text: String(s.prefix(n)))) }
        case .suffix_:
            if case .int(let n) = a[0] {
                try negativeLengthCheck(name, n, loc)
                return .object(SubstringObject(base: s, endingText: String(s.suffix(n))))
            }
        case .removeFirst, .removeLast, .popLast:
            try mutatingCheck(mutable, reason, loc)
            if s.isEmpty {
                if method == .popLast { return .nilValue }
                throw RuntimeError(TrapMessage.removeFromEmpty(end: method == .removeFirst ? "first" : "last"), at: loc)
            }
            let first = method == .removeFirst
            let c = String(first ? s.first! : s.last!)
            _ = consume s
            _ = v.withString { str in if first { _ = str.removeFirst() } else { _ = str.removeLast() } }
            return method == .popLast ? .wrapped(.string(c)) : .string(c)
        case .dropFirst: return .object(SubstringObject(base: s, start: s.isEmpty ? 0 : 1, text: String(s.dropFirst())))
        case .dropLast: return .object(SubstringObject(base: s, start: 0, text: String(s.dropLast())))
        case .insert_At, .insertContentsOfAt, .removeAt:
            return try stringEdit(&v, s, method, a, mutable, reason, loc)
        default: break
        }
        return nil
    }

    /// `insert(_:at:)`, `insert(contentsOf:at:)`, `remove(at:)` of a String at a String.Index
    /// (a position in Characters); nil when the arguments are not those.
    private func stringEdit(_ v: inout Value, _ s: String, _ method: BuiltinMethod, _ a: [Value], _ mutable: Bool, _ reason: String,
                            _ loc: SourceLocation) throws -> Value? {
        let indexArg = method == .removeAt ? a[0] : a[1]
        guard case .object(let i as StringIndexObject) = indexArg else { return nil }
        var chars = Array(s)
        if method == .removeAt {
            try mutatingCheck(mutable, reason, loc)
            guard i.offset >= 0, i.offset < chars.count else { throw RuntimeError(TrapMessage.stringIndexOutOfBounds, at: loc) }
            let c = chars.remove(at: i.offset)
            v = .string(String(chars))
            return .string(String(c))
        }
        guard case .string(let piece) = a[0], method == .insertContentsOfAt || piece.count == 1 else { return nil }
        try mutatingCheck(mutable, reason, loc)
        guard i.offset >= 0, i.offset <= chars.count else { throw RuntimeError(TrapMessage.stringIndexOutOfBounds, at: loc) }
        chars.insert(contentsOf: Array(piece), at: i.offset)
        v = .string(String(chars))
        return .void
    }

    /// Dictionary's methods (the Sequence ones as an Array of its pairs).
    private func dictionaryMethod(_ m: Ctx, _ v: inout Value, _ method: BuiltinMethod, _ name: String, _ fullName: String, _ a: [Value], _ argc: Int,
                                  _ mutable: Bool, _ reason: String, _ loc: SourceLocation) throws -> Value? {
        guard case .dictionary(let d) = v else { return nil }
        switch method {
        case .removeValueForKey:
            try mutatingCheck(mutable, reason, loc)
            _ = consume d; let r = v.withDictionary { $0.removeValue(forKey: a[0]) } ?? nil
            return r.map { .wrapped($0) } ?? .nilValue
        case .updateValue_ForKey:
            try mutatingCheck(mutable, reason, loc)
            _ = consume d; let r = v.withDictionary { $0.updateValue(a[0], forKey: a[1]) } ?? nil
            return r.map { .wrapped($0) } ?? .nilValue
        case .removeAll:
            try mutatingCheck(mutable, reason, loc)
            v = .dictionary([:]); return .void
        case .mapValues_:
            let f = try fnArg(a[0], loc)
            var out: [Value: Value] = [:]
            for (k, x) in d { out[k] = try call1(m, f, x, loc) }
            return .dictionary(out)
        case .compactMapValues_:
            return try compactMapValues(m, d, a[0], loc)
        case .mergeUniquingKeysWith, .mergingUniquingKeysWith:
            guard case .dictionary(let other) = a[0] else { return nil }
            let f = try fnArg(a[1], loc)
            var out = d
            // In the order of the other dictionary's pairs, as Swift merges them.
            for (k, x) in other {
                if let old = out[k] { out[k] = try callFunction(m, f, [old, x], loc) } else { out[k] = x }
            }
            if method == .mergingUniquingKeysWith { return .dictionary(out) }
            try mutatingCheck(mutable, reason, loc)
            _ = consume d
            v = .dictionary(out)
            return .void
        default:
            var arr = Value.array(d.map { .tuple(TupleValue(labels: ["key", "value"], elements: [$0.key, $0.value])) })
            for x in a { m.push(x) }
            let r: Value
            do {
                r = try callBuiltinMethod(m, &arr, method, name, fullName, argc, false, reason, loc)
            } catch let e as RuntimeError {
                // The dictionary lacks it, not the Array of its pairs that answered.
                let absent = (e.diagnostic.content as? RuntimeMessage).map { if case .valueHasNoMember(_, name) = $0 { true } else { false } } ?? false
                guard absent || e.diagnostic.content is StandardMemberMessage, e.diagnostic.location == loc else { throw e }
                throw noSuchMember(v, name, loc)
            }
            // Dictionary's `filter` keeps a Dictionary (Sequence's would be an Array of pairs).
            if method == .filter_, case .array(let pairs) = r {
                var out: [Value: Value] = [:]
                for case .tuple(let t) in pairs where t.elements.count == 2 { out[t.elements[0]] = t.elements[1] }
                return .dictionary(out)
            }
            return r
        }
    }

    /// The arguments of a split call, by the labels its ID names: whether an element
    /// separates, the most splits, whether empty pieces are left out (Swift's defaults:
    /// no limit, left out).
    private func splitArguments(_ m: Ctx, _ method: BuiltinMethod, _ a: [Value], _ loc: SourceLocation)
        throws -> (isSeparator: (Value) throws -> Bool, maxSplits: Int, omitting: Bool)? {
        guard let shape = method.splitShape else { return nil }
        var next = shape.bySeparator ? 1 : 0
        var maxSplits = Int.max, omitting = true
        if shape.maxSplits {
            guard case .int(let n) = a[next] else { return nil }
            maxSplits = n
            next += 1
        }
        if shape.omitting {
            guard case .bool(let b) = a[next] else { return nil }
            omitting = b
        }
        if maxSplits < 0 { throw RuntimeError(TrapMessage.negativeSplits, at: loc) }
        if shape.bySeparator {
            let separator = a[0]
            try requireEquatableElement(separator, method: "split(separator:maxSplits:omittingEmptySubsequences:)", on: "Collection", loc)
            return ({ self.equal($0, separator) }, maxSplits, omitting)
        }
        let f = try fnArg(a[a.count - 1], loc)
        return ({ try self.boolResult(try self.call1(m, f, $0, loc), loc) }, maxSplits, omitting)
    }

    /// The ranges of the pieces Collection's `split` makes of `elements`, in Swift's order
    /// of deciding: after `maxSplits` pieces the rest is one piece, separators and all.
    private func splitRanges(_ elements: [Value], _ isSeparator: (Value) throws -> Bool, maxSplits: Int, omitting: Bool) throws -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        if maxSplits > 0 {
            var i = 0
            while i < elements.count {
                guard try isSeparator(elements[i]) else { i += 1; continue }
                let kept = !(omitting && start == i)
                if kept { pieces.append(start ..< i) }
                i += 1
                start = i
                if kept && pieces.count == maxSplits { break }
            }
        }
        if start != elements.count || !omitting { pieces.append(start ..< elements.count) }
        return pieces
    }

    /// An Array's `split`: ArraySlices keeping the Array's indices.
    private func splitArray(_ m: Ctx, _ arr: [Value], _ method: BuiltinMethod, _ a: [Value], _ loc: SourceLocation) throws -> Value? {
        guard let (isSeparator, maxSplits, omitting) = try splitArguments(m, method, a, loc) else { return nil }
        let pieces = try splitRanges(arr, isSeparator, maxSplits: maxSplits, omitting: omitting)
        return .array(pieces.map { .object(ArraySliceObject(Array(arr[$0]), startIndex: $0.lowerBound)) })
    }

    /// A String's `split`: Substrings. A separator of more than one Character
    /// is _StringProcessing's overload, which splits at each occurrence of the whole text.
    private func splitString(_ m: Ctx, _ s: String, _ method: BuiltinMethod, _ a: [Value], _ loc: SourceLocation) throws -> Value? {
        let characters = s.map { Value.string(String($0)) }
        if method.splitShape?.bySeparator == true, case .string(let p) = a[0], p.count != 1 {
            guard !p.isEmpty, let (_, maxSplits, omitting) = try splitArguments(m, method, a, loc) else { return nil }
            // Each piece's offset counted on from the last one's: one pass over the text.
            var at = s.startIndex, offset = 0
            return .array(splitText(s, at: p, maxSplits: maxSplits, omitting: omitting).map { piece in
                offset += s.distance(from: at, to: piece.startIndex)
                at = piece.startIndex
                return .object(SubstringObject(base: s, start: offset, text: String(piece)))
            })
        }
        guard let (isSeparator, maxSplits, omitting) = try splitArguments(m, method, a, loc) else { return nil }
        let pieces = try splitRanges(characters, isSeparator, maxSplits: maxSplits, omitting: omitting)
        return .array(pieces.map { r in
            .object(SubstringObject(base: s, start: r.lowerBound, text: characters[r].map { if case .string(let c) = $0 { c } else { "" } }.joined()))
        })
    }

    /// The pieces of `s` between the occurrences of `separator` found from the left.
    private func splitText(_ s: String, at separator: String, maxSplits: Int, omitting: Bool) -> [Substring] {
        var pieces: [Substring] = []
        var rest = Substring(s)
        while pieces.count < maxSplits, let r = rest.firstRange(of: separator) {
            let piece = rest[..<r.lowerBound]
            rest = rest[r.upperBound...]
            if !(omitting && piece.isEmpty) { pieces.append(piece) }
        }
        if !(omitting && rest.isEmpty) { pieces.append(rest) }
        return pieces
    }

    /// `prefix(while:)` and `drop(while:)` of a String (a Substring) and of
    /// an Array (an ArraySlice keeping the Array's indices).
    private func whileMethod(_ m: Ctx, _ v: Value, _ method: BuiltinMethod, _ a: [Value], _ loc: SourceLocation) throws -> Value? {
        guard a.count == 1 else { return nil }
        switch v {
        case .string(let s):
            let f = try fnArg(a[0], loc)
            var i = s.startIndex
            var n = 0
            while i < s.endIndex, try boolResult(try call1(m, f, .string(String(s[i])), loc), loc) { i = s.index(after: i); n += 1 }
            if method == .prefixWhile { return .object(SubstringObject(base: s, start: 0, text: String(s[..<i]))) }
            return .object(SubstringObject(base: s, start: n, text: String(s[i...])))
        case .array(let arr):
            let f = try fnArg(a[0], loc)
            var n = 0
            while n < arr.count, try boolResult(try call1(m, f, arr[n], loc), loc) { n += 1 }
            if method == .prefixWhile { return .object(ArraySliceObject(Array(arr[..<n]), startIndex: 0)) }
            return .object(ArraySliceObject(Array(arr[n...]), startIndex: n))
        default: return nil
        }
    }

    // MARK: Subscripts

    /// `keyType`: a dictionary's declared key type, the context of `d[.a(1)]`.
    /// `valueType`: a dictionary's declared value type, the context of a `default:` value
    /// (`prices[k, default: 0]` of a `[String: Double]` is `0.0`).
    func compileSubscriptGet(_ base: @escaping Eval, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation,
                             keyType: RType? = nil, valueType: RType? = nil) -> Eval {
        if args.count == 1 && args[0].label == nil {
            let ie = compileExpr(args[0].value, scope, expected: keyType)
            return { [core = Unretained(self)] m in
                let b = try base(m)
                let i = try ie(m)
                if case .array(let a) = b, case .int(let n) = i {
                    if n < 0 || n >= a.count { throw RuntimeError(TrapMessage.indexOutOfRange, at: loc) }
                    return a[n]
                }
                return try core.object.subscriptValue(b, i, nil, loc)
            }
        }
        if isBuiltinSubscriptShape(args) {
            let ke = compileExpr(args[0].value, scope, expected: keyType), de = compileExpr(args[1].value, scope, expected: valueType)
            return { [core = Unretained(self)] m in
                let b = try base(m)
                let k = try ke(m)
                return try core.object.subscriptValue(b, k, try de(m), loc)
            }
        }
        // `value[keyPath: kp]`: a key path is the closure `{ $0.a.b }` (the parser reads it so).
        if args.count == 1, args[0].label == "keyPath" {
            let ke = compileExpr(args[0].value, scope, expected: nil)
            return { [core = Unretained(self)] m in
                let b = try base(m)
                guard case .function(let f) = try ke(m) else {
                    throw RuntimeError(UnsupportedMessage.keyPathNotLiteral, at: loc)
                }
                return try core.object.call1(m, f, b, loc)
            }
        }
        if declaresSubscripts { return compileUserSubscriptGet(base, args, scope, loc) }
        let labels = args.map { ($0.label ?? "_") + ":" }.joined()
        return { _ in throw RuntimeError(UnsupportedMessage.subscriptForm(labels), at: loc) }
    }

    func subscriptValue(_ b: Value, _ i: Value, _ def: Value?, _ loc: SourceLocation) throws -> Value {
        if case .object(is UnboundedRange) = i, let whole = UnboundedRange.whole(of: b) { return try subscriptValue(b, whole, def, loc) }
        switch b {
        case .array(let a):
            switch i {
            case .int(let n):
                if n < 0 || n >= a.count { throw RuntimeError(TrapMessage.indexOutOfRange, at: loc) }
                return a[n]
            default:
                if let r = try sliceSubscript(a.values, start: 0, i, loc, isSlice: false) { return r }
            }
        case .object(is LazySequenceObject):
            throw RuntimeError(UnsupportedMessage.lazySequenceMember("subscript"), at: loc)
        case .object(let s as ArraySliceObject):
            if let r = try sliceSubscript(s.elements, start: s.startIndex, i, loc, isSlice: s.viewName == nil, view: s.viewName) { return r }
        case .object(let sub as SubstringObject):
            if let r = try substringSubscript(sub, i, loc) { return r }
        case .range(let l, let u, false):
            if let r = try rangeSubscript(l, u, i, loc) { return r }
        case .dictionary(let d):
            if let def { return d[i] ?? def }
            return d[i].map { .wrapped($0) } ?? .nilValue
        case .string(let s):
            if case .int = i {
                // An extension of String may declare the subscript the standard library lacks.
                if declaresSubscripts, let r = try userSubscriptGet(machine, b, [i], [nil], loc) { return r }
                throw RuntimeError(LookupMessage.stringIntSubscriptUnavailable, at: loc)
            }
            if let r = try stringIndexSubscript(s, i, loc) { return r }
        case .box(let bx): return try subscriptValue(bx.value, i, def, loc)
        case .wrapped(let w):
            throw RuntimeError(RuntimeMessage.optionalMustBeUnwrapped(optionalType: typeName(b), member: "subscript", wrappedType: typeName(w)), at: loc)
        default: break
        }
        if declaresSubscripts, let r = try userSubscriptGet(machine, b, def.map { [i, $0] } ?? [i], def == nil ? [nil] : [nil, "default"], loc) {
            return r
        }
        throw RuntimeError(LookupMessage.noSubscripts(type: typeName(b)), at: loc)
    }

    // MARK: Set

    /// `Set<T>`'s own methods; the Sequence methods it shares with Array answer as Array's do.
    func callSetMethod(_ m: Ctx, _ v: inout Value, _ method: BuiltinMethod, _ name: String, _ fullName: String, _ a: [Value],
                       _ mutable: Bool, _ reason: String, _ loc: SourceLocation) throws -> Value {
        // The mutating methods change `v` in place, so nothing else may hold its storage.
        var isDoubles = false
        if case .set(let s) = v, case .double? = s.first { isDoubles = true }
        // An element joins as the set's elements are written (an Int literal into a Set<Double>).
        func element(_ x: Value) -> Value {
            if isDoubles, case .int(let i) = x { return .double(Double(i)) }
            return x
        }
        var st: Set<Value> { v.setValue ?? [] }
        func other() throws -> Set<Value> { Set(try sequenceElements(a[0], loc).map(element)) }
        switch method {
        case .insert_:
            try mutatingCheck(mutable, reason, loc)
            let x = element(a[0])
            let (inserted, member) = v.withSet { $0.insert(x) }!
            return .tuple(TupleValue(labels: ["inserted", "memberAfterInsert"], elements: [.bool(inserted), member]))
        case .remove_:
            try mutatingCheck(mutable, reason, loc)
            return (v.withSet { $0.remove(a[0]) } ?? nil).map { .wrapped($0) } ?? .nilValue
        case .removeAll:
            try mutatingCheck(mutable, reason, loc)
            v = .set([]); return .void
        case .contains_: return .bool(st.contains(a[0]))
        case .union_: return .set(st.union(try other()))
        case .intersection_: return .set(st.intersection(try other()))
        case .subtracting_: return .set(st.subtracting(try other()))
        case .symmetricDifference_: return .set(st.symmetricDifference(try other()))
        case .formUnion_, .formIntersection_, .subtract_, .formSymmetricDifference_:
            try mutatingCheck(mutable, reason, loc)
            let o = try other()
            _ = v.withSet { s in
                switch method {
                case .formUnion_: s.formUnion(o)
                case .formIntersection_: s.formIntersection(o)
                case .subtract_: s.subtract(o)
                default: s.formSymmetricDifference(o)
                }
            }
            return .void
        case .isSubsetOf: return .bool(st.isSubset(of: try other()))
        case .isSupersetOf: return .bool(st.isSuperset(of: try other()))
        case .isStrictSubsetOf: return .bool(st.isStrictSubset(of: try other()))
        case .isStrictSupersetOf: return .bool(st.isStrictSuperset(of: try other()))
        case .isDisjointWith: return .bool(st.isDisjoint(with: try other()))
        case .filter_:
            let f = try fnArg(a[0], loc)
            var out = Set<Value>()
            for x in st where try boolResult(try call1(m, f, x, loc), loc) { out.insert(x) }
            return .set(out)
        case .map_, .compactMap_, .flatMap_, .forEach_, .reduce__, .sorted, .sortedBy,
             .containsWhere, .allSatisfy_, .firstWhere, .min, .max, .joined, .joinedSeparator,
             .countWhere, .enumerated, .minBy, .maxBy:
            var arr = Value.array(Array(st))
            for x in a { m.push(x) }
            return try callBuiltinMethod(m, &arr, method, name, fullName, a.count, false, reason, loc)
        case .dropFirst, .dropFirst_, .dropLast, .dropLast_, .prefix_, .suffix_:
            return try setSlice(m, v, st, method, name, fullName, a, reason, loc)
        default:
            throw RuntimeError(LookupMessage.valueHasNoMember(type: typeName(v), member: name), at: loc)
        }
    }

    /// `s.dropFirst()`: a `Slice<Set<T>>` of the elements in the set's order. Swift prints
    /// one with its hash table's buckets, which differ from run to run, so printing it is
    /// refused by name; its count, elements and Sequence methods are the elements'.
    private func setSlice(_ m: Ctx, _ v: Value, _ st: Set<Value>, _ method: BuiltinMethod, _ name: String, _ fullName: String,
                          _ a: [Value], _ reason: String, _ loc: SourceLocation) throws -> Value {
        var arr = Value.array(Array(st))
        for x in a { m.push(x) }
        let r = try callBuiltinMethod(m, &arr, method, name, fullName, a.count, false, reason, loc)
        guard case .object(let s as ArraySliceObject) = r else { return r }
        let slice = ArraySliceObject(view: "Slice<\(genericTypeName(v) ?? "Set<_>")>", text: nil, s.elements)
        slice.isCollectionSlice = true
        slice.isSequenceOnly = true
        return .object(slice)
    }

    // MARK: ReversedCollection

    /// Swift's generic spelling of a declared type (`Array<Optional<Int>>`), nil when unknown.
    func genericTypeName(of t: RType) -> String? {
        switch t {
        case .int: return "Int"
        case .fixed(let k): return k.name
        case .double: return "Double"
        case .float: return "Float"
        case .bool: return "Bool"
        case .string: return "String"
        case .array(let e): return genericTypeName(of: e).map { "Array<\($0)>" }
        case .set(let e): return genericTypeName(of: e).map { "Set<\($0)>" }
        case .optional(let w): return genericTypeName(of: w).map { "Optional<\($0)>" }
        case .dictionary(let k, let v):
            guard let kn = genericTypeName(of: k), let vn = genericTypeName(of: v) else { return nil }
            return "Dictionary<\(kn), \(vn)>"
        case .user(let s): return s.current?.name
        default: return nil
        }
    }

    /// Whether an expression's strings are Strings by its very spelling: literals (a string
    /// literal is a String unless a context says Character), `String(...)`, and
    /// collections and tuples of those.
    static func holdsNoCharacter(_ e: Expr) -> Bool {
        switch e.kind {
        case .string, .integer, .double, .boolean: return true
        case .array(let xs): return xs.allSatisfy(holdsNoCharacter)
        case .tuple(let xs): return xs.allSatisfy { holdsNoCharacter($0.value) }
        case .dictionary(let xs): return xs.allSatisfy { holdsNoCharacter($0.key) && holdsNoCharacter($0.value) }
        case .call(let f, let a):
            guard case .identifier(let n) = f.kind else { return false }
            if n == "String" { return true }
            return (n == "Set" || n == "Array") && a.count == 1 && holdsNoCharacter(a[0].value)
        default: return false
        }
    }

    /// Whether the value's type may be Character (or hold one), which TableLab does not
    /// tell from String: a one-character string, or a collection or tuple holding one.
    static func mayBeCharacter(_ v: Value) -> Bool {
        switch v {
        case .string(let s): return s.count == 1
        case .array(let a): return a.first.map(mayBeCharacter) ?? false
        case .set(let s): return s.first.map(mayBeCharacter) ?? false
        case .dictionary(let d): return d.first.map { mayBeCharacter($0.key) || mayBeCharacter($0.value) } ?? false
        case .wrapped(let x): return mayBeCharacter(x)
        case .tuple(let t): return t.elements.contains(where: mayBeCharacter)
        case .box(let b): return mayBeCharacter(b.value)
        default: return false
        }
    }

    /// Swift's spelling of a value's type as a generic argument (`Array<Int>`), nil when the
    /// value does not tell (an empty array).
    func genericTypeName(_ v: Value) -> String? {
        switch v {
        case .int: return "Int"
        case .fixed(let f): return f.kind.name
        case .double: return "Double"
        case .float: return "Float"
        case .bool: return "Bool"
        case .string: return "String"
        case .enumCase(let t, _): return types[Int(t)].name
        case .structValue(let s):
            // A generic struct's type arguments, as Swift writes them (`Box<Int>`).
            switch genericArguments(s, qualified: false) {
            case .none: return s.type.name
            case .some(let args?): return s.type.name + args
            case .some(nil): return nil
            }
        case .array(let a): return a.first.flatMap(genericTypeName).map { "Array<\($0)>" }
        case .set(let s): return s.first.flatMap(genericTypeName).map { "Set<\($0)>" }
        case .dictionary(let d):
            guard let (k, x) = d.first, let kn = genericTypeName(k), let xn = genericTypeName(x) else { return nil }
            return "Dictionary<\(kn), \(xn)>"
        case .wrapped(let x): return genericTypeName(x).map { "Optional<\($0)>" }
        case .tuple(let t):
            let names = t.elements.map(genericTypeName)
            if names.contains(where: { $0 == nil }) { return nil }
            return "(" + zip(t.labels ?? Array(repeating: nil, count: names.count), names).map { ($0.0.map { $0 + ": " } ?? "") + $0.1! }.joined(separator: ", ") + ")"
        case .object(let r as ReversedCollection): return (genericTypeName(r.base) ?? r.declaredBaseName).map { "ReversedCollection<\($0)>" }
        case .object(let s as ArraySliceObject):
            // A view of an empty base (`Slice<Set<_>>`) names no type.
            if let kind = s.dictionaryView { return kind.rawValue }
            if let name = s.viewName { return name.contains("<_>") ? nil : name }
            return s.elements.first.flatMap(genericTypeName).map { "ArraySlice<\($0)>" }
        // `LazySequence<Base>`: its base's type is not kept.
        case .object(is LazySequenceObject): return nil
        case .object(let o): return o.typeName
        case .range(_, _, let closed): return closed ? "ClosedRange<Int>" : "Range<Int>"
        case .type(let t): return t.name + ".Type"
        case .void: return "()"
        case .box(let b): return genericTypeName(b.value)
        default: return nil
        }
    }
}

/// What `x.reversed()` gives without an Array context: Swift's lazy view, which prints as
/// `ReversedCollection<String>(_base: "abc")`. Used as a sequence, it is its elements.
final class ReversedCollection: NativeObject {
    let base: Value
    let elements: [Value]
    /// The base's declared type, when the call site knows it (an empty base tells nothing).
    var declaredBaseName: String? = nil
    init(base: Value, elements: [Value]) { self.base = base; self.elements = elements }
    override var typeName: String { "ReversedCollection" }
    override func member(id: HostMemberID) throws -> Value? {
        CollectionMember(rawValue: CollectionMember.table[id]).map { collectionMember($0, of: elements) }
    }
}
