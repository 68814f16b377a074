// A Character is a one-character String in TableLab, and a CGFloat is a Double (one value
// case each), so a checked cast cannot tell them apart from the value: `Character("a")` in
// an `[Any]` matched `as? String`, `(CGFloat(1) as Any) is Double` was true, and
// `("hello" as Any) is Character` was true, where Swift answers the other way. Where the
// value does not tell, the cast is refused by name; where it does (a String of other than
// one Character is no Character), it fails as Swift's does.

import TableLabSyntax

/// The type a checked cast (`is`, `as?`, `as!`, a `case ... as T` pattern) names, when it
/// is one of a pair TableLab holds as one value.
enum SameValueCastTarget {
    case character, string, double, cgFloat

    var name: String {
        switch self {
        case .character: return "Character"
        case .string: return "String"
        case .double: return "Double"
        case .cgFloat: return "CGFloat"
        }
    }
}

extension InterpreterCore {
    /// The pair a cast's written type names (through Optionals), nil for any other type, a
    /// script's own type of that name, or Double in a file that never names CGFloat (no
    /// value there is one).
    func sameValueCastTarget(_ t: TypeSyntax) -> SameValueCastTarget? {
        var t = t
        while case .optional(let w) = t { t = w }
        guard case .named(let n) = t, userType(n) == nil else { return nil }
        switch n {
        case "Character": return .character
        // Where the file never names Character a one-character value is taken for a String
        // (refusing every `x as? String` of "M" in a `[String: Any]` would refuse what Swift
        // matches); a Character made without the name (`text.first!` as Any) is not seen.
        case "String": return currentFile?.mentions("Character") == true ? .string : nil
        case "CGFloat": return .cgFloat
        case "Double", "TimeInterval": return currentFile?.mentions("CGFloat") == true ? .double : nil
        default: return nil
        }
    }

    /// Whether `value` may be cast to `target` as far as the pair goes: false when it cannot
    /// be (a String of two Characters is no Character); throws where the value does not tell.
    func sameValueCastAllows(_ value: Value, _ target: SameValueCastTarget, _ loc: SourceLocation) throws -> Bool {
        var v = value.unboxed
        while case .wrapped(let w) = v { v = w }
        switch (target, v) {
        case (.character, .string(let s)), (.string, .string(let s)):
            guard s.count == 1 else { return target == .string }
            throw RuntimeError(UnsupportedMessage.castOfCharacter(value: describe(v, debug: true), type: target.name), at: loc)
        case (.double, .double), (.cgFloat, .double):
            throw RuntimeError(UnsupportedMessage.castOfCGFloat(value: describe(v, debug: true), type: target.name), at: loc)
        default:
            return true
        }
    }

    /// What a checked cast gives when the value is not of the type.
    func failedCast(_ v: Value, to rt: RType, _ kind: CastKind, _ loc: SourceLocation) throws -> Value {
        switch kind {
        case .is: return .bool(false)
        case .conditional: return .nilValue
        case .as, .forced:
            var x = v
            while case .wrapped(let w) = x { x = w }
            throw RuntimeError(TrapMessage.castFailed(type: castTypeName(x), to: castTypeName(rt)), at: loc)
        }
    }
}

extension InterpreterCore {
    /// `String(x)` of a NaN is its `description`, `nan` whatever its sign; so is
    /// `String(describing: x)` where `x` is declared a Double, but of an `Any` it is what
    /// print writes (`-nan`). The value does not tell which: a NaN print would write
    /// otherwise is refused there. Nil for any other value.
    func nanDescription(_ x: Value, describing: Bool, _ loc: SourceLocation) throws -> String? {
        let plain: String, written: String
        switch x {
        case .double(let d) where d.isNaN: plain = d.description; written = d.debugDescription
        case .float(let f) where f.isNaN: plain = f.description; written = f.debugDescription
        default: return nil
        }
        if describing, plain != written { throw RuntimeError(UnsupportedMessage.describingSignedNaN(written), at: loc) }
        return plain
    }
}
