// `x.rounded(.up)`, `y.round(.toNearestOrEven)`: the standard library's
// FloatingPointRoundingRule as the argument of Double's rounding methods. The rule is
// only ever written there as an implicit member, and the interpreter takes it only there:
// any other use of the type is refused by name, never guessed.

import TableLabSyntax

/// A FloatingPointRoundingRule given to `rounded(_:)` or `round(_:)`.
final class RoundingRuleValue: NativeObject {
    let rule: FloatingPointRoundingRule
    let name: String

    init(rule: FloatingPointRoundingRule, name: String) {
        self.rule = rule
        self.name = name
    }

    static func named(_ name: String) -> RoundingRuleValue? {
        let rule: FloatingPointRoundingRule
        switch name {
        case "toNearestOrAwayFromZero": rule = .toNearestOrAwayFromZero
        case "toNearestOrEven": rule = .toNearestOrEven
        case "up": rule = .up
        case "down": rule = .down
        case "towardZero": rule = .towardZero
        case "awayFromZero": rule = .awayFromZero
        default: return nil
        }
        return RoundingRuleValue(rule: rule, name: name)
    }

    override var typeName: String { "FloatingPointRoundingRule" }
    override var textDescription: String { name }
}

extension InterpreterCore {
    /// `.name` as the rule of Double's `rounded(_:)` / `round(_:)`.
    func roundingRuleArgument(_ name: String, _ loc: SourceLocation) throws -> Value {
        guard let r = RoundingRuleValue.named(name) else {
            throw RuntimeError(RuntimeMessage.typeHasNoMember(type: "FloatingPointRoundingRule", member: name), at: loc)
        }
        return .object(r)
    }

    func roundingRule(_ v: Value, _ loc: SourceLocation) throws -> FloatingPointRoundingRule {
        guard case .object(let r as RoundingRuleValue) = v else {
            throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(v), to: "FloatingPointRoundingRule"), at: loc)
        }
        return r.rule
    }
}
