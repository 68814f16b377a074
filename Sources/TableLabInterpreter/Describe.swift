// Swift's print formatting. What a program prints (`describeChecked`: print, debugPrint,
// interpolation, String(describing:) and String(reflecting:)) is Swift's text, script types
// qualified by the module inside collections (`[main.Item.a]`, QualifiedNames.swift); the
// session's echo and TableLab's own messages keep SPEC §2.2's short display (`[.a]`).

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    func describe(_ v: Value, debug: Bool) -> String {
        var out = ""
        describe(v, debug: debug, into: &out)
        return out
    }

    /// Deeper than this, `describe` stops with an error instead of going on: one nested
    /// call per level of a value built a level at a time in a loop (`l = .cons(l)`, a
    /// million deep) overflowed the native stack (issue 17).
    static let describeDepthLimit = 10_000

    func describe(_ v: Value, debug: Bool, into out: inout String) {
        describeDepth += 1
        defer { describeDepth -= 1 }
        if describeDepth > Self.describeDepthLimit {
            if pendingDescribeError == nil {
                pendingDescribeError = RuntimeError(LimitMessage.printDepth(Self.describeDepthLimit), at: .unknown)
            }
            out += "..."
            return
        }
        switch v {
        case .int(let i): out += String(i)
        case .fixed(let f): out += f.description
        // print and interpolation write a number as `write(to:)` does, its debugDescription:
        // a NaN keeps its sign (`-nan`, what 0.0 / 0.0 gives on x86), where `description` drops it.
        case .double(let d): out += d.debugDescription
        case .float(let f): out += f.debugDescription
        case .bool(let b): out += b ? "true" : "false"
        case .string(let s):
            if debug { out += s.debugDescription } else { out += s }
        case .enumCase(let t, let c):
            if isStaleType(t) { noteStaleDescribed(v) }
            if let text = customDescription(v, debug: debug) { out += text; return }
            if debug { out += qualifiesTypeNames ? qualifiedTypeName(types[Int(t)]) + "." : "." }
            out += types[Int(t)].caseNames[Int(c)]
        case .payloadCase(let p):
            if isStaleType(p.typeID) { noteStaleDescribed(v) }
            if let text = customDescription(v, debug: debug) { out += text; return }
            describePayloadCase(p, debug: debug, into: &out)
        case .array(let a):
            if !unorderedArrays.isEmpty, let kind = unorderedArrayKind(a) { unorderedDescribed = kind }
            out += "["
            describeElements(a, into: &out)
            out += "]"
        case .set(let s):
            if s.count > 1 { unorderedDescribed = .set }
            // Inside a collection or a struct, Swift writes a set as `Set([1, 2])`.
            out += debug ? "Set([" : "["
            describeElements(s, into: &out)
            out += debug ? "])" : "]"
        case .dictionary(let d):
            describeDictionary(d, into: &out)
        case .structValue(let s):
            describeStruct(s, v, debug: debug, into: &out)
        case .tuple(let t):
            out += "("
            for (i, e) in t.elements.enumerated() {
                if i > 0 { out += ", " }
                if let l = t.labels?[i] { out += l + ": " }
                describe(e, debug: true, into: &out)
            }
            out += ")"
        case .wrapped(let x):
            out += "Optional("
            describe(x, debug: true, into: &out)
            out += ")"
        case .nilValue: out += "nil"
        case .range(let l, let u, let c):
            // Inside a collection or an Optional, Swift names the type: `ClosedRange(1...3)`.
            let text = "\(l)\(c ? "..." : "..<")\(u)"
            out += debug ? (c ? "ClosedRange(" : "Range(") + text + ")" : text
        case .function: out += "(Function)"
        case .type(.table(let inst)) where inst.type.kind == .class:
            if let text = customDescription(v, debug: debug) { out += text; return }
            // A subclass of a host class prints as its superclass does (an address, for
            // UIKit's and NSObject's), unless it gives its own description.
            if pendingDescribeError == nil, hostClassName(inst.type) != nil {
                let name = moduleName(of: inst.type) + "." + inst.type.displayName
                let refusal = hostBase(inst).flatMap { hosting.undescribable?($0, name) } ?? UnsupportedMessage.printingObjectAddress(name)
                pendingDescribeError = RuntimeError(refusal, at: .unknown)
            }
            // An Objective-C object that gives no description of its own prints its address.
            if pendingDescribeError == nil, inst.type.computed["description"] == nil, hostBase(inst) == nil,
               hostDescribesByDescription(inst.type) {
                pendingDescribeError = RuntimeError(UnsupportedMessage.printingObjectAddress(moduleName(of: inst.type) + "." + inst.type.displayName), at: .unknown)
            }
            // Swift writes a generic class's type arguments (`main.Store<Swift.Int>`), which an
            // instance here does not keep.
            if pendingDescribeError == nil, protocols.genericParameters[inst.type.id] != nil,
               inst.type.classInfo?.conformances.contains("CustomStringConvertible") != true {
                pendingDescribeError = RuntimeError(UnsupportedMessage.printingGenericClass(inst.type.name), at: .unknown)
            }
            out += describeInstance(inst)
        case .type(let t):
            // A generic script type's metatype carries no type arguments (`type(of: store)` of a
            // generic class, `Self.self` in its code); Swift writes them.
            if pendingDescribeError == nil, case .enumType(let u) = t, protocols.genericParameters[u.id] != nil {
                pendingDescribeError = RuntimeError(UnsupportedMessage.printingGenericMetatype(u.displayName), at: .unknown)
            }
            if pendingDescribeError == nil, case .structType(let u) = t, protocols.genericParameters[u.id] != nil {
                pendingDescribeError = RuntimeError(UnsupportedMessage.printingGenericMetatype(u.displayName), at: .unknown)
            }
            out += debug && qualifiesTypeNames ? qualifiedMetatypeName(t) : LocalTypeNames.display(t.name)
        case .object(let o): describeObject(o, debug: debug, into: &out)
        case .void: out += "()"
        case .box(let b): describe(b.value, debug: debug, into: &out)
        }
    }

    /// The elements of an array or a set, as Swift writes them inside a collection.
    private func describeElements<C: Collection<Value>>(_ elements: C, into out: inout String) {
        var first = true
        for e in elements {
            if !first { out += ", " }
            first = false
            describe(e, debug: true, into: &out)
        }
    }

    private func describeDictionary(_ d: ValueDictionary, into out: inout String) {
        if d.isEmpty { out += "[:]"; return }
        if d.count > 1 { unorderedDescribed = .dictionary }
        out += "["
        var first = true
        for (k, e) in d {
            if !first { out += ", " }
            first = false
            describe(k, debug: true, into: &out)
            out += ": "
            describe(e, debug: true, into: &out)
        }
        out += "]"
    }

    /// A struct: its own or a host's description, else `Name(field: value, ...)`.
    private func describeStruct(_ s: StructValue, _ v: Value, debug: Bool, into out: inout String) {
        if let hosted = hostedDescription(s, debug: debug) { out += hosted; return }
        if let text = customDescription(v, debug: debug) { out += text; return }
        // A built-in stand-in for a library type (UIListContentConfiguration) has fields of
        // TableLab's own: Swift's text for it is not that of a script struct.
        if qualifiesTypeNames, s.type.isBuiltin, hosting.printedModules[ObjectIdentifier(s.type)] == nil, pendingDescribeError == nil {
            pendingDescribeError = RuntimeError(UnsupportedMessage.printingType(s.type.name), at: .unknown)
        }
        out += debug && qualifiesTypeNames ? qualifiedTypeName(s.type) : s.type.displayName
        switch genericArguments(s, qualified: qualifiesTypeNames ? debug : nil) {
        case .none: break
        case .some(let args?): out += args
        case .some(nil): undescribable = "a value of generic type '\(s.type.name)' whose stored properties do not tell its type arguments"
        }
        out += "("
        for (i, f) in s.fields.enumerated() {
            if i > 0 { out += ", " }
            out += s.type.fieldNames[i] + ": "
            describe(f, debug: true, into: &out)
        }
        out += ")"
    }

    private func describeObject(_ o: NativeObject, debug: Bool, into out: inout String) {
        switch o {
        case let sub as SubstringObject:
            out += debug ? sub.text.debugDescription : sub.text
        case let r as DoubleRange:
            // As an Int range: inside a collection or an Optional, Swift names the type.
            out += debug ? r.rangeName + "(" + r.textDescription + ")" : r.textDescription
        case let r as ReversedCollection:
            guard let base = genericTypeName(r.base) ?? r.declaredBaseName else {
                undescribable = "a ReversedCollection of an empty array"
                out += "ReversedCollection<Array<_>>(_base: [])"
                return
            }
            let qualified = debug && qualifiesTypeNames ? genericArgumentSpelling(r.base, qualified: true) : nil
            out += qualified.map { "Swift.ReversedCollection<\($0)>(_base: " } ?? "ReversedCollection<\(base)>(_base: "
            describe(r.base, debug: true, into: &out)
            out += ")"
        case is LazySequenceObject:
            undescribable = "a lazy sequence"
            out += o.typeName
        case let s as ArraySliceObject:
            if let kind = s.unordered { unorderedDescribed = kind }
            if let e = s.enumerated {
                describeEnumerated(e, debug: debug && qualifiesTypeNames, into: &out)
                return
            }
            if let kind = s.dictionaryView {
                if debug { out += "Dictionary.\(kind.rawValue)(" }
                describe(.array(s.elements), debug: debug, into: &out)
                if debug { out += ")" }
                return
            }
            guard let name = s.viewName else {
                // Inside a collection, and in `debugPrint`, Swift names the slice (it printed an Array).
                if debug { out += "ArraySlice(" }
                describe(.array(s.elements), debug: debug, into: &out)
                if debug { out += ")" }
                return
            }
            if debug, qualifiesTypeNames, let text = s.viewDebugText { out += text; return }
            if let text = s.viewText { out += text; return }
            if s.isCollectionSlice, pendingDescribeError == nil {
                pendingDescribeError = RuntimeError(UnsupportedMessage.printingSliceIndices(name), at: .unknown)
            } else {
                undescribable = "a '\(name)'"
            }
            out += name
        case let e as HostEnumValue:
            // Inside a collection or a struct Swift writes the C type's module, `__C`.
            out += debug ? "__C." + e.cTypeName : e.cTypeName
        default:
            if o is StringIndexObject || o is StringIndexRange { noteIndexDescribed(o) }
            if pendingDescribeError == nil, let refusal = hosting.undescribable?(o, nil) {
                pendingDescribeError = RuntimeError(refusal, at: .unknown)
            }
            out += o.textDescription
        }
    }

    /// `describe`, or an error when the text would need a type the values do not tell
    /// (Swift prints `ReversedCollection<Array<Int>>` even for an empty array).
    func describeChecked(_ v: Value, debug: Bool, into out: inout String, _ loc: SourceLocation) throws {
        let wasQualifying = qualifiesTypeNames
        qualifiesTypeNames = true
        unorderedDescribed = nil
        describe(v, debug: debug, into: &out)
        qualifiesTypeNames = wasQualifying
        warnUnorderedOutput(loc)
        if var e = pendingDescribeError {
            pendingDescribeError = nil
            undescribable = nil
            if e.diagnostic.location == .unknown { e.diagnostic.location = loc }
            throw e
        }
        if let what = undescribable {
            undescribable = nil
            throw RuntimeError(UnsupportedMessage.printing(what), at: loc)
        }
    }

    /// Swift's spelling of a value's type, for diagnostics.
    func typeName(_ v: Value) -> String {
        switch v {
        case .int: return "Int"
        case .fixed(let f): return f.kind.name
        case .double: return "Double"
        case .float: return "Float"
        case .bool: return "Bool"
        case .string: return "String"
        case .enumCase(let t, _): return types[Int(t)].name
        case .payloadCase(let p): return types[Int(p.typeID)].name
        case .array(let a): return "[\(a.first.map { typeName($0) } ?? "Any")]"
        case .set(let s): return "Set<\(s.first.map { typeName($0) } ?? "AnyHashable")>"
        case .dictionary(let d):
            if let (k, e) = d.first { return "[\(typeName(k)) : \(typeName(e))]" }
            return "[AnyHashable : Any]"
        case .structValue(let s):
            if case .some(let args?) = genericArguments(s) { return s.type.name + args }
            return s.type.name
        case .tuple(let t): return "(" + t.elements.map { typeName($0) }.joined(separator: ", ") + ")"
        case .wrapped(let x): return typeName(x) + "?"
        case .nilValue: return "Optional<Any>"
        case .range(_, _, let c): return c ? "ClosedRange<Int>" : "Range<Int>"
        case .function(let f): return functionTypeSpelling(f) ?? "function"
        case .type(.table(let inst)) where inst.type.kind == .class: return inst.type.name
        case .type(let t): return t.name + ".Type"
        case .object(let o): return o.typeName
        case .void: return "()"
        case .box(let b): return typeName(b.value)
        }
    }
}
