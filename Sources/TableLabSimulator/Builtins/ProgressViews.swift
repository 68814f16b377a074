// `UIProgressView`: a bar that shows how far a task has got. Its `progress` is a Float that
// UIKit pins to 0...1 ("values less than 0.0 and greater than 1.0 are pinned to those
// limits", Apple's documentation), 0 until set; a storyboard gives its own (`progress="0.5"`).

import TableLabInterpreter

final class ProgressViewObject: ViewObject {
    /// The progress and style are each bar's own, set over these.
    private static let defaults: ConstantProperties = [
        "progress": .nilValue, "progressViewStyle": .nilValue,
        "progressTintColor": .nilValue, "trackTintColor": .nilValue, "progressImage": .nilValue, "trackImage": .nilValue,
    ]

    init(frame: Value, progress: Float = 0, style: String = "default") {
        var properties = Self.defaults.values
        properties[Key.progress] = .float(Self.pinned(progress))
        properties[Key.progressViewStyle] = .string(style)
        super.init("UIProgressView", frame: frame, properties: properties)
    }

    static func pinned(_ progress: Float) -> Float { progress.isNaN ? 0 : min(max(progress, 0), 1) }

    var progress: Float {
        if case .float(let f)? = properties[Key.progress] { return f }
        return 0
    }

    /// A Float argument or property value: a literal arrives as a Double or an Int.
    private static func float(_ value: Value, _ what: String) throws -> Float {
        switch value {
        case .float(let f): return f
        case .double(let d): return Float(d)
        case .int(let i): return Float(i)
        case .wrapped(let inner): return try float(inner, what)
        default: throw Interpreter.runtimeError(UIKitMessage.cannotConvertUntypedValueFor(to: "Float", what: what))
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        if id == Key.progress {
            properties[Key.progress] = .float(Self.pinned(try Self.float(value, "progress")))
            return true
        }
        return try super.setMember(id: id, value)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        if id == Call.setProgress {
            // The animation only moves the bar there: the value is set at once, as UIKit's.
            properties[Key.progress] = .float(Self.pinned(try Self.float(arguments[0], id.name)))
            return .void
        }
        return try super.callMethod(id: id, arguments)
    }

    override var textDescription: String { "<UIProgressView progress: \(progress)>" }
}
