// `#selector(m)` names an Objective-C method: swiftc refuses one naming a method of the
// script's that is not exposed to Objective-C ("argument of '#selector' refers to instance
// method 'tap' that is not exposed to Objective-C"), in any function, run or not. Swift 4
// ended Swift 3's inference of `@objc` for every method of an NSObject subclass (SE-0160),
// so code written before it fails here, unless the program shows it is Swift 3 (a name only
// Swift 3 had): then a member of an NSObject subclass is exposed as Swift 3 inferred it
// (Swift3ObjCInference.swift). A method is exposed when it is marked `@objc` (or
// `@IBAction`, ...), when its extension is `@objc` or its class `@objcMembers`, when it
// overrides UIKit's method (UIKit's are Objective-C) or an exposed one of the script's, and
// when it satisfies a requirement of UIKit's protocols or of an `@objc protocol`. Table
// blocks are TableLab's shorthand (printed back with `@objc` where a selector names a method).
// `#selector(getter: Type.property)` and `setter:` name a property's Objective-C accessors:
// swiftc wants the property settable for `setter:` and exposed (`@objc`, an outlet, an
// override of UIKit's), refuses `getter:` on a method, and a bare reference to a property
// without `getter:`/`setter:`.

import TableLabSyntax

enum SelectorExposure {
    /// One method of a type, with what decides its exposure.
    private struct Method {
        var decl: FunctionDecl
        var modifiers: ClassMemberModifiers
        /// Declared in an `@objc extension`.
        var inObjCExtension: Bool
    }

    /// One property of a type, with what decides its exposure.
    private struct Property {
        var decl: VariableDecl
        var modifiers: ClassMemberModifiers
        var inObjCExtension: Bool
        /// A stored `var`, or a computed property with a setter.
        var isSettable: Bool { !decl.isLet && (decl.getter == nil || decl.setter != nil) }
    }

    /// What the unit declares of one type name: a class's body and every extension of it.
    private struct TypeInfo {
        var superclass: String?
        var conformances: [String] = []
        var objcMembers = false
        var methods: [Method] = []
        var properties: [Property] = []
    }

    /// The errors, in source order.
    static func errors(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        var declared = Declarations(unit)
        guard declared.types.values.contains(where: { !$0.methods.isEmpty || !$0.properties.isEmpty }) else { return [] }
        var finder = SelectorFinder()
        finder.walk(unit.statements)
        // Another walk of the unit, only for a unit with selectors to check.
        if !finder.sites.isEmpty { declared.swift3 = Swift3ObjCInference.isSwift3(unit) }
        return finder.sites.flatMap { siteErrors($0, declared, file) }
    }

    /// The stored properties of the unit's classes that Objective-C cannot see (no `@objc`,
    /// no `@IBOutlet`, no `@objcMembers` class, not Swift 3's inference), by class, those
    /// its script superclasses declare included: key-value coding cannot set them, so UIKit
    /// raises NSUnknownKeyException for a storyboard outlet connected to one. Every type the
    /// unit declares has an entry (empty when all are exposed: a class redeclared with its
    /// outlets marked replaces what an earlier unit said); no walk for Swift 3's names when
    /// every stored property is marked.
    static func unexposedStoredProperties(_ unit: SourceUnit) -> [String: Set<String>] {
        var declared = Declarations(unit)
        var out = Dictionary(uniqueKeysWithValues: declared.types.keys.map { ($0, Set<String>()) })
        func stored(_ p: Property) -> Bool { p.decl.getter == nil && !p.decl.isStatic && p.decl.name != nil }
        guard declared.types.values.contains(where: { $0.properties.contains { stored($0) && !$0.modifiers.isObjC } }) else { return out }
        declared.swift3 = Swift3ObjCInference.isSwift3(unit)
        for name in declared.types.keys {
            for t in declared.lineage(name).reversed() {
                for p in declared.types[t]?.properties ?? [] where stored(p) {
                    if declared.exposed(p, of: t) { out[name]?.remove(p.decl.name!) } else { out[name, default: []].insert(p.decl.name!) }
                }
            }
        }
        return out
    }

    /// What the unit declares that decides exposure: its types (each class with its
    /// extensions), its `@objc` protocols' requirements and the names of all its protocols.
    private struct Declarations {
        var types: [String: TypeInfo] = [:]
        var objcProtocols: [String: [String]] = [:]
        var scriptProtocols = Set<String>()
        /// The program is written in Swift 3, which inferred `@objc` for NSObject subclasses.
        var swift3 = false

        init(_ unit: SourceUnit) {
            for s in unit.statements { if case .declaration(let d) = s.kind { collect(d, unit) } }
        }

        private mutating func add(_ name: String, _ members: TypeMembers, objcExtension: Bool, _ unit: SourceUnit) {
            for f in members.methods {
                types[name, default: TypeInfo()].methods.append(
                    Method(decl: f, modifiers: unit.memberModifiers[f.location] ?? ClassMemberModifiers(), inObjCExtension: objcExtension))
            }
            for p in members.properties where p.name != nil {
                types[name, default: TypeInfo()].properties.append(
                    Property(decl: p, modifiers: unit.memberModifiers[p.location] ?? ClassMemberModifiers(), inObjCExtension: objcExtension))
            }
        }

        private mutating func collect(_ d: Decl, _ unit: SourceUnit) {
            switch d {
            case .class(let c):
                types[c.name, default: TypeInfo()].superclass = c.inherited.first
                types[c.name, default: TypeInfo()].conformances += c.inherited
                if unit.objcTypes.contains(c.location) { types[c.name, default: TypeInfo()].objcMembers = true }
                add(c.name, c.members, objcExtension: false, unit)
                for n in c.members.nestedTypes { collect(n, unit) }
            case .extension(let name, let members, let location):
                types[name, default: TypeInfo()].conformances += members.conformances
                add(name, members, objcExtension: unit.objcTypes.contains(location), unit)
                for n in members.nestedTypes { collect(n, unit) }
            case .protocol(let p):
                scriptProtocols.insert(p.name)
                if unit.objcTypes.contains(p.location) { objcProtocols[p.name] = p.methods.map(\.fullName) }
            case .struct(let s): for n in s.members.nestedTypes { collect(n, unit) }
            case .enum(let e): for n in e.members.nestedTypes { collect(n, unit) }
            default: break
            }
        }

        /// The type and its superclasses the unit declares, nearest first.
        func lineage(_ name: String) -> [String] {
            var out: [String] = []
            var next: String? = name
            while let n = next, types[n] != nil, !out.contains(n) {
                out.append(n)
                next = types[n]?.superclass
            }
            return out
        }

        func exposed(_ m: Method, of type: String) -> Bool {
            if m.modifiers.isObjC || m.inObjCExtension { return true }
            let chain = lineage(type)
            if chain.contains(where: { types[$0]?.objcMembers == true }) { return true }
            let full = m.decl.fullName
            if m.modifiers.isOverride {
                // The method it overrides: the script's nearest (exposed or not), else UIKit's.
                for ancestor in chain.dropFirst() {
                    if let o = types[ancestor]?.methods.first(where: { $0.decl.fullName == full && $0.decl.isStatic == m.decl.isStatic }) {
                        return exposed(o, of: ancestor)
                    }
                }
                return true
            }
            for t in chain {
                for p in types[t]?.conformances ?? [] {
                    if let requirements = objcProtocols[p], requirements.contains(full) { return true }
                    if !scriptProtocols.contains(p), UIKitCatalogue.declares(p, full) { return true }
                }
            }
            return swift3 && !m.modifiers.isPrivate && isObjCClass(type) && m.decl.genericParameters.isEmpty
                && m.decl.throwsKeyword == nil
                && Swift3ObjCInference.representable(parameters: m.decl.parameters.map { $0.isInout || $0.isVariadic ? nil : $0.type },
                                                     result: m.decl.returnType, objcClass: isObjCClass)
        }

        func exposed(_ p: Property, of type: String) -> Bool {
            if p.modifiers.isObjC || p.inObjCExtension || p.modifiers.isOverride { return true }
            if lineage(type).contains(where: { types[$0]?.objcMembers == true }) { return true }
            return swift3 && !p.modifiers.isPrivate && isObjCClass(type)
                && (p.decl.type.map { Swift3ObjCInference.representable($0, isObjCClass) } ?? false)
        }

        /// Whether a type is an Objective-C class: UIKit's (extended or not), or the
        /// script's class whose superclasses reach one of UIKit's (NSObject included).
        func isObjCClass(_ name: String) -> Bool {
            let root = lineage(name).last ?? name
            return Swift3ObjCInference.isUIKitClass(types[root]?.superclass ?? root)
        }
    }

    /// The errors of one `#selector`: about the property it names, else the method.
    private static func siteErrors(_ site: SelectorFinder.Site, _ declared: Declarations, _ file: SourceFile) -> [Diagnostic] {
        if let found = property(site, types: declared.types, lineage: declared.lineage) {
            return propertyErrors(site, found, declared, file)
        }
        if let accessor = site.accessor {
            // `getter:` naming a method of the script's.
            guard let (method, _) = resolve(site, types: declared.types, lineage: declared.lineage) else { return [] }
            let f = method.decl
            return [.error(SelectorExposureMessage.methodAsProperty(kind: kind(of: method), name: f.fullName, accessor: accessor),
                           at: site.argumentLocation, in: file)]
        }
        guard let (method, type) = resolve(site, types: declared.types, lineage: declared.lineage),
              !declared.exposed(method, of: type) else { return [] }
        let f = method.decl
        let methodKind = kind(of: method)
        // swiftc names a method whose parameters all lack labels by its base name alone.
        let name = !f.parameters.isEmpty && f.parameters.allSatisfy({ $0.label == nil }) ? f.name : f.fullName
        return [.error(SelectorExposureMessage.notExposed(kind: methodKind, name: name), at: site.location, in: file,
                       notes: [.note(SelectorExposureMessage.addObjC(kind: methodKind), at: DelegateNearMiss.nameLocation(f), in: file)])]
    }

    private static func kind(of method: Method) -> String {
        method.decl.isStatic ? (method.modifiers.isClassMember ? "class method" : "static method") : "instance method"
    }

    /// The errors of a `#selector` naming a property of the script's: `setter:` of one
    /// that cannot be set, an accessor of one not exposed, or no accessor at all.
    private static func propertyErrors(_ site: SelectorFinder.Site, _ found: (property: Property, type: String),
                                       _ declared: Declarations, _ file: SourceFile) -> [Diagnostic] {
        let name = found.property.decl.name ?? ""
        // A declaration's place is its name's (swiftc's notes stand there).
        let declaredAt = found.property.decl.location
        switch site.accessor {
        case "setter" where !found.property.isSettable:
            return [.error(SelectorExposureMessage.nonSettable(name), at: site.location, in: file,
                           notes: [.note(SelectorExposureMessage.declaredHere(name), at: declaredAt, in: file)])]
        case "getter", "setter":
            guard !declared.exposed(found.property, of: found.type) else { return [] }
            return [.error(SelectorExposureMessage.propertyNotExposed(name), at: site.location, in: file,
                           notes: [.note(SelectorExposureMessage.addObjC(kind: "property"), at: declaredAt, in: file)])]
        default:
            guard found.property.isSettable else { return [.error(SelectorExposureMessage.useGetter(name), at: site.location, in: file)] }
            return [.error(SelectorExposureMessage.useGetterOrSetter(name), at: site.location, in: file,
                           notes: [.note(SelectorExposureMessage.addAccessor("getter", name), at: site.argumentLocation, in: file),
                                   .note(SelectorExposureMessage.addAccessor("setter", name), at: site.argumentLocation, in: file)])]
        }
    }

    /// The type a `#selector` reference names (`Type.name`, `self.name`, or the enclosing
    /// type for a bare name) and the member's name; nil outside a type with no prefix.
    private static func typeAndName(_ reference: Substring, _ site: SelectorFinder.Site) -> (type: String, name: String)? {
        var reference = reference
        var typeName = site.enclosingType
        if let dot = reference.lastIndex(of: ".") {
            let prefix = String(reference[..<dot])
            if prefix != "self" { typeName = prefix }
            reference = reference[reference.index(after: dot)...]
        }
        guard let typeName else { return nil }
        return (typeName, String(reference))
    }

    /// The script's property a selector names (`getter: Type.name`, `setter: name`, or a
    /// bare `name` that no method of the type has), and the type declaring it.
    private static func property(_ site: SelectorFinder.Site, types: [String: TypeInfo],
                                 lineage: (String) -> [String]) -> (property: Property, type: String)? {
        let reference = Substring(site.referenceWithoutAccessor)
        if reference.contains("(") { return nil }
        guard let (typeName, base) = typeAndName(reference, site) else { return nil }
        for t in lineage(typeName) {
            // A method of the name is what a bare reference means (and `getter:` refuses).
            if types[t]?.methods.contains(where: { $0.decl.name == base }) == true { return nil }
            if let p = types[t]?.properties.first(where: { $0.decl.name == base && !$0.decl.isStatic }) { return (p, t) }
        }
        return nil
    }

    /// The script's method a selector names, and the type declaring it; nil when it names
    /// none of the script's methods (UIKit's, a global function, several).
    private static func resolve(_ site: SelectorFinder.Site, types: [String: TypeInfo],
                                lineage: (String) -> [String]) -> (Method, String)? {
        var reference = Substring(site.referenceWithoutAccessor)
        var labels: [String]? = nil
        if let open = reference.firstIndex(of: "("), reference.hasSuffix(")") {
            labels = reference[reference.index(after: open)..<reference.index(before: reference.endIndex)]
                .split(separator: ":", omittingEmptySubsequences: true).map(String.init)
            reference = reference[..<open]
        }
        guard let (typeName, base) = typeAndName(reference, site) else { return nil }
        for t in lineage(typeName) {
            let candidates = (types[t]?.methods ?? []).filter { m in
                m.decl.name == base && (labels.map { $0 == m.decl.parameters.map { $0.label ?? "_" } } ?? true)
            }
            if candidates.count == 1 { return (candidates[0], t) }
            if candidates.count > 1 { return nil }
        }
        return nil
    }
}

/// Every `#selector(...)` of a unit (the lexer makes it a call of `#selector` with the
/// reference as a string), with the type whose body holds it.
private struct SelectorFinder: SyntaxVisitor {
    struct Site {
        var reference: String
        var location: SourceLocation
        var enclosingType: String?
        /// Where the reference starts, after `#selector(`.
        var argumentLocation: SourceLocation
        /// `getter` or `setter` when the reference starts with one.
        var accessor: String? {
            if reference.hasPrefix("getter:") { return "getter" }
            if reference.hasPrefix("setter:") { return "setter" }
            return nil
        }
        var referenceWithoutAccessor: String {
            accessor.map { String(reference.dropFirst($0.count + 1)) } ?? reference
        }
    }
    var sites: [Site] = []
    /// The types whose bodies hold the node, innermost last; nil for a table block.
    private var typeStack: [String?] = []

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .class(let c): typeStack.append(c.name)
        case .extension(let name, _, _): typeStack.append(name)
        case .struct(let s): typeStack.append(s.name)
        case .enum(let e): typeStack.append(e.name)
        // A table block is TableLab's shorthand: its selectors are not checked.
        case .table: typeStack.append(nil)
        default: break
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Decl) {
        switch node {
        case .class, .extension, .struct, .enum, .table: typeStack.removeLast()
        default: break
        }
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        guard case .call(let callee, let arguments) = node.kind, case .identifier("#selector") = callee.kind,
              arguments.count == 1, case .string(let parts) = arguments[0].value.kind, parts.count == 1,
              case .text(let reference) = parts[0] else { return .visitChildren }
        let at = arguments[0].value.location
        if let innermost = typeStack.last {
            guard let type = innermost else { return .skipChildren }
            sites.append(Site(reference: reference, location: node.location, enclosingType: type, argumentLocation: at))
        } else {
            sites.append(Site(reference: reference, location: node.location, enclosingType: nil, argumentLocation: at))
        }
        return .skipChildren
    }
}

/// swiftc's words for a selector of a method Objective-C cannot see.
enum SelectorExposureMessage: DiagnosticMessage, Hashable {
    case notExposed(kind: String, name: String)
    case addObjC(kind: String)
    case propertyNotExposed(String)
    case nonSettable(String)
    case declaredHere(String)
    case useGetterOrSetter(String)
    case useGetter(String)
    case addAccessor(String, String)
    case methodAsProperty(kind: String, name: String, accessor: String)

    var id: DiagnosticID {
        switch self {
        case .notExposed, .propertyNotExposed: return DiagnosticID("expr_selector_not_objc")
        case .addObjC: return DiagnosticID("make_decl_objc")
        case .nonSettable: return DiagnosticID("expr_selector_property_not_settable")
        case .declaredHere: return DiagnosticID("decl_declared_here")
        case .useGetterOrSetter: return DiagnosticID("expr_selector_property_setter_inaccessible")
        case .useGetter: return DiagnosticID("expr_selector_expected_property")
        case .addAccessor: return DiagnosticID("expr_selector_add_modifier")
        case .methodAsProperty: return DiagnosticID("expr_selector_expected_method")
        }
    }

    var text: String {
        switch self {
        case .notExposed(let kind, let name): return "argument of '#selector' refers to \(kind) '\(name)' that is not exposed to Objective-C"
        case .addObjC(let kind): return "add '@objc' to expose this \(kind) to Objective-C"
        case .propertyNotExposed(let name): return "argument of '#selector' refers to property '\(name)' that is not exposed to Objective-C"
        case .nonSettable(let name): return "argument of '#selector(setter:)' refers to non-settable property '\(name)'"
        case .declaredHere(let name): return "'\(name)' declared here"
        case .useGetterOrSetter(let name):
            return "use 'getter:' or 'setter:' to refer to the Objective-C getter or setter of property '\(name)', respectively"
        case .useGetter(let name): return "use 'getter:' to refer to the Objective-C getter of property '\(name)'"
        case .addAccessor(let accessor, let name): return "add '\(accessor):' to reference the Objective-C \(accessor) for '\(name)'"
        case .methodAsProperty(let kind, let name, let accessor):
            return "cannot reference \(kind) '\(name)' as a property; remove '\(accessor):'"
        }
    }
}
