// UIKit's values made in code: colours (`UIColor(red:green:blue:alpha:)`, ...), fonts,
// images by name, `Bundle.main`, and the CoreGraphics structs (CGRect, CGSize, CGPoint,
// UIEdgeInsets, written in the language itself so they behave as Swift's structs).
//
// UIKit does not run on Linux, so what these print follows Apple's documentation and
// UIKit's descriptions (a colour prints as `UIExtendedSRGBColorSpace 1 0 0 1`); the
// CoreGraphics structs print as swiftc's Foundation prints them on Linux.

import Synchronization
import TableLabSyntax
import TableLabInterpreter

/// A UIColor: a system colour by name (`UIColor.red`, `.systemBlue`) or one made from
/// components. Equal colours are one object (UIKit's `==` compares colours by value).
final class ColorObject: NativeObject {
    /// `written`: components in a colour space other than sRGB and gray, as a storyboard
    /// gives them (`displayP3 0.94 0.93 0.89 1.0`): not the same colour in sRGB.
    enum Space: Hashable { case rgb(Double, Double, Double), white(Double), named(String), system(String), written(String) }
    let space: Space
    let alpha: Double

    private init(_ space: Space, alpha: Double) {
        self.space = space
        self.alpha = alpha
    }

    /// Shared by every interpreter of the process (the tests run several at once).
    private static let interned = Mutex<[String: SharedColor]>([:])

    /// The one colour object for these components (UIKit's `==` is by value; TableLab's
    /// `==` on objects is identity, so equal colours must be the same object).
    static func make(_ space: Space, alpha: Double) -> ColorObject {
        let alpha = min(max(alpha, 0), 1)
        let key = "\(space) \(alpha)"
        return interned.withLock { colors in
            if let shared = colors[key] { return shared }
            let shared = SharedColor(color: ColorObject(space, alpha: alpha))
            colors[key] = shared
            return shared
        }.color
    }

    /// A colour a storyboard sets, named as the same value made in code would be
    /// (`systemRed`, `black`, `init(red: 0.5, green: 0.2, blue: 0.1, alpha: 1)`); one in
    /// another colour space by its space and components as the file gives them.
    /// The colour a storyboard sets, as the object UIKit decodes: equal to the same colour
    /// made in code.
    static func object(of color: Storyboard.Color) -> ColorObject {
        switch color {
        case .system(let name): return system(name)
        case .white(let w, let alpha): return make(.white(w), alpha: alpha)
        case .rgb(let r, let g, let b, let alpha): return make(.rgb(r, g, b), alpha: alpha)
        case .named(let name): return make(.named(name), alpha: 1)
        case .other(let written): return make(.written(written), alpha: 1)
        }
    }

    static func name(of color: Storyboard.Color) -> String {
        switch color {
        case .system(let name): return system(name).swiftName
        case .white(let w, let alpha): return make(.white(w), alpha: alpha).swiftName
        case .rgb(let r, let g, let b, let alpha): return make(.rgb(r, g, b), alpha: alpha).swiftName
        case .named(let name): return make(.named(name), alpha: 1).swiftName
        case .other(let written): return written
        }
    }

    static func system(_ name: String) -> ColorObject {
        if let (r, g, b) = fixedComponents[name] {
            return make(r == g && g == b ? .white(r) : .rgb(r, g, b), alpha: name == "clear" ? 0 : 1)
        }
        return make(.system(name), alpha: 1)
    }

    /// UIKit's fixed colours and their documented components (`UIColor.orange` is 1, 0.5, 0).
    static let fixedComponents: [String: (Double, Double, Double)] = [
        "black": (0, 0, 0), "darkGray": (1.0 / 3, 1.0 / 3, 1.0 / 3), "lightGray": (2.0 / 3, 2.0 / 3, 2.0 / 3),
        "white": (1, 1, 1), "gray": (0.5, 0.5, 0.5), "red": (1, 0, 0), "green": (0, 1, 0), "blue": (0, 0, 1),
        "cyan": (0, 1, 1), "yellow": (1, 1, 0), "magenta": (1, 0, 1), "orange": (1, 0.5, 0),
        "purple": (0.5, 0, 0.5), "brown": (0.6, 0.4, 0.2), "clear": (0, 0, 0),
    ]

    /// The system colour's name when it is one (`gray`, `systemBlue`), for `:cell` and for
    /// the enum cases that share a colour's name (`selectionStyle = .gray`).
    var systemName: String? {
        if case .system(let name) = space { return alpha == 1 ? name : nil }
        return Self.fixedComponents.first { Self.system($0.key) === self }?.key
    }

    override var typeName: String { "UIColor" }

    /// The sRGB components of a hue, saturation and brightness in 0...1 (the hexcone model
    /// UIKit's `getHue(_:saturation:brightness:alpha:)` inverts); a hue of 1 is red again.
    static func rgb(hue: Double, saturation s: Double, brightness v: Double) -> (Double, Double, Double) {
        let sector = hue * 6
        let whole = sector.rounded(.down)
        let f = sector - whole
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch Int(whole) % 6 {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    /// A component as UIKit's description writes it, C's `%g`: six significant digits, no
    /// trailing zeros (`6 / 255` is `0.0235294`, 2/3 `0.666667`). Outside `%g`'s fixed
    /// range (below 1e-4, from 1e6) as Swift writes the Double.
    static func significant(_ x: Double) -> String {
        guard x.isFinite, x != 0 else { return x == 0 ? "0" : JSONWriter.number(x) }
        var magnitude = abs(x), exponent = 0
        while magnitude >= 10 { magnitude /= 10; exponent += 1 }
        while magnitude < 1 { magnitude *= 10; exponent -= 1 }
        guard exponent >= -4, exponent < 6 else { return JSONWriter.number(x) }
        var scale = 1.0
        for _ in 0..<(5 - exponent) { scale *= 10 }
        let digits = Int((abs(x) * scale).rounded())
        let whole = Int(scale)
        var fraction = String(digits % whole)
        fraction = String(repeating: "0", count: max(0, String(whole).count - 1 - fraction.count)) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        let sign = x < 0 ? "-" : ""
        return sign + String(digits / whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// UIKit's description: `UIExtendedSRGBColorSpace 1 0 0 1`, `UIExtendedGrayColorSpace 0.5 1`.
    override var textDescription: String {
        func n(_ x: Double) -> String { Self.significant(x) }
        switch space {
        case .rgb(let r, let g, let b): return "UIExtendedSRGBColorSpace \(n(r)) \(n(g)) \(n(b)) \(n(alpha))"
        case .white(let w): return "UIExtendedGrayColorSpace \(n(w)) \(n(alpha))"
        case .named(let name): return "UIColor(named: \(TableEffect.quoted(name)))"
        case .system(let name):
            if alpha == 1 { return "<UIDynamicSystemColor; name = \(name)Color>" }
            return "<UIDynamicModifiedColor; name = \(name)Color, alpha = \(n(alpha))>"
        // UIKit's description of a Display P3 colour; another space as the file writes it.
        case .written(let written):
            let parts = written.split(separator: " ")
            if parts.first == "displayP3", parts.count == 5 {
                return "UIDisplayP3ColorSpace " + parts.dropFirst().map { Double($0).map(n) ?? String($0) }.joined(separator: " ")
            }
            return written
        }
    }

    /// How `:cell` shows it after a `.`: `systemBlue`, `init(red: 1, green: 0, blue: 0, alpha: 1)`.
    var swiftName: String {
        if let systemName { return systemName }
        func n(_ x: Double) -> String { JSONWriter.number(x) }
        switch space {
        case .rgb(let r, let g, let b): return "init(red: \(n(r)), green: \(n(g)), blue: \(n(b)), alpha: \(n(alpha)))"
        case .white(let w): return "init(white: \(n(w)), alpha: \(n(alpha)))"
        case .named(let name): return "init(named: \(TableEffect.quoted(name)))"
        case .system(let name): return "\(name).withAlphaComponent(\(n(alpha)))"
        case .written(let written): return written
        }
    }

    /// The members a colour answers, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        /// `CGColor`: Swift 2's spelling.
        case cgColor, ciColor, swift2CGColor, withAlphaComponent
        /// Swift's names, in the order of the cases.
        static let names = ["cgColor", "ciColor", "CGColor", "withAlphaComponent(_:)"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .cgColor?, .ciColor?, .swift2CGColor?: return .object(self)
        default: throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIColor.\(id.name)"))
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .withAlphaComponent?:
            return .object(ColorObject.make(space, alpha: UIKitValue.number(arguments[0]) ?? alpha))
        default: throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIColor.\(id.name)"))
        }
    }
}

/// A UIFont: its size, weight and where it came from.
final class FontObject: NativeObject {
    /// `systemFont`, `boldSystemFont`, a text style (`body`), or a font name (`Helvetica`).
    let source: String
    let pointSize: Double
    let weight: String
    let isSystem: Bool

    init(source: String, pointSize: Double, weight: String, isSystem: Bool) {
        self.source = source
        self.pointSize = pointSize
        self.weight = weight
        self.isSystem = isSystem
    }

    /// UIKit's Dynamic Type sizes at the default (Large) content size category.
    static let textStyles: [String: (Double, String)] = [
        "largeTitle": (34, "regular"), "title1": (28, "regular"), "title2": (22, "regular"),
        "title3": (20, "regular"), "headline": (17, "semibold"), "body": (17, "regular"),
        "callout": (16, "regular"), "subheadline": (15, "regular"), "footnote": (13, "regular"),
        "caption1": (12, "regular"), "caption2": (11, "regular"),
    ]
    static let weights: Set<String> = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    /// Swift 3's spellings of the weights (renamed `UIFont.Weight` in Swift 4): the SDK's
    /// CGFloat constants `UIFontWeightLight` and so on, with their values.
    static let swift3Weights: [(name: String, value: Double)] = [
        ("ultraLight", -0.8), ("thin", -0.6), ("light", -0.4), ("regular", 0), ("medium", 0.23),
        ("semibold", 0.3), ("bold", 0.4), ("heavy", 0.56), ("black", 0.62),
    ]

    /// A `weight:` argument: a case (`.semibold`), or one of Swift 3's constants.
    static func weightName(_ value: Value) throws -> String {
        if let name = UIKitValue.caseName(value) { return name }
        if let number = UIKitValue.number(value) {
            guard let w = swift3Weights.first(where: { $0.value == number }) else {
                throw Interpreter.runtimeError(UIKitMessage.fontWeight(number))
            }
            return w.name
        }
        return "regular"
    }

    override var typeName: String { "UIFont" }

    override var textDescription: String {
        let size = JSONWriter.number(pointSize)
        if !isSystem { return "UIFont(name: \(TableEffect.quoted(source)), size: \(size))" }
        return "UIFont.systemFont(ofSize: \(size), weight: .\(weight))"
    }

    var fontName: String {
        guard isSystem else { return source }
        return ".SFUI-" + weight.prefix(1).uppercased() + weight.dropFirst()
    }

    /// The members a font answers, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case pointSize, lineHeight, fontName, familyName, withSize
        /// Swift's names, in the order of the cases.
        static let names = ["pointSize", "lineHeight", "fontName", "familyName", "withSize(_:)"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .pointSize?: return .double(pointSize)
        case .lineHeight?: return .double((pointSize * 1.2).rounded())
        case .fontName?: return .string(fontName)
        case .familyName?: return .string(isSystem ? ".SF UI Text" : source)
        default: throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIFont.\(id.name)"))
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .withSize?:
            return .object(FontObject(source: source, pointSize: UIKitValue.number(arguments[0]) ?? pointSize,
                                      weight: weight, isSystem: isSystem))
        default: throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIFont.\(id.name)"))
        }
    }
}

/// `UIImage(named:)`, `UIImage(systemName:)`: an image known by its name (the renderer
/// draws a placeholder glyph with it; `UIKitValue.imageName(of:)` reads it).
final class ImageObject: NativeObject {
    let name: String
    let isSystem: Bool

    init(name: String, isSystem: Bool) {
        self.name = name
        self.isSystem = isSystem
    }

    override var typeName: String { "UIImage" }
    override var textDescription: String {
        "UIImage(\(isSystem ? "systemName" : "named"): \(TableEffect.quoted(name)))"
    }

    override func member(id: HostMemberID) throws -> Value? {
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIImage.\(id.name)"))
    }

    /// The methods an image answers, found by ID: rendering mode and tint change how it
    /// is drawn, not which image it is.
    enum Method {
        static let names = ["withRenderingMode(_:)", "withTintColor(_:)", "withTintColor(_:renderingMode:)", "withConfiguration(_:)"]
        static let table = HostMemberTable(names)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard Method.table[id] >= 0 else { throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIImage.\(id.name)")) }
        return .object(self)
    }
}

extension UIKitValue {
    /// The name of an image value (`UIImage(systemName: "star")` is `("star", true)`), for
    /// the renderer's placeholder glyph; nil for anything else.
    static func imageName(of value: Value) -> (name: String, isSystem: Bool)? {
        guard case .object(let image as ImageObject)? = CellObject.unwrapped(value) else { return nil }
        return (image.name, image.isSystem)
    }

    /// A colour value as `:cell` shows it after a `.`: a system colour's name, or a made
    /// colour's initializer (`init(red: 1, green: 0, blue: 0, alpha: 1)`).
    /// The colour a label keeps by name (`colorName`), as a UIColor value again.
    static func colorValue(named name: String) -> Value {
        colorNames.contains(name) ? .object(ColorObject.system(name)) : .string(name)
    }

    static func colorName(_ value: Value) -> String?? {
        if case .object(let color as ColorObject)? = CellObject.unwrapped(value) { return .some(color.swiftName) }
        return string(value)
    }

    /// Whether a name nothing defines is one of Apple's frameworks' (UIKit's `UIRefreshControl`,
    /// Foundation's `NSAttributedString`, Core Animation's `CATransition`, ...): using it is
    /// "X is not simulated in TableLab" rather than swiftc's "cannot find 'X' in scope".
    static func isAppleFrameworkName(_ name: String) -> Bool {
        if appleFrameworkNames.contains(name) { return true }
        let scalars = Array(name.unicodeScalars)
        guard scalars.count > 3, hasFrameworkPrefix(name) else { return false }
        // `UIRefreshControl`: the prefix, then a capitalised word (a script's `UIKIT` or
        // `CGFLOAT` constant is not one; Foundation's acronyms are listed by name).
        return ("A"..."Z").contains(scalars[2]) && scalars[3...].contains { ("a"..."z").contains($0) }
    }

    /// Whether the name starts with one of Apple's frameworks' two-letter prefixes (`UI`, `NS`, `MK`, ...).
    static func hasFrameworkPrefix(_ name: String) -> Bool {
        let scalars = name.unicodeScalars.prefix(2)
        return scalars.count == 2 && appleFrameworkPrefixes.contains(String(String.UnicodeScalarView(scalars)))
    }
    static let appleFrameworkPrefixes: Set<String> = ["UI", "NS", "CA", "CG", "CL", "MK", "AV", "SK", "MF", "SF", "WK", "PH", "UN",
                                                      // Contacts, CloudKit, Core Motion, EventKit, HealthKit, GameKit
                                                      "CN", "CK", "CM", "EK", "HK", "GK",
                                                      // Core Foundation (`CFAbsoluteTimeGetCurrent()`); SafariServices' reading list
                                                      "CF", "SS"]
    static let appleFrameworkNames: Set<String> = [
        // Foundation's names that are an acronym after their prefix.
        "NSURL", "NSUUID", "NSURLRequest", "NSURLSession", "NSURLConnection", "NSURLComponents", "NSURLCache",
        "NSURLResponse", "NSHTTPURLResponse", "NSURLQueryItem", "NSURLSessionDataTask", "NSURLSessionConfiguration",
        "UserDefaults", "DispatchQueue", "URLSession", "Timer", "FileManager", "JSONDecoder", "JSONEncoder",
        "IndexSet", "Notification", "OperationQueue", "ProcessInfo", "DateFormatter", "NumberFormatter",
        "Date", "Data", "Calendar", "Locale", "UUID", "TimeZone", "CharacterSet", "URLRequest", "URLComponents",
        "DateComponents", "Decimal", "ISO8601DateFormatter", "PropertyListDecoder", "PropertyListEncoder",
        // The unified logging of `import os`.
        "Logger", "OSLog", "os_log", "OSSignposter",
        // Foundation, Dispatch and Combine names that table code uses beside UIKit.
        "DispatchGroup", "DispatchWorkItem", "DispatchTime", "DispatchSemaphore", "DispatchQoS",
        "DispatchWallTime", "DispatchTimeInterval", "NotificationCenter", "Bundle", "Thread", "RunLoop",
        "Measurement", "Formatter", "ByteCountFormatter", "RelativeDateTimeFormatter", "DateComponentsFormatter",
        "DateIntervalFormatter", "MeasurementFormatter", "PersonNameComponentsFormatter", "ListFormatter",
        "PersonNameComponents", "AttributedString", "Scanner", "JSONSerialization", "Operation",
        "BlockOperation", "Progress", "URLCache", "URLResponse", "HTTPURLResponse", "URLSessionConfiguration",
        "URLSessionDataTask", "URLQueryItem", "URLError", "CocoaError", "FileHandle", "Pipe", "Process",
        "DateInterval", "Codable", "Decodable", "Encodable", "CodingKey", "Identifiable",
        "LocalizedError", "ObservableObject", "Published", "AnyCancellable", "PassthroughSubject",
        "CurrentValueSubject", "Just", "Future", "Cancellable", "AffineTransform",
        "UnitLength", "UnitMass", "UnitTemperature", "Unit",
    ]

    /// UIKit's implicit members that values and controls use (fonts, controls, bar items).
    static let controlMemberNames: [String] = [
        // UIFont.TextStyle and UIFont.Weight
        "largeTitle", "title1", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote",
        "caption1", "caption2", "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black",
        // UIControl.Event and UIControl.State
        "touchUpInside", "touchDown", "valueChanged", "editingChanged", "primaryActionTriggered", "normal",
        "highlighted", "selected", "disabled",
        // UIButton.ButtonType
        "system", "custom", "detailDisclosure", "infoLight", "infoDark", "contactAdd", "close",
        // UIBarButtonItem.SystemItem and Style
        "add", "done", "edit", "save", "trash", "compose", "refresh", "action", "search", "bookmarks", "camera",
        "reply", "organize", "play", "pause", "stop", "flexibleSpace", "fixedSpace", "undo", "redo", "plain",
        // UIView.ContentMode, UIImage.RenderingMode
        "scaleAspectFit", "scaleAspectFill", "scaleToFill", "alwaysTemplate", "alwaysOriginal",
    ]
}

extension UIKitBuiltins {
    /// CoreGraphics' structs in the language itself: value semantics, `==`, `.zero`.
    static let geometryPrelude = """
    struct CGPoint: Equatable {
        var x: CGFloat
        var y: CGFloat
        static let zero = CGPoint(x: 0, y: 0)
    }
    struct CGSize: Equatable {
        var width: CGFloat
        var height: CGFloat
        static let zero = CGSize(width: 0, height: 0)
    }
    struct CGRect: Equatable {
        var origin: CGPoint
        var size: CGSize
        init(origin: CGPoint, size: CGSize) {
            self.origin = origin
            self.size = size
        }
        init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
            self.origin = CGPoint(x: x, y: y)
            self.size = CGSize(width: width, height: height)
        }
        static let zero = CGRect(x: 0, y: 0, width: 0, height: 0)
        var width: CGFloat { size.width }
        var height: CGFloat { size.height }
        var minX: CGFloat { origin.x }
        var minY: CGFloat { origin.y }
        var midX: CGFloat { origin.x + size.width / 2 }
        var midY: CGFloat { origin.y + size.height / 2 }
        var maxX: CGFloat { origin.x + size.width }
        var maxY: CGFloat { origin.y + size.height }
    }
    struct UIEdgeInsets: Equatable {
        var top: CGFloat
        var left: CGFloat
        var bottom: CGFloat
        var right: CGFloat
        static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    }
    """

    /// QuartzCore's `CACornerMask` (a layer's `maskedCorners`), declared for a script that
    /// names it: an option set of the four corners, with QuartzCore's raw values.
    static let cornerMaskSource = """
    struct CACornerMask: OptionSet {
        let rawValue: UInt
        static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
        static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
        static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
        static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
    }
    """

    /// `UIButton.Configuration`, declared for a script that names it: a value type, as
    /// UIKit's, made by its style's static function (`.filled()`); `styleKind` is TableLab's
    /// (which style made it). A property it does not list is an error that names it.
    static let buttonConfigurationSource = """
    struct UIButtonConfiguration: Hashable {
        var title: String?
        var subtitle: String?
        var image: UIImage?
        var baseBackgroundColor: UIColor?
        var baseForegroundColor: UIColor?
        var buttonSize: UIButton.Configuration.Size
        var cornerStyle: UIButton.Configuration.CornerStyle
        var imagePadding: CGFloat
        var titlePadding: CGFloat
        var showsActivityIndicator: Bool
        var styleKind: String
    }
    """

    /// `UIButton.Configuration.filled()` and the other styles: UIKit's defaults.
    static func buttonConfiguration(_ interpreter: Interpreter, style: String) throws -> Value {
        guard let value = interpreter.makeStruct("UIButtonConfiguration", [
            "buttonSize": .string("medium"), "cornerStyle": .string("dynamic"), "imagePadding": .double(0),
            "titlePadding": .double(0), "showsActivityIndicator": .bool(false), "styleKind": .string(style),
        ]) else { throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIButton.Configuration")) }
        return value
    }

    /// A CGRect of the geometry prelude.
    static func rect(_ interpreter: Interpreter, x: Double, y: Double, width: Double, height: Double) -> Value {
        let origin = interpreter.makeStruct("CGPoint", ["x": .double(x), "y": .double(y)]) ?? .nilValue
        let size = interpreter.makeStruct("CGSize", ["width": .double(width), "height": .double(height)]) ?? .nilValue
        return interpreter.makeStruct("CGRect", ["origin": origin, "size": size]) ?? .nilValue
    }

    /// Installs the values, views and controls of this file and UIKitViews.swift, in this
    /// order: each step may use what the ones before it installed.
    static func installValuesAndControls(_ interpreter: Interpreter, _ simulator: TableSimulator) throws(Diagnostic) {
        installGeometryAndHooks(interpreter)
        let host = UIKitHost(interpreter: interpreter, simulator: simulator)
        simulator.uikitHost = host
        simulator.zeros = GeometryZeros(interpreter)
        var natives = NativeInitializers(interpreter: interpreter)
        installSelectorsColoursAndImages(&natives, host, simulator)
        installViewsAndControls(&natives, interpreter, simulator, host)
        let font = fontNamespace()
        interpreter.setGlobal("UIFont", .object(font))
        installImplicitMembers(interpreter, font: font)
        installBundleAndNotifications(interpreter, host)
        NotificationBuiltins.install(interpreter, host)
        SearchControllerObject.install(interpreter, host)
        // The simulated types as values: `UIButton.Configuration` names what is missing.
        for name in ["UIButton", "UISwitch", "UIImage", "UILabel", "UIImageView", "UIBarButtonItem", "UIAlertController",
                     "UIAlertAction", "UITapGestureRecognizer", "UILongPressGestureRecognizer", "UIPanGestureRecognizer",
                     "UISwipeGestureRecognizer", "Selector"] where interpreter.global(name) == nil {
            interpreter.setGlobal(name, .object(UIKitNamespace(name, members: name == "UIButton" ? buttonMembers(interpreter) : [:],
                                                               methods: natives.initializers[name] ?? [:])))
        }
        installAlerts(interpreter, simulator, host)
        interpreter.moduleImported = { [unowned interpreter, unowned host] path in ContactsObjects.imported(path, interpreter, host) }
        FoundationUUID.install(interpreter)
        FoundationDate.install(interpreter)
        AttributedStrings.install(interpreter)
    }

    /// The native functions that make UIKit values (`UIColor(red:green:blue:alpha:)`); an
    /// initializer's is also kept by type, so that `UIImage.init(systemName:)` is
    /// `UIImage(systemName:)` (the type's value, installValuesAndControls).
    struct NativeInitializers {
        let interpreter: Interpreter
        var initializers: [String: [String: ([Value]) throws -> Value]] = [:]

        /// `name` is the host's own ASCII spelling; a type's initializer starts with a capital.
        /// At start-up, so the bytes are read: `Character.isUppercase` asks Unicode's tables,
        /// and `"init" + name[paren...]` (String plus Substring) is the generic `+`, whose
        /// first use costs the runtime's lookup of `Substring: Collection`.
        mutating func add(_ name: String, _ body: @escaping ([Value]) throws -> Value) {
            interpreter.registerNativeFunction(name, body)
            let bytes = name.utf8
            if let paren = bytes.firstIndex(of: UInt8(ascii: "(")), let first = bytes.first,
               (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
                initializers[String(name[..<paren]), default: [:]]["init" + String(name[paren...])] = body
            }
        }
    }

    /// How the CoreGraphics structs (declared with the prelude, UIKitBuiltins.install) print,
    /// the types declared when a script names them, and the messages for names and modules
    /// UIKit would have.
    private static func installGeometryAndHooks(_ interpreter: Interpreter) {
        // Inside a collection swiftc's Foundation names them `Foundation.CGSize(...)`.
        interpreter.setPrintedModule("Foundation", ofTypes: ["CGPoint", "CGSize", "CGRect"])
        // UIKit's C struct, imported: Swift names its module `__C`, as for an imported enum.
        interpreter.setPrintedModule("__C", ofTypes: ["UIEdgeInsets"])
        interpreter.declareOnMention("CACornerMask", source: cornerMaskSource)
        interpreter.declareOnMention("UIButtonConfiguration", word: "UIButton.Configuration", source: buttonConfigurationSource)
        interpreter.hostUnguessedTypes = ["CGPoint", "CGSize", "CGRect", "UIEdgeInsets"]
        // As swiftc's Foundation prints them on Linux.
        interpreter.setDescription(ofStruct: "CGRect") { [unowned interpreter] fields in
            guard fields.count == 2 else { return nil }
            return "CGRect(origin: Foundation.\(interpreter.describe(fields[0], debug: false)), size: Foundation.\(interpreter.describe(fields[1], debug: false)))"
        }
        interpreter.missingNameMessage = { name in
            if CollectionViewBuiltins.compositionalLayoutNames.contains(name) { return UIKitMessage.compositionalLayout(name) }
            return UIKitValue.isAppleFrameworkName(name) ? UIKitMessage.notSimulated(name) : nil
        }
        interpreter.missingModuleMessage = { path in AppleModules.missingModuleMessage(path) }
    }

    /// `#selector`, `Selector(_:)`, colours, images and fonts by name.
    private static func installSelectorsColoursAndImages(_ natives: inout NativeInitializers, _ host: UIKitHost, _ simulator: TableSimulator) {
        natives.add("#selector(_:)") { [unowned host] arguments in
            guard case .string(let reference) = arguments[0] else { return .nilValue }
            return .object(try host.makeSelector(reference))
        }
        natives.add("Selector(_:)") { arguments in
            guard case .string(let name) = arguments[0] else { return .nilValue }
            return .object(SelectorObject(reference: name))
        }
        // Colours.
        natives.add("UIColor(red:green:blue:alpha:)") { arguments in
            let c = arguments.map { UIKitValue.number($0) ?? 0 }
            return .object(ColorObject.make(.rgb(c[0], c[1], c[2]), alpha: c[3]))
        }
        // A Display P3 colour is not the sRGB colour of the same components: kept in its
        // space, as a storyboard's `displayP3` colour is (and equal to one).
        natives.add("UIColor(displayP3Red:green:blue:alpha:)") { arguments in
            let c = arguments.map { UIKitValue.number($0) ?? 0 }
            return .object(ColorObject.make(.written("displayP3 \(c[0]) \(c[1]) \(c[2]) \(c[3])"), alpha: c[3]))
        }
        // UIKit makes an HSB colour in extended sRGB (its description is the RGB one), so it
        // is kept as the RGB colour it equals; components outside 0...1, which extended sRGB
        // would carry further than Apple documents, are refused.
        natives.add("UIColor(hue:saturation:brightness:alpha:)") { arguments in
            let c = arguments.map { UIKitValue.number($0) ?? 0 }
            guard c[0...2].allSatisfy({ (0...1).contains($0) }) else {
                throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIColor(hue:saturation:brightness:alpha:) with a component outside 0...1"))
            }
            let (r, g, b) = ColorObject.rgb(hue: c[0], saturation: c[1], brightness: c[2])
            return .object(ColorObject.make(.rgb(r, g, b), alpha: c[3]))
        }
        natives.add("UIColor(white:alpha:)") { arguments in
            .object(ColorObject.make(.white(UIKitValue.number(arguments[0]) ?? 0), alpha: UIKitValue.number(arguments[1]) ?? 1))
        }
        // Xcode's colour literal is UIColor(red:green:blue:alpha:) (UIColor's
        // _ExpressibleByColorLiteral initializer).
        natives.add("#colorLiteral(red:green:blue:alpha:)") { arguments in
            // Its parameters are Floats (`init(_colorLiteralRed:green:blue:alpha:)`).
            let c = arguments.map { if case .float(let f) = $0 { return Double(f) }; return UIKitValue.number($0) ?? 0 }
            return .object(ColorObject.make(.rgb(c[0], c[1], c[2]), alpha: c[3]))
        }
        // Without the app's asset catalog (`:assets`), every colour and image name is taken to
        // exist, drawn by its name; with it, a name it does not have is UIKit's nil.
        natives.add("UIColor(named:)") { [unowned simulator] arguments in
            let name = UIKitBuiltins.optionalText(arguments[0]) ?? ""
            if simulator.assetsLoaded, !simulator.assets.colors.values.contains(name) { return .nilValue }
            return .wrapped(.object(ColorObject.make(.named(name), alpha: 1)))
        }
        natives.add("UIImage(named:)") { [unowned simulator] arguments in
            let name = UIKitBuiltins.optionalText(arguments[0]) ?? ""
            if simulator.assetsLoaded, !simulator.assets.images.values.contains(name) { return .nilValue }
            return .wrapped(.object(ImageObject(name: name, isSystem: false)))
        }
        // Xcode's image literal: the image of that name, not optional (UIImage's
        // _ExpressibleByImageLiteral initializer).
        natives.add("#imageLiteral(resourceName:)") { arguments in
            .object(ImageObject(name: UIKitBuiltins.optionalText(arguments[0]) ?? "", isSystem: false))
        }
        natives.add("UIImage(systemName:)") { arguments in
            .wrapped(.object(ImageObject(name: UIKitBuiltins.optionalText(arguments[0]) ?? "", isSystem: true)))
        }
        // A font iOS lacks is the app's when its Info.plist registers it, else UIKit's nil;
        // without the Info.plist (`:infoplist`) that is not known, and refused.
        natives.add("UIFont(name:size:)") { [unowned simulator] arguments in
            let name = UIKitBuiltins.optionalText(arguments[0]) ?? ""
            if !SystemFonts.names.contains(name) {
                guard let appFonts = simulator.appFonts else { throw Interpreter.runtimeError(UIKitMessage.customFont(name)) }
                guard appFonts.contains(name) else { return .nilValue }
            }
            return .wrapped(.object(FontObject(source: name, pointSize: UIKitValue.number(arguments[1]) ?? 17,
                                               weight: "regular", isSystem: false)))
        }
    }

    /// The views, controls, bar button items and gesture recognizers made in code.
    private static func installViewsAndControls(_ natives: inout NativeInitializers, _ interpreter: Interpreter,
                                                _ simulator: TableSimulator, _ host: UIKitHost) {
        let zeroRect: () -> Value = { [unowned simulator] in simulator.zeros.rect }
        // A label made in code (a header's, a custom cell's): the cell's label object.
        natives.add("UILabel()") { [unowned simulator] _ in .object(LabelObject(describeType: simulator.typeName, zeros: simulator.zeros)) }
        natives.add("UILabel(frame:)") { [unowned simulator] arguments in
            let label = LabelObject(describeType: simulator.typeName, zeros: simulator.zeros)
            label.more.properties[UIKitObject.Key.frame] = arguments[0]
            label.more.properties[UIKitObject.Key.bounds] = arguments[0]
            return .object(label)
        }
        natives.add("UIView()") { _ in .object(ViewObject("UIView", frame: zeroRect())) }
        natives.add("UIView(frame:)") { arguments in .object(ViewObject("UIView", frame: arguments[0])) }
        natives.add("UIScrollView()") { [unowned interpreter, unowned simulator] _ in .object(ViewObject.scrollView(interpreter, frame: zeroRect(), zeros: simulator.zeros)) }
        natives.add("UIScrollView(frame:)") { [unowned interpreter, unowned simulator] arguments in .object(ViewObject.scrollView(interpreter, frame: arguments[0], zeros: simulator.zeros)) }
        natives.add("UIStackView()") { [unowned simulator] _ in .object(StackViewObject(arrangedSubviews: [], zeros: simulator.zeros)) }
        natives.add("UIStackView(frame:)") { [unowned simulator] _ in .object(StackViewObject(arrangedSubviews: [], zeros: simulator.zeros)) }
        natives.add("UIStackView(arrangedSubviews:)") { [unowned simulator] arguments in
            guard case .array(let views) = arguments[0] else { throw Interpreter.runtimeError(UIKitMessage.stackViewArrangedSubviewsValue) }
            return .object(StackViewObject(arrangedSubviews: views.values, zeros: simulator.zeros))
        }
        natives.add("UISwitch()") { [unowned host] _ in .object(SwitchObject(host: host, frame: zeroRect())) }
        natives.add("UISwitch(frame:)") { [unowned host] arguments in .object(SwitchObject(host: host, frame: arguments[0])) }
        natives.add("UIRefreshControl()") { [unowned host] _ in .object(RefreshControlObject(host: host, frame: zeroRect())) }
        natives.add("UIRefreshControl(frame:)") { [unowned host] arguments in .object(RefreshControlObject(host: host, frame: arguments[0])) }
        natives.add("UIProgressView()") { _ in .object(ProgressViewObject(frame: zeroRect())) }
        natives.add("UIProgressView(frame:)") { arguments in .object(ProgressViewObject(frame: arguments[0])) }
        natives.add("UIProgressView(progressViewStyle:)") { arguments in
            let style = UIKitValue.caseName(arguments[0]) ?? "default"
            guard ["default", "bar"].contains(style) else {
                throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: "UIProgressView.Style", member: style))
            }
            return .object(ProgressViewObject(frame: zeroRect(), style: style))
        }
        natives.add("UIButton()") { [unowned host] _ in .object(ButtonObject(host: host, type: "custom", frame: zeroRect())) }
        natives.add("UIButton(type:)") { [unowned host] arguments in
            .object(ButtonObject(host: host, type: UIKitValue.caseName(arguments[0]) ?? "custom", frame: zeroRect()))
        }
        natives.add("UIButton(frame:)") { [unowned host] arguments in .object(ButtonObject(host: host, type: "custom", frame: arguments[0])) }
        natives.add("UIImageView()") { _ in .object(ImageViewObject(image: .nilValue, frame: zeroRect())) }
        natives.add("UIImageView(image:)") { arguments in .object(ImageViewObject(image: arguments[0], frame: zeroRect())) }
        natives.add("UIImageView(frame:)") { arguments in .object(ImageViewObject(image: .nilValue, frame: arguments[0])) }
        natives.add("UIBarButtonItem(title:style:target:action:)") { [unowned host] a in
            .object(try BarButtonItemObject(host: host, title: a[0], systemItem: nil, image: .nilValue, target: a[2], action: a[3]))
        }
        natives.add("UIBarButtonItem(image:style:target:action:)") { [unowned host] a in
            .object(try BarButtonItemObject(host: host, title: .nilValue, systemItem: nil, image: a[0], target: a[2], action: a[3]))
        }
        natives.add("UIBarButtonItem(barButtonSystemItem:target:action:)") { [unowned host] a in
            .object(try BarButtonItemObject(host: host, title: .nilValue, systemItem: UIKitValue.caseName(a[0]), image: .nilValue,
                                            target: a[1], action: a[2]))
        }
        for kind in ["UITapGestureRecognizer", "UILongPressGestureRecognizer", "UIPanGestureRecognizer", "UISwipeGestureRecognizer"] {
            natives.add("\(kind)(target:action:)") { [unowned host] a in
                .object(try GestureRecognizerObject(kind, host: host, target: a[0], action: a[1]))
            }
        }
    }

    /// `UIFont`'s type members: the system font sizes and the font-making methods.
    private static func fontNamespace() -> UIKitNamespace {
        let systemFont: ([Value]) throws -> Value = { a in
            .object(FontObject(source: "systemFont", pointSize: UIKitValue.number(a[0]) ?? 17,
                               weight: a.count > 1 ? try FontObject.weightName(a[1]) : "regular", isSystem: true))
        }
        return UIKitNamespace("UIFont", members: [
            "systemFontSize": { .double(17) }, "labelFontSize": { .double(17) }, "buttonFontSize": { .double(18) },
            "smallSystemFontSize": { .double(12) },
        ], methods: [
            "systemFont(ofSize:)": systemFont, "systemFont(ofSize:weight:)": systemFont,
            "boldSystemFont(ofSize:)": { a in
                .object(FontObject(source: "boldSystemFont", pointSize: UIKitValue.number(a[0]) ?? 17, weight: "bold", isSystem: true))
            },
            "italicSystemFont(ofSize:)": { _ in throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIFont.italicSystemFont(ofSize:)")) },
            "preferredFont(forTextStyle:)": { a in
                let style = UIKitValue.caseName(a[0]) ?? "body"
                guard let (size, weight) = FontObject.textStyles[style] else {
                    throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: "UIFont.TextStyle", member: style))
                }
                return .object(FontObject(source: style, pointSize: size, weight: weight, isSystem: true))
            },
        ])
    }

    /// `label.font = .systemFont(ofSize: 13)`, `.systemBlue`, `.disclosureIndicator`: UIKit's
    /// enum cases, colours and UIFont's static methods as implicit members.
    private static func installImplicitMembers(_ interpreter: Interpreter, font: UIKitNamespace) {
        interpreter.hostEnumCase = { typeName, caseName in
            // Swift 4's names (`UITableViewCellAccessoryType`) are the same types.
            let swiftName = UIKitValue.swiftEnumNames[typeName] ?? typeName
            guard UIKitValue.rawValues[swiftName]?.contains(caseName) == true else { return nil }
            return UIKitValue.enumValue(swiftName, caseName)
        }
        // The name sets are static lets, built at the first implicit member a script writes:
        // building them here cost every start-up more than half a million instructions.
        interpreter.implicitMemberFallback = { name in
            if UIKitValue.colorNameSet.contains(name) { return .object(ColorObject.system(name)) }
            if UIKitValue.implicitMembers.contains(name) { return .string(name) }
            // Contacts' cases (`.contacts`, `.authorized`), asked only where UIKit's have none.
            if ContactsObjects.caseNames.contains(name) { return .string(name) }
            let methods = font.methods.filter { $0.key.hasPrefix(name + "(") }
            guard !methods.isEmpty else { return nil }
            return Interpreter.nativeFunctionValue(arity: 1) { arguments in
                guard let method = methods.first(where: { SelectorObject.labels(ofFullName: $0.key).count == arguments.count }) else {
                    throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIFont.\(name)"))
                }
                return try method.value(arguments)
            }
        }
    }

    /// `Bundle.main` and `NotificationCenter.default`.
    private static func installBundleAndNotifications(_ interpreter: Interpreter, _ host: UIKitHost) {
        // Bundle.main: TableLab runs no app bundle. Its Info.plist holds what Xcode's app
        // template sets (version 1.0, build 1); there is no bundle identifier. Made when read:
        // the first `[Value: Value]` of a run costs Swift's lookup of Value's Hashable
        // conformance, about 1.7% of every start-up.
        let info = { () -> [Value: Value] in
            [.string("CFBundleShortVersionString"): .string("1.0"), .string("CFBundleVersion"): .string("1")]
        }
        let bundle = UIKitNamespace("Bundle", members: [
            "infoDictionary": { .wrapped(.dictionary(info())) },
            "bundleIdentifier": { .nilValue },
        ], methods: [
            "object(forInfoDictionaryKey:)": { a in
                guard case .string(let key) = a[0], let value = info()[.string(key)] else { return .nilValue }
                return .wrapped(value)
            },
        ], isInstance: true)
        interpreter.setGlobal("Bundle", .object(UIKitNamespace("Bundle", members: ["main": { .object(bundle) }])))
        let center = NotificationCenterObject(host: host)
        interpreter.setGlobal("NotificationCenter", .object(UIKitNamespace("NotificationCenter", members: [
            "default": { .object(center) },
        ])))
    }
}

/// UIButton's type members: `UIButton.Configuration` and its styles.
private func buttonMembers(_ interpreter: Interpreter) -> [String: () -> Value] {
    var styles: [String: ([Value]) throws -> Value] = [:]
    for style in ["plain", "tinted", "gray", "filled", "bordered", "borderedTinted", "borderedProminent", "borderless"] {
        styles[style + "()"] = { [unowned interpreter] _ in try UIKitBuiltins.buttonConfiguration(interpreter, style: style) }
    }
    let configuration = UIKitNamespace("UIButton.Configuration", methods: styles)
    return ["Configuration": { .object(configuration) }]
}

/// `NotificationCenter.default` as Foundation defines it within one process: observers by
/// selector or by block, in the order they were added, each told synchronously by `post`.
final class NotificationCenterObject: NativeObject {
    unowned let host: UIKitHost
    init(host: UIKitHost) { self.host = host }

    override var typeName: String { "NotificationCenter" }

    override func member(id: HostMemberID) throws -> Value? {
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("NotificationCenter.\(id.name)"))
    }

    /// The methods the notification centre answers, found by ID.
    enum Method: Int, CaseIterable, Sendable {
        case addObserverSelector, addObserverForNameUsing, addObserverForName, postNameObject, postNameObjectUserInfo
        case post, removeObserver, removeObserverNameObject
        /// Swift's full names, in the order of the cases.
        static let names = [
            "addObserver(_:selector:name:object:)", "addObserver(forName:object:queue:using:)", "addObserver(forName:object:queue:_:)",
            "post(name:object:)", "post(name:object:userInfo:)", "post(_:)", "removeObserver(_:)", "removeObserver(_:name:object:)",
        ]
        static let table = HostMemberTable(names)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let interpreter = host.interpreter
        switch Method(rawValue: Method.table[id]) {
        case .addObserverSelector?:
            let selector = try host.selector(arguments[1], target: arguments[0])
            host.observers.append(NotificationObserver(observer: arguments[0], selector: selector, block: nil,
                                                       name: try NotificationBuiltins.rawValue(arguments[2], interpreter),
                                                       sender: CellObject.unwrapped(arguments[3])))
            return .void
        case .addObserverForNameUsing?, .addObserverForName?:
            if let queue = CellObject.unwrapped(arguments[2]) {
                guard case .object(let q) = queue, q === host.mainOperationQueue else {
                    throw Interpreter.runtimeError(UIKitMessage.notSimulated("an observer's queue other than nil or OperationQueue.main"))
                }
            }
            let token = Value.object(NotificationTokenObject())
            host.observers.append(NotificationObserver(observer: token, selector: nil, block: arguments[3],
                                                       name: try NotificationBuiltins.rawValue(arguments[0], interpreter),
                                                       sender: CellObject.unwrapped(arguments[1])))
            return token
        case .postNameObject?, .postNameObjectUserInfo?:
            guard CellObject.unwrapped(arguments[0]) != nil else {
                throw Interpreter.runtimeError(UIKitMessage.nilArgument(to: "NSNotification.Name"))
            }
            let note = interpreter.makeStruct("Notification", [
                "name": arguments[0], "object": NotificationBuiltins.optional(arguments[1]),
                "userInfo": arguments.count > 2 ? NotificationBuiltins.optional(arguments[2]) : .nilValue,
            ]) ?? .nilValue
            try post(note, name: arguments[0], sender: arguments[1])
            return .void
        case .post?:
            let name = try interpreter.member("name", of: arguments[0]) ?? .nilValue
            let sender = try interpreter.member("object", of: arguments[0]) ?? .nilValue
            try post(arguments[0], name: name, sender: sender)
            return .void
        case .removeObserver?:
            host.observers.removeAll { $0.observer == arguments[0] }
            return .void
        case .removeObserverNameObject?:
            let name = try NotificationBuiltins.rawValue(arguments[1], interpreter)
            let sender = CellObject.unwrapped(arguments[2])
            host.observers.removeAll {
                $0.observer == arguments[0] && (name == nil || $0.name == name) && (sender == nil || $0.sender == sender)
            }
            return .void
        case nil:
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("NotificationCenter.\(id.name)"))
        }
    }

    /// Tells every observer of this name (or of every name) and of this sender (or of every
    /// sender), in the order they were added; those added while it posts are not told.
    private func post(_ note: Value, name: Value, sender: Value) throws {
        guard let rawValue = try NotificationBuiltins.rawValue(name, host.interpreter) else {
            throw Interpreter.runtimeError(UIKitMessage.nilArgument(to: "NSNotification.Name"))
        }
        let sender = CellObject.unwrapped(sender)
        for entry in host.observers where (entry.name == nil || entry.name == rawValue) && (entry.sender == nil || entry.sender == sender) {
            if let block = entry.block {
                _ = try host.interpreter.call(block, [note])
            } else if let selector = entry.selector {
                let method = try host.method(of: selector, on: entry.observer)
                let arguments = SelectorObject.labels(ofFullName: method).isEmpty ? [] : [note]
                _ = try host.interpreter.callInstanceMethod(entry.observer, method, arguments)
            }
        }
    }
}

/// `CGRect.zero` and `UIEdgeInsets.zero` of one interpreter (`TableSimulator.zeros`):
/// values of its geometry prelude's struct types, which another interpreter's code must
/// not see, so every object that makes or keeps one is given its own simulator's.
struct GeometryZeros {
    let rect: Value
    let insets: Value

    /// Before the prelude has declared the types (nothing made yet reads them).
    static var undeclared: GeometryZeros { GeometryZeros(rect: .nilValue, insets: .nilValue) }

    private init(rect: Value, insets: Value) {
        self.rect = rect
        self.insets = insets
    }

    /// Made once the prelude has declared CGRect and UIEdgeInsets.
    init(_ interpreter: Interpreter) {
        rect = UIKitBuiltins.rect(interpreter, x: 0, y: 0, width: 0, height: 0)
        insets = interpreter.makeStruct("UIEdgeInsets", ["top": .double(0), "left": .double(0),
                                                         "bottom": .double(0), "right": .double(0)]) ?? .nilValue
    }
}
