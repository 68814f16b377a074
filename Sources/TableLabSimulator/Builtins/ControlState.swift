// UIControl.State as UIKit defines it: an option set whose bits are the states a control
// can be in at once (a selected button that a finger holds is [.highlighted, .selected]).
// Scripts write its members as names (`.normal`, `.highlighted`) or as an array literal of
// them (`[.highlighted, .selected]`), which these read as the bit pattern UIKit keys a
// button's per-state title, image and title colour by.

import TableLabInterpreter

enum ControlState {
    /// UIKit's raw values (UIControl.h): `.normal` is no bit at all.
    static let bits: [String: UInt] = ["normal": 0, "highlighted": 1, "disabled": 2, "selected": 4, "focused": 8]

    /// The state `value` spells, or an error naming what it is instead: a state's name, an
    /// array of them (their union; `[]` is `.normal`).
    static func state(_ value: Value, in method: String, describeType: (Value) -> String) throws -> UInt {
        switch value {
        case .array(let members):
            var union: UInt = 0
            for member in members.values { union |= try state(member, in: method, describeType: describeType) }
            return union
        case .wrapped(let inner):
            return try state(inner, in: method, describeType: describeType)
        default:
            if let name = UIKitValue.caseName(value), let bit = bits[name] { return bit }
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgumentIn(type: describeType(value), to: "UIControl.State", method: method))
        }
    }

    /// The states in `bits` as Swift writes the option set's literal: `[.highlighted, .selected]`.
    static func spelled(_ state: UInt) -> String {
        let names = Self.bits.sorted { $0.value < $1.value }.filter { $0.value != 0 && state & $0.value != 0 }
        return "[" + names.map { "." + $0.key }.joined(separator: ", ") + "]"
    }

    /// The state as a script writes it: `.normal`, `.selected`, `[.highlighted, .selected]`.
    static func written(_ state: UInt) -> String {
        if state == 0 { return ".normal" }
        let set = spelled(state)
        return state.nonzeroBitCount == 1 ? String(set.dropFirst().dropLast()) : set
    }

    /// A control's state from its flags, as UIControl's `state` combines them.
    static func current(isHighlighted: Bool, isEnabled: Bool, isSelected: Bool) -> UInt {
        (isHighlighted ? 1 : 0) | (isEnabled ? 0 : 2) | (isSelected ? 4 : 0)
    }

    /// What a button shows for `state`: the value set for exactly that state, else the
    /// normal state's (UIButton's documented fallback, also for a combination such as
    /// [.highlighted, .selected] that was given none of its own).
    static func lookup(_ values: [UInt: Value], _ state: UInt) -> Value {
        values[state] ?? values[0] ?? .nilValue
    }
}
