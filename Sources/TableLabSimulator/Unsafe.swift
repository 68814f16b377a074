// The simulator's unsafe code, all of it: the constants every interpreter of the process
// shares (UIKit's defaults). Values that belong to one interpreter (CGRect.zero, whose
// type is its prelude's) are not here: its simulator keeps them (`GeometryZeros`).
//
// Why unchecked: a `Value` is not Sendable, since it can hold objects a script changes (a
// view, an instance). The defaults UIKit gives an unset property are `Value`s too, made once
// in a `static let` and copied into every object made, so that making a view or reading its
// default costs a copy, not a conversion from another form. They hold only what no one can
// change: numbers, strings, nil, and objects whose fields are all `let` (a UIKit enum's case,
// a colour). Sharing such a value between threads shares only reference counts, which are
// atomic. `Value.isImmutableConstant` states exactly what is allowed, and every wrapper
// below checks it when it is made (once per table, at its first use), in every build.

import Synchronization
import TableLabInterpreter

extension Value {
    /// Whether nothing reachable from the value can change: what a constant shared by
    /// every interpreter may hold (see the top of this file).
    var isImmutableConstant: Bool {
        switch self {
        case .int, .fixed, .double, .float, .bool, .string, .nilValue, .void, .range: return true
        case .wrapped(let inner): return inner.isImmutableConstant
        case .array(let elements): return elements.allSatisfy(\.isImmutableConstant)
        // Every stored property of these classes is a `let` of a value type.
        case .object(let o): return o is HostEnumValue || o is ColorObject
        default: return false
        }
    }
}

/// One `Value` every interpreter shares: Sendable because it is an immutable constant,
/// checked when it is made.
struct ConstantValue: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        precondition(value.isImmutableConstant, "a shared constant holds a value that can change")
        self.value = value
    }
}

/// A class's properties with UIKit's defaults, copied into each object it makes: Sendable
/// because every value is an immutable constant, checked when the table is made.
struct ConstantProperties: @unchecked Sendable, ExpressibleByDictionaryLiteral {
    let values: [HostMemberID: Value]

    init(dictionaryLiteral elements: (HostMemberID, Value)...) {
        self.init(Dictionary(uniqueKeysWithValues: elements))
    }

    init(_ values: [HostMemberID: Value]) {
        precondition(values.values.allSatisfy(\.isImmutableConstant), "a shared table holds a value that can change")
        self.values = values
    }
}

/// Values by place (nil for none), copied into each object made: Sendable as
/// `ConstantProperties` is.
struct ConstantList: @unchecked Sendable {
    let values: [Value?]

    init(_ values: [Value?]) {
        precondition(values.allSatisfy { $0?.isImmutableConstant ?? true }, "a shared list holds a value that can change")
        self.values = values
    }
}

/// A colour every interpreter shares (`ColorObject.make` interns them): Sendable because a
/// ColorObject's fields are all `let`s of value types.
struct SharedColor: @unchecked Sendable {
    let color: ColorObject
}
