// Swift 3 exposed to Objective-C every member of an NSObject subclass that Objective-C
// could express, unless it was private or fileprivate; Swift 4 stopped (SE-0160), so a
// `#selector` of such a member compiled in Swift 3 and is an error today. TableLab runs a
// program written in Swift 3 as Swift 3 ran it (README), and a program shows that it is:
// it uses a name that the iOS 11 SDK made unavailable in Swift 4, so that no later Swift
// compiles it, and in Swift 3 (or Swift 4's Swift 3 mode) the inference held. Names that
// lived on until Swift 4.2 (`UITableViewCellStyle`, `UITableViewAutomaticDimension`) are no
// such evidence: Swift 4.0 and 4.1 accepted them without the inference.

import TableLabSyntax

enum Swift3ObjCInference {
    /// Swift 3's names that Swift 4 made unavailable: the system font's weights (now
    /// `UIFont.Weight`) and the attributed-string keys (now `NSAttributedStringKey`).
    static let swift3OnlyNames: Set<String> = {
        var names: Set<String> = [
            "NSFontAttributeName", "NSParagraphStyleAttributeName", "NSForegroundColorAttributeName",
            "NSBackgroundColorAttributeName", "NSLigatureAttributeName", "NSKernAttributeName",
            "NSStrikethroughStyleAttributeName", "NSUnderlineStyleAttributeName", "NSStrokeColorAttributeName",
            "NSStrokeWidthAttributeName", "NSShadowAttributeName", "NSTextEffectAttributeName",
            "NSAttachmentAttributeName", "NSLinkAttributeName", "NSBaselineOffsetAttributeName",
            "NSUnderlineColorAttributeName", "NSStrikethroughColorAttributeName", "NSObliquenessAttributeName",
            "NSExpansionAttributeName", "NSWritingDirectionAttributeName", "NSVerticalGlyphFormAttributeName",
        ]
        for (weight, _) in FontObject.swift3Weights {
            names.insert("UIFontWeight" + weight.prefix(1).uppercased() + weight.dropFirst())
        }
        return names
    }()

    /// Whether the unit is written in Swift 3: it names one of Swift 3's own names that it
    /// does not declare itself.
    static func isSwift3(_ unit: SourceUnit) -> Bool {
        var finder = NameFinder()
        finder.walk(unit.statements)
        return !finder.used.subtracting(finder.declared).isEmpty
    }

    /// Whether Objective-C can express a member of these parameter and result types (what
    /// Swift 3 required before it inferred `@objc`). `objcClass` tells whether a type name
    /// is an Objective-C class (UIKit's, or the script's NSObject subclass). Unsure is no.
    static func representable(parameters: [TypeSyntax?], result: TypeSyntax?, objcClass: (String) -> Bool) -> Bool {
        parameters.allSatisfy { $0.map { representable($0, objcClass) } ?? false }
            && (result.map { isVoid($0) || representable($0, objcClass) } ?? true)
    }

    static func representable(_ type: TypeSyntax, _ objcClass: (String) -> Bool) -> Bool {
        switch type {
        case .named(let n): return scalars.contains(n) || n == "Selector" || isObject(n, objcClass)
        case .optional(.named(let n)): return isObject(n, objcClass)
        case .array(.named(let n)): return isObject(n, objcClass) || scalars.contains(n)
        default: return false
        }
    }

    private static func isVoid(_ type: TypeSyntax) -> Bool {
        if case .tuple(let elements) = type { return elements.isEmpty }
        return type == .named("Void")
    }

    /// Swift's numbers and Bool, which Objective-C has as C scalars (never optional).
    private static let scalars: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "CGFloat", "Bool",
    ]

    /// Types Objective-C has as objects: Foundation's bridged values, `Any`/`AnyObject`,
    /// and Objective-C classes.
    private static func isObject(_ n: String, _ objcClass: (String) -> Bool) -> Bool {
        bridged.contains(n) || objcClass(n)
    }

    private static let bridged: Set<String> = [
        "String", "Any", "AnyObject", "Notification", "IndexPath", "URL", "Date", "Data",
    ]

    /// Whether UIKit's type `name` is an Objective-C class: NSObject or a class descending
    /// from it in the catalogue.
    static func isUIKitClass(_ name: String) -> Bool {
        var next: String? = name
        var steps = 0
        while let n = next, steps < 16 {
            if n == "NSObject" { return true }
            guard let entry = UIKitCatalogueData.types[n] else { return false }
            next = entry.superclass
            steps += 1
        }
        return false
    }
}

/// The Swift-3-only names a unit uses, and the names it declares anywhere (a script's own
/// `let NSFontAttributeName` is no evidence).
private struct NameFinder: SyntaxVisitor {
    var used = Set<String>()
    var declared = Set<String>()

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .identifier(let name) = node.kind, Swift3ObjCInference.swift3OnlyNames.contains(name) { used.insert(name) }
        return .visitChildren
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .variable(let v): if let name = v.name { declared.insert(name) }
        case .function(let f): declared.insert(f.name)
        default: break
        }
        return .visitChildren
    }
}
