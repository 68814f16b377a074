// The standard library's members for `:type` (StaticExpressionType.swift), with the types
// Swift declares for them, and Swift's spelling of a type.

import TableLabSyntax

extension StaticTyper {
    /// A property of a standard-library value.
    mutating func builtinMemberType(_ name: String, of base: TypeSyntax) -> TypeSyntax? {
        switch (name, base) {
        case ("count", _), ("startIndex", .array), ("endIndex", .array): return Self.int
        case ("isEmpty", _): return Self.bool
        case ("description", _), ("debugDescription", _): return Self.string
        case ("first", .array(let e)), ("last", .array(let e)), ("randomElement", .array(let e)): return .optional(e)
        case ("indices", .array): return .named("Range<Int>")
        case ("first", .named("String")), ("last", .named("String")): return .optional(.named("Character"))
        case ("keys", .dictionary(let k, let v)): return .named("Dictionary<\(Self.spelling(k)), \(Self.spelling(v))>.Keys")
        case ("values", .dictionary(let k, let v)): return .named("Dictionary<\(Self.spelling(k)), \(Self.spelling(v))>.Values")
        case ("first", .set(let e)): return .optional(e)
        case ("lowerBound", .named(let n)), ("upperBound", .named(let n)):
            if let open = n.firstIndex(of: "<"), n.hasSuffix(">") { return .named(String(n[n.index(after: open)..<n.index(before: n.endIndex)])) }
        case ("magnitude", .named("Int")): return .named("UInt")
        case ("isZero", _), ("isNaN", _): return Self.bool
        case ("hashValue", _): return Self.int
        default: break
        }
        if let t = hostMemberType(name, of: base) { return t }
        return unknown("'\(name)' of '\(Self.spelling(base))' is not a member :type knows the declaration of")
    }

    /// A host type's property, or a method's result (by its full name), as the host's catalogue gives it.
    func hostMemberType(_ name: String, of base: TypeSyntax) -> TypeSyntax? {
        guard case .named(let n) = base, let catalogue = core.hosting.memberCatalogue?(n) else { return nil }
        return catalogue.types[name]
    }

    /// The result of a standard-library method.
    mutating func builtinMethodType(_ name: String, _ labels: [String?], on base: TypeSyntax) -> TypeSyntax? {
        if let t = hostMemberType(name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")", of: base) { return t }
        let all = labels.map { $0 ?? "_" }.joined(separator: ":")
        switch base {
        case .array(let e):
            switch name {
            case "append", "insert", "removeAll", "sort", "reverse", "swapAt", "shuffle", "removeSubrange":
                return Self.void
            case "removeFirst" where !labels.isEmpty, "removeLast" where !labels.isEmpty: return Self.void
            case "removeFirst", "removeLast", "remove": return e
            case "popLast", "first", "last", "randomElement", "max", "min": return .optional(e)
            case "firstIndex", "lastIndex": return .optional(Self.int)
            case "contains", "allSatisfy", "elementsEqual", "starts": return Self.bool
            case "sorted", "filter", "shuffled": return .array(e)
            case "reversed": return .named("ReversedCollection<[\(Self.spelling(e))]>")
            case "enumerated": return .named("EnumeratedSequence<[\(Self.spelling(e))]>")
            case "prefix", "suffix", "dropFirst", "dropLast": return .named("ArraySlice<\(Self.spelling(e))>")
            case "split": return .array(.named("ArraySlice<\(Self.spelling(e))>"))
            case "joined" where e == Self.string: return Self.string
            case "count": return Self.int
            default: break
            }
        case .dictionary(let k, let v):
            switch name {
            case "removeValue", "updateValue": return .optional(v)
            case "removeAll", "merge": return Self.void
            case "index": return .optional(.named("Dictionary<\(Self.spelling(k)), \(Self.spelling(v))>.Index"))
            case "filter": return base
            case "contains": return Self.bool
            default: break
            }
        case .set(let e):
            switch name {
            case "contains", "isSubset", "isSuperset", "isDisjoint": return Self.bool
            case "remove": return .optional(e)
            case "insert": return .tuple([.labelled("inserted", Self.bool), .labelled("memberAfterInsert", e)])
            case "union", "intersection", "subtracting", "symmetricDifference", "filter": return base
            case "sorted": return .array(e)
            case "removeAll", "formUnion", "formIntersection", "subtract": return Self.void
            default: break
            }
        case .named("String"):
            switch name {
            case "uppercased", "lowercased", "capitalized", "trimmingCharacters", "replacingOccurrences", "appending",
                 "padding":
                return Self.string
            case "hasPrefix", "hasSuffix", "contains", "isEmpty", "starts": return Self.bool
            case "components": return .array(Self.string)
            case "split": return .array(.named("Substring"))
            case "append", "insert", "removeAll": return Self.void
            case "reversed": return .named("ReversedCollection<String>")
            case "prefix", "suffix", "dropFirst", "dropLast": return .named("Substring")
            default: break
            }
        case .named("Int"), .named("Double"):
            switch name {
            case "isMultiple": return Self.bool
            case "distance" where all == "to", "advanced", "rounded", "squareRoot": return base
            default: break
            }
        default: break
        }
        return unknown("'\(name)(\(labels.map { ($0 ?? "_") + ":" }.joined()))' of '\(Self.spelling(base))' is a call :type does not know the result of")
    }

    // MARK: Types from values and annotations

    /// An annotation's type as written.
    static func syntax(_ t: RType) -> TypeSyntax? {
        switch t {
        case .any: return .named("Any")
        case .int: return int
        case .double: return double
        case .bool: return bool
        case .string: return string
        case .void: return void
        case .fixed(let k): return .named(k.name)
        case .float: return .named("Float")
        case .array(let e): return syntax(e).map { .array($0) }
        case .set(let e): return syntax(e).map { .set($0) }
        case .dictionary(let k, let v):
            guard let ks = syntax(k), let vs = syntax(v) else { return nil }
            return .dictionary(key: ks, value: vs)
        case .optional(let w): return syntax(w).map { .optional($0) }
        case .tuple(let ts):
            let xs = ts.compactMap(syntax)
            return xs.count == ts.count ? .tuple(xs) : nil
        case .labelledTuple(let ls, let ts):
            let xs = ts.compactMap(syntax)
            guard xs.count == ts.count else { return nil }
            return .tuple(zip(ls, xs).map { l, x in l.map { .labelled($0, x) } ?? x })
        case .function, .generic: return nil
        case .user(let s): return .named(s.name)
        case .external(let n): return .named(n)
        case .conforming(let n): return .named(n.contains("&") ? "any \(n)" : n)
        }
    }

    /// The type a stored value shows, where that is certain: an unannotated variable has
    /// its initializer's type, which its value keeps (not for nil or an empty collection).
    mutating func valueType(_ v: Value) -> TypeSyntax? {
        switch v {
        case .int: return Self.int
        case .double: return Self.double
        case .bool: return Self.bool
        case .string: return Self.string
        case .fixed(let f): return .named(f.kind.name)
        case .float: return .named("Float")
        case .enumCase, .payloadCase, .structValue, .object, .range:
            return .named(core.typeName(v))
        case .type(.table(let inst)) where inst.type.kind == .class: return .named(inst.type.name)
        case .array(let a):
            guard let first = a.first, let t = valueType(first) else { return nil }
            return a.dropFirst().allSatisfy({ core.typeName($0) == core.typeName(first) }) ? .array(t) : nil
        case .dictionary(let d):
            guard let (k, x) = d.first, let kt = valueType(k), let xt = valueType(x) else { return nil }
            return .dictionary(key: kt, value: xt)
        case .set(let s):
            guard let first = s.first, let t = valueType(first) else { return nil }
            return .set(t)
        case .wrapped(let w): return valueType(w).map { .optional($0) }
        case .tuple(let t):
            var out: [TypeSyntax] = []
            for (i, x) in t.elements.enumerated() {
                guard let xt = valueType(x) else { return nil }
                out.append(t.labels?[i].map { .labelled($0, xt) } ?? xt)
            }
            return .tuple(out)
        case .void: return Self.void
        default: return nil
        }
    }

    /// Swift's spelling of a type, as swiftc prints it in its messages (`[String : Int]`).
    static func spelling(_ t: TypeSyntax) -> String {
        switch t {
        case .named(let n): return n
        case .array(let e): return "[\(spelling(e))]"
        case .dictionary(let k, let v): return "[\(spelling(k)) : \(spelling(v))]"
        case .set(let e): return "Set<\(spelling(e))>"
        case .optional(let w):
            if case .function = w { return "(\(spelling(w)))?" }
            return spelling(w) + "?"
        case .tuple(let ts): return "(" + ts.map(spelling).joined(separator: ", ") + ")"
        case .labelled(let l, let x): return "\(l): \(spelling(x))"
        case .function(let ps, let r): return "(" + ps.map(spelling).joined(separator: ", ") + ") -> " + spelling(r)
        }
    }
}
