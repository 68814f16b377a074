// UIView's animation class methods as UIKit runs them: the animations closure at once,
// inside the call (UIKit records the changes it makes; the model values change there and
// then, whatever the delay), and the completion later, with `true`, on the main queue when
// the animation ends (delay + duration; a duration of 0 "at the beginning of the next run
// loop cycle", Apple's documentation): after the code that started it has returned, as on
// a device, never inside the call. Every spelling Swift allows is a full name of its own
// (defaulted `options:` and `completion:` left out, a trailing closure's label dropped), so
// each is listed. `UIView.AnimationOptions`' cases are implicit members, carried as names.

import TableLabSyntax
import TableLabInterpreter

enum UIKitAnimations {
    /// One signature: its labels, and which of them may be left out (defaulted).
    private struct Signature {
        let base: String
        let labels: [String]
        let defaulted: Set<String>
    }

    private static let signatures: [Signature] = [
        Signature(base: "animate", labels: ["withDuration", "animations"], defaulted: []),
        Signature(base: "animate", labels: ["withDuration", "animations", "completion"], defaulted: ["completion"]),
        Signature(base: "animate", labels: ["withDuration", "delay", "options", "animations", "completion"],
                  defaulted: ["options", "completion"]),
        Signature(base: "animate", labels: ["withDuration", "delay", "usingSpringWithDamping", "initialSpringVelocity",
                                            "options", "animations", "completion"], defaulted: ["options", "completion"]),
        Signature(base: "transition", labels: ["with", "duration", "options", "animations", "completion"],
                  defaulted: ["options", "completion"]),
        // Swift 2's spellings, as code written in that Swift calls them.
        Signature(base: "animateWithDuration", labels: ["_", "animations"], defaulted: []),
        Signature(base: "animateWithDuration", labels: ["_", "animations", "completion"], defaulted: []),
        Signature(base: "animateWithDuration", labels: ["_", "delay", "options", "animations", "completion"], defaulted: []),
    ]

    /// The closure parameters, which a trailing closure may stand for.
    private static let closures: Set<String> = ["animations", "completion"]

    /// Every full name a call may have, with the parameter each written argument is.
    private static func spellings() -> [(String, [String])] {
        var result: [(String, [String])] = []
        for signature in signatures {
            let optional = signature.labels.filter(signature.defaulted.contains)
            for mask in 0..<(1 << optional.count) {
                let left = Set(optional.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
                let parameters = signature.labels.filter { !left.contains($0) }
                // Written in parentheses, or with the last closures trailing (the first
                // trailing closure loses its label; a later one keeps it).
                var trailing = parameters.count
                while trailing > 0, closures.contains(parameters[trailing - 1]) { trailing -= 1 }
                for firstTrailing in trailing...parameters.count {
                    var labels = parameters
                    if firstTrailing < parameters.count { labels[firstTrailing] = "_" }
                    result.append((signature.base + "(" + labels.map { $0 + ":" }.joined() + ")", parameters))
                }
            }
        }
        return result
    }

    /// The spellings by full name, made at the first animation a script calls.
    private static let table: [String: [String]] = Dictionary(spellings(), uniquingKeysWith: { first, _ in first })

    /// A class method of `UIView` called by its full name: the animations, and
    /// `performWithoutAnimation(_:)`; nil for any other name.
    static func call(_ fullName: String, _ arguments: [Value], _ interpreter: Interpreter) throws -> Value? {
        if fullName == "performWithoutAnimation(_:)" {
            if case .function = arguments[0] { _ = try interpreter.call(arguments[0], []) }
            return .void
        }
        guard let parameters = parameters(of: fullName) else { return nil }
        return try run(parameters, arguments, interpreter)
    }

    /// The parameter each argument of a call spelt `fullName` is; nil for no spelling of
    /// UIView's animations.
    static func parameters(of fullName: String) -> [String]? { table[fullName] }

    private static func run(_ parameters: [String], _ arguments: [Value], _ interpreter: Interpreter) throws -> Value {
        var given: [String: Value] = [:]
        for (name, value) in zip(parameters, arguments) { given[name] = value }
        // Swift 2's `animateWithDuration(_:...)` names its duration `_`.
        let duration = (given["withDuration"] ?? given["duration"] ?? given["_"]).flatMap(UIKitValue.number) ?? 0
        let delay = given["delay"].flatMap(UIKitValue.number) ?? 0
        if let animations = given["animations"].flatMap(CellObject.unwrapped), case .function = animations {
            _ = try interpreter.call(animations, [])
        }
        if let completion = given["completion"].flatMap(CellObject.unwrapped), case .function = completion {
            let finished = Interpreter.nativeFunctionValue(arity: 0) { [unowned interpreter] _ in
                _ = try interpreter.call(completion, [.bool(true)])
                return .void
            }
            try interpreter.enqueueOnMainQueue(after: delay + duration, finished)
        }
        return .void
    }

    /// `UIView.AnimationOptions`' static members, written as implicit members.
    static let optionNames: Set<String> = [
        "layoutSubviews", "allowUserInteraction", "beginFromCurrentState", "repeat", "autoreverse",
        "overrideInheritedDuration", "overrideInheritedCurve", "allowAnimatedContent", "showHideTransitionViews",
        "overrideInheritedOptions", "curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear",
        "transitionFlipFromLeft", "transitionFlipFromRight", "transitionCurlUp", "transitionCurlDown",
        "transitionCrossDissolve", "transitionFlipFromTop", "transitionFlipFromBottom",
        "preferredFramesPerSecond60", "preferredFramesPerSecond30",
    ]

    /// `.curveEaseInOut` where no script type has the member: the option's name.
    static func installOptions(_ interpreter: Interpreter) {
        let earlier = interpreter.implicitMemberFallback
        interpreter.implicitMemberFallback = { name in
            if let value = earlier?(name) { return value }
            return optionNames.contains(name) ? .string(name) : nil
        }
    }
}
