import TableLabSyntax

// Access control that changes what a program may do: `private(set) var` is written only
// by its own type (its methods, extensions and nested types, and closures inside them);
// a write from anywhere else is swiftc's "cannot assign to property: 'x' setter is
// inaccessible". (The whole script is one file, so `fileprivate(set)` restricts nothing.)
// Checked when the write runs, through the write's Immutability, so `+=`, mutating
// methods and `&` arguments are refused as Swift refuses them.

extension InterpreterCore {
    /// The Immutability of writing `name` of `v` from code inside `from` (nil at the top
    /// level), when `name` is a `private(set)` property declared by a type `from` is outside.
    func privateSetterImmutability(_ v: Value, _ name: String, from: UserType?) -> Immutability? {
        var t: UserType?
        switch v {
        case .structValue(let s): t = s.type
        case .type(.table(let inst)): t = inst.type
        case .box(let b): return privateSetterImmutability(b.value, name, from: from)
        default: return nil
        }
        // The declaring type: the class itself or a superclass.
        while let u = t, !u.privateSetters.contains(name) { t = u.classInfo?.superclass }
        guard let owner = t else { return nil }
        if let from, from === owner || from.name.hasPrefix(owner.name + ".") || from.name == owner.name { return nil }
        let im = Immutability(reason: "'\(name)' setter is inaccessible", isProperty: true)
        im.isAccess = true
        return im
    }
}

// `weak var` of a script class: TableLab holds every reference strongly, so such a
// variable would never become nil when the instance's last strong reference goes, as it
// does in Swift. It is refused by name where it is declared. A `weak var` of a protocol
// type (`weak var delegate: RowDelegate?`), of a view controller or of a UIKit type is
// accepted and holds strongly: in table code that is a view controller or a view that
// outlives the holder, where strong and weak behave alike. So is an `@IBOutlet weak var`
// of a script view class (`DynamicHeightTableView: UITableView`): in UIKit the controller's
// view holds the view as long as the controller has it, and both go together, which is
// when TableLab's outlet lets it go. `unowned` holds strongly too (Swift's trap on reading
// a freed `unowned` reference does not happen); of a class whose `deinit` has statements
// it is refused, since it would keep the instance and its `deinit` from running.
extension InterpreterCore {
    func weakReferenceError(_ p: VariableDecl, isOutlet: Bool = false) -> RuntimeError? {
        guard p.ownership != .strong, let ts = p.type else { return nil }
        var t = resolveType(ts)
        if case .optional(let w) = t { t = w }
        guard case .user(let slot) = t, let u = slot.current, u.kind == .class else { return nil }
        if p.ownership == .unowned {
            guard let d = classWithDeinit(u) else { return nil }
            return RuntimeError(UnsupportedMessage.unownedReference(type: u.name, deinitClass: d.name), at: p.location)
        }
        if isOutlet, u.classInfo?.hostSuperclass != nil { return nil }
        return RuntimeError(UnsupportedMessage.weakReference(u.name), at: p.location)
    }

    /// swiftc's errors for a `weak` property that is not an Optional, and for a `weak` or
    /// `unowned` one of a type that is not a class.
    func referenceTypeError(_ p: VariableDecl) -> RuntimeError? {
        guard p.ownership != .strong, let ts = p.type else { return nil }
        let word = p.ownership == .weak ? "weak" : "unowned"
        var inner = ts
        if case .optional(let w) = ts { inner = w } else if p.ownership == .weak {
            return RuntimeError(ReferenceMessage.weakNotOptional(type: ts.description), at: p.location)
        }
        let notAClass: Bool
        switch resolveType(inner) {
        case .user(let slot): notAClass = slot.current.map { $0.kind != .class } ?? false
        case .int, .double, .float, .bool, .string, .fixed, .array, .dictionary, .set, .tuple, .labelledTuple: notAClass = true
        default: notAClass = false
        }
        guard notAClass else { return nil }
        return RuntimeError(ReferenceMessage.notAClassType(ownership: word, type: inner.description), at: p.location)
    }

    /// `u` or a subclass of it whose `deinit` has statements.
    private func classWithDeinit(_ u: UserType) -> UserType? {
        for t in types where t.kind == .class && t.runsDeinit {
            var c: UserType? = t
            while let x = c {
                if x === u { return t }
                c = x.classInfo?.superclass
            }
        }
        return nil
    }

    /// The first `weak` property of a script class type among the types just declared.
    func checkWeakProperties(_ stmts: [Stmt]) throws {
        func members(_ d: Decl) -> TypeMembers? {
            switch d {
            case .struct(let s): return s.members
            case .table(let t): return t.members
            case .class(let c): return c.members
            case .enum(let e): return e.members
            case .extension(_, let m, _): return m
            default: return nil
            }
        }
        func visit(_ d: Decl) throws {
            // A global's `weak`/`unowned` reference is kept as such (WeakReferences.swift).
            if case .variable(let v) = d, v.getter == nil, v.observers == nil, v.name != nil, referenceStrength(v) != nil { return }
            if case .variable(let v) = d, let e = weakReferenceError(v) { throw e }
            guard let m = members(d) else { return }
            // A class's `weak`/`unowned` properties are kept as such (WeakReferences.swift).
            if case .class = d {
                for p in m.properties { if let e = referenceTypeError(p) { throw e } }
                for n in m.nestedTypes { try visit(n) }
                return
            }
            for p in m.properties {
                var isOutlet = false
                if case .class(let c) = d { isOutlet = c.memberModifiers[p.location]?.isOutlet ?? false }
                if let e = weakReferenceError(p, isOutlet: isOutlet) { throw e }
            }
            for n in m.nestedTypes { try visit(n) }
        }
        for s in stmts { if case .declaration(let d) = s.kind { try visit(d) } }
    }
}
