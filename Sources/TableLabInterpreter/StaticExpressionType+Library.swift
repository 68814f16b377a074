// The standard library's members for `:type` (StaticExpressionType.swift), with the types
// Swift declares for them, and Swift's spelling of a type.

import TableLabSyntax

extension StaticTyper {
    /// A property of a standard-library value.
    mutating func builtinMemberType(_ name: String, of base: TypeSyntax) -> TypeSyntax? {
        if let t = TypeRules.standardMember(name, of: Typed(type: base, literal: false)) { return t.type }
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
        if case .type(let t)? = StandardMethodResult(name, labels, on: base) { return t }
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
    /// its initializer's type, which its value keeps (not for nil, an empty collection or a
    /// class's instance).
    mutating func valueType(_ v: Value) -> TypeSyntax? {
        switch v {
        case .int: return Self.int
        case .double: return Self.double
        case .bool: return Self.bool
        case .string: return Self.string
        case .fixed(let f): return .named(f.kind.name)
        case .float: return .named("Float")
        case .enumCase, .payloadCase, .structValue, .range:
            return .named(core.typeName(v))
        // An instance's class may be a subclass of the declared type (`let a = flag ? Dog() as
        // Animal : Cat()` is an Animal holding a Dog): its value does not tell the type.
        case .object, .type(.table): return nil
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
        case .inout(let x): return "inout " + spelling(x)
        case .function(let ps, let r): return "(" + ps.map(spelling).joined(separator: ", ") + ") -> " + spelling(r)
        }
    }
}

/// What a standard-library method gives on a built-in collection, a String or a number, as
/// Swift declares it: the one table `:type` (`StaticTyper.builtinMethodType`) and the
/// numeric check (a chain's `count`) read.
enum StandardMethodResult: Equatable {
    case type(TypeSyntax)
    /// An Array of what the call's closure gives (`map`, `compactMap`, `flatMap`): its
    /// element is the closure's type, which this table does not know.
    case arrayOfClosureResults

    private static let int = TypeSyntax.named("Int"), bool = TypeSyntax.named("Bool")
    private static let string = TypeSyntax.named("String"), void = TypeSyntax.tuple([])

    init?(_ name: String, _ labels: [String?], on base: TypeSyntax) {
        if ["map", "compactMap", "flatMap"].contains(name), labels.count == 1 {
            switch base {
            case .array, .dictionary, .set, .named("String"): self = .arrayOfClosureResults; return
            default: return nil
            }
        }
        let all = labels.map { $0 ?? "_" }.joined(separator: ":")
        let result: TypeSyntax?
        switch base {
        case .array(let e): result = Self.array(name, labels, e)
        case .dictionary(let k, let v): result = Self.dictionary(name, base, k, v)
        case .set(let e): result = Self.set(name, base, e)
        case .named("String"): result = Self.string(name)
        case .named("Int"), .named("Double"):
            switch name {
            case "isMultiple": result = Self.bool
            case "distance" where all == "to", "advanced", "rounded", "squareRoot": result = base
            default: result = nil
            }
        default: result = nil
        }
        guard let result else { return nil }
        self = .type(result)
    }

    /// Whether the result has a `count` that is an Int (a collection or a String).
    var countIsInt: Bool {
        switch self {
        case .arrayOfClosureResults, .type(.array), .type(.dictionary), .type(.set), .type(.named("String")): return true
        case .type(.named(let n)):
            return n == "Substring" || ["ArraySlice<", "Slice<", "ReversedCollection<"].contains { n.hasPrefix($0) }
        default: return false
        }
    }

    private static func array(_ name: String, _ labels: [String?], _ e: TypeSyntax) -> TypeSyntax? {
        switch name {
        case "append", "insert", "removeAll", "sort", "reverse", "swapAt", "shuffle", "removeSubrange": return void
        case "removeFirst" where !labels.isEmpty, "removeLast" where !labels.isEmpty: return void
        case "removeFirst", "removeLast", "remove": return e
        case "popLast", "first", "last", "randomElement", "max", "min": return .optional(e)
        case "firstIndex", "lastIndex": return .optional(int)
        case "contains", "allSatisfy", "elementsEqual", "starts": return bool
        case "sorted", "filter", "shuffled": return .array(e)
        case "reversed": return .named("ReversedCollection<[\(StaticTyper.spelling(e))]>")
        case "enumerated": return .named("EnumeratedSequence<[\(StaticTyper.spelling(e))]>")
        case "prefix", "suffix", "dropFirst", "dropLast": return .named("ArraySlice<\(StaticTyper.spelling(e))>")
        case "split": return .array(.named("ArraySlice<\(StaticTyper.spelling(e))>"))
        case "joined" where e == string: return string
        case "count": return int
        default: return nil
        }
    }

    private static func dictionary(_ name: String, _ base: TypeSyntax, _ k: TypeSyntax, _ v: TypeSyntax) -> TypeSyntax? {
        let spelt = "Dictionary<\(StaticTyper.spelling(k)), \(StaticTyper.spelling(v))>"
        switch name {
        case "removeValue", "updateValue": return .optional(v)
        case "removeAll", "merge": return void
        case "index": return .optional(.named(spelt + ".Index"))
        case "filter": return base
        case "contains": return bool
        case "sorted", "shuffled", "reversed": return .array(.tuple([.labelled("key", k), .labelled("value", v)]))
        case "prefix", "suffix", "dropFirst", "dropLast": return .named("Slice<\(spelt)>")
        default: return nil
        }
    }

    private static func set(_ name: String, _ base: TypeSyntax, _ e: TypeSyntax) -> TypeSyntax? {
        switch name {
        case "contains", "isSubset", "isSuperset", "isDisjoint": return bool
        case "remove": return .optional(e)
        case "insert": return .tuple([.labelled("inserted", bool), .labelled("memberAfterInsert", e)])
        case "union", "intersection", "subtracting", "symmetricDifference", "filter": return base
        case "sorted", "shuffled", "reversed": return .array(e)
        case "prefix", "suffix", "dropFirst", "dropLast": return .named("Slice<Set<\(StaticTyper.spelling(e))>>")
        case "removeAll", "formUnion", "formIntersection", "subtract": return void
        default: return nil
        }
    }

    private static func string(_ name: String) -> TypeSyntax? {
        switch name {
        case "uppercased", "lowercased", "capitalized", "trimmingCharacters", "replacingOccurrences", "appending",
             "padding", "filter":
            return string
        case "hasPrefix", "hasSuffix", "contains", "isEmpty", "starts": return bool
        case "components": return .array(string)
        case "split": return .array(.named("Substring"))
        case "sorted", "shuffled": return .array(.named("Character"))
        case "append", "insert", "removeAll": return void
        case "reversed": return .named("ReversedCollection<String>")
        case "prefix", "suffix", "dropFirst", "dropLast": return .named("Substring")
        default: return nil
        }
    }
}
