// The checker's view of a switch subject's type.

import TableLabSyntax

/// The type a switch subject has, as far as the exhaustiveness checker needs to know it.
///
/// Enums carry their case names in declaration order (the order swiftc lists missing
/// cases in). `open` stands for every type whose values cannot be enumerated: Int,
/// Double, String, structs, arrays. Switching over one needs a catch-all.
public indirect enum SubjectType: Hashable, Sendable, CustomStringConvertible {
    case enumeration(name: String, cases: [String])
    case bool
    case optional(SubjectType)
    case tuple([SubjectType])
    case open(name: String)

    /// Swift's spelling of the type, as used in diagnostics: `Item`, `Item?`, `(Bool, Int)`.
    public var description: String {
        switch self {
        case .enumeration(let name, _): return name
        case .bool: return "Bool"
        case .optional(let wrapped): return "\(wrapped)?"
        case .tuple(let elements): return "(" + elements.map(\.description).joined(separator: ", ") + ")"
        case .open(let name): return name
        }
    }

    // Hashing and equality by name keep a 10,000-case enum cheap to compare: a script
    // has one enum per name at a time (a redefinition makes a new subject type anyway).
    public static func == (lhs: SubjectType, rhs: SubjectType) -> Bool {
        switch (lhs, rhs) {
        case (.enumeration(let a, let ca), .enumeration(let b, let cb)): return a == b && ca == cb
        case (.bool, .bool): return true
        case (.optional(let a), .optional(let b)): return a == b
        case (.tuple(let a), .tuple(let b)): return a == b
        case (.open(let a), .open(let b)): return a == b
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .enumeration(let name, let cases): hasher.combine(0); hasher.combine(name); hasher.combine(cases.count)
        case .bool: hasher.combine(1)
        case .optional(let w): hasher.combine(2); hasher.combine(w)
        case .tuple(let ts): hasher.combine(3); hasher.combine(ts)
        case .open(let name): hasher.combine(4); hasher.combine(name)
        }
    }
}

extension SubjectType {
    /// The checker's view of an annotation: `Item` (an enum, via `enumCases`), `Bool`,
    /// `Item?`, `(SectionType, Bool)`; every other type is open (`Int`, `[Item]`, structs).
    public init(_ syntax: TypeSyntax, enumCases: (String) -> [String]?) {
        switch syntax {
        case .named("Bool"): self = .bool
        case .named(let n):
            if let cases = enumCases(n) { self = .enumeration(name: n, cases: cases) } else { self = .open(name: n) }
        case .optional(let w): self = .optional(SubjectType(w, enumCases: enumCases))
        case .labelled(_, let t): self = SubjectType(t, enumCases: enumCases)
        case .tuple(let ts) where ts.count == 1: self = SubjectType(ts[0], enumCases: enumCases)
        case .tuple(let ts) where ts.count > 1: self = .tuple(ts.map { SubjectType($0, enumCases: enumCases) })
        default: self = .open(name: syntax.description)
        }
    }
}
