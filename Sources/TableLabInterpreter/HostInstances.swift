// What the host needs to make and drive instances of script classes that inherit from a
// host class, as UIKit does with a `class MyCell: UITableViewCell`: construct one through
// a chosen initializer (`init(style:reuseIdentifier:)`, `init?(coder:)`), connect its
// `@IBOutlet`s as a storyboard or nib does, call its methods (`awakeFromNib()`,
// `prepareForReuse()`), and the initializers a subclass inherits from its host class.

import TableLabSyntax

extension InterpreterCore {
    /// Swift's initializer inheritance for a host superclass: a class that declares no
    /// designated initializer (nor does any script class above it) inherits the host's,
    /// so `MyCell(style: .subtitle, reuseIdentifier: "x")` runs UITableViewCell's. nil when
    /// the host has no initializer with these labels; else whether it is failable.
    func runInheritedHostInit(_ m: Ctx, _ t: UserType, _ inst: TableInstance, _ labels: [String?], _ argc: Int,
                              _ loc: SourceLocation) throws -> Bool? {
        guard let info = t.classInfo, info.hostSuperclass != nil,
              !info.inits.contains(where: { !$0.mods.isConvenience }) else { return nil }
        let fullName = "init(" + labelsString(labels) + ")"
        guard try callHostBaseMethod(m, inst, fullName, argc, loc) != nil else { return nil }
        try checkInitialized(inst, upTo: t.fieldNames.count, at: loc)
        return fullName == "init(coder:)"
    }

    /// The `@IBOutlet` stored properties of class `t` and its script superclasses, in
    /// declaration order (the superclass's first), with their types as written.
    func outletProperties(_ t: UserType) -> [(name: String, type: TypeSyntax?)] {
        var chain: [UserType] = []
        var c: UserType? = t
        while let x = c { chain.insert(x, at: 0); c = x.classInfo?.superclass }
        var out: [(String, TypeSyntax?)] = []
        for x in chain {
            guard let d = x.decl as? ClassDecl else { continue }
            for p in d.members.properties where p.getter == nil && !p.isStatic {
                if let n = p.name, d.memberModifiers[p.location]?.isOutlet == true { out.append((n, p.type)) }
            }
        }
        return out
    }
}

extension Interpreter {
    /// A new instance of the script class `className` made by its initializer whose labels
    /// are `labels` (or the one it inherits from its host class); nil when a failable
    /// initializer failed. Throws Swift's errors (no such initializer, uninitialized
    /// properties) and whatever the initializer throws.
    public func construct(_ className: String, labels: [String?], arguments: [Value]) throws -> Value {
        let file = core.currentFile ?? SourceFile(name: "<call>", text: "")
        return try guarded(file) { () throws -> Value in
            guard let t = core.userType(className), t.kind == .class else {
                throw RuntimeError("cannot find '\(className)' in scope", at: .unknown)
            }
            let m = core.machine
            let inst = try core.newInstance(m, t, .unknown)
            for a in arguments { m.push(a) }
            do {
                let failable = try core.runClassInit(m, t, inst, labels, arguments.count, .unknown)
                return failable ? .wrapped(.type(.table(inst))) : .type(.table(inst))
            } catch is ClassInitFailed {
                return .nilValue
            }
        }
    }

    /// Calls the instance method `fullName` of a script object (its class's, else its host
    /// part's); nil when neither has one.
    public func callMethod(on value: Value, _ fullName: String, _ arguments: [Value]) throws -> Value? {
        guard case .type(.table(let inst)) = value.unboxed else { return nil }
        let file = core.currentFile ?? SourceFile(name: "<call>", text: "")
        return try guarded(file) { () throws -> Value? in
            let m = core.machine
            let name = String(fullName[..<(fullName.firstIndex(of: "(") ?? fullName.endIndex)])
            var labels: [String?] = []
            if let open = fullName.firstIndex(of: "("), let close = fullName.lastIndex(of: ")") {
                labels = fullName[fullName.index(after: open)..<close].split(separator: ":").map { $0 == "_" ? nil : String($0) }
            }
            for a in arguments { m.push(a) }
            var v = value.unboxed
            if let r = try core.callUserMethod(m, &v, inst.type, name, fullName, labels, arguments.count, true, "",
                                               MemberCache(), .unknown) { return r }
            if let r = try core.callHostBaseMethod(m, inst, fullName, arguments.count, .unknown) { return r }
            m.pop(arguments.count)
            return nil
        }
    }

    /// The `@IBOutlet` stored properties of a script class, its superclasses' first, with
    /// the type each is declared with (`UILabel` for `UILabel!`).
    public func outlets(ofClass className: String) -> [(name: String, type: String)] {
        guard let t = core.userType(className), t.kind == .class else { return [] }
        return core.outletProperties(t).map { p in
            var type = p.type
            if case .optional(let inner)? = type { type = inner }
            return (p.name, type?.description ?? "")
        }
    }

    /// Stores a stored property of a script object directly (as a nib connects an
    /// outlet: no observer, no access check); false when it has no such property.
    public func setStoredProperty(_ name: String, of value: Value, to newValue: Value) -> Bool {
        guard case .type(.table(let inst)) = value.unboxed, let i = inst.type.fieldIndex[name], i < inst.fields.count else { return false }
        inst.fields[i] = newValue
        return true
    }

    /// A stored property of a script object; nil when it has none (or is not initialized).
    public func storedProperty(_ name: String, of value: Value) -> Value? {
        guard case .type(.table(let inst)) = value.unboxed, let i = inst.type.fieldIndex[name], i < inst.fields.count else { return nil }
        if case .box(let b) = inst.fields[i], b === uninitializedField { return nil }
        return inst.fields[i].unboxed
    }

    /// The script class of an object (`.type(.table(inst))` of a class), nil otherwise.
    public func className(of value: Value) -> String? {
        guard case .type(.table(let inst)) = value.unboxed, inst.type.kind == .class else { return nil }
        return inst.type.name
    }

    /// The script class a metatype value stands for (`MyCell.self`), nil otherwise.
    public func className(ofMetatype value: Value) -> String? {
        switch value.unboxed {
        case .type(.structType(let t)) where t.kind == .class: return t.name
        default: return nil
        }
    }
}

extension Interpreter {
    /// A stored property of a struct value (`config.text` of a content configuration the
    /// host stored); nil for other values and unknown names.
    public static func structField(_ name: String, of value: Value) -> Value? {
        guard case .structValue(let s) = value.unboxed, let i = s.type.fieldIndex[name], i < s.fields.count else { return nil }
        return s.fields[i]
    }
}

/// Implicitly unwrapped optionals (`@IBOutlet weak var titleLabel: UILabel!`): a property
/// declared `T!` is an optional that a member access reaches through, as if written
/// `titleLabel!.text`; nil there is Swift's "implicitly unwrapping" fatal error.
final class ImplicitUnwrapState {
    /// The names of the properties declared with `!` (by name: the receiver's type is not
    /// known when the access is compiled).
    var names: Set<String> = []
    /// Where an unwrap was inserted for one (its message says "implicitly").
    var sites: Set<SourceLocation> = []
}

extension InterpreterCore {
    /// `base` with an unwrap inserted when it names a property declared `T!` (`titleLabel`,
    /// `self.titleLabel`, `cell.titleLabel`); nil otherwise. A local of that name is not one.
    func implicitUnwrap(_ base: Expr, _ scope: FnScope) -> Expr? {
        let state = implicitUnwrapping
        guard !state.names.isEmpty else { return nil }
        switch base.kind {
        case .identifier(let n) where state.names.contains(n) && scope.findLocal(n) == nil: break
        case .member(_, let n) where state.names.contains(n): break
        default: return nil
        }
        state.sites.insert(base.location)
        return Expr(.forceUnwrap(base), at: base.location, range: base.range)
    }

    /// Swift's message for a nil unwrapped at `loc`.
    func unwrapFailure(at loc: SourceLocation) -> String {
        implicitUnwrapping.sites.contains(loc)
            ? "Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"
            : "Fatal error: Unexpectedly found nil while unwrapping an Optional value"
    }
}
