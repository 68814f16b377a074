// Prints the syntax tree as Swift source, with TableLab's additions mapped to UIKit
// (see SwiftEmitter.swift).
import TableLabSyntax

struct SwiftPrinter {
    let emission: SwiftEmission
    /// The table whose members are being printed (nil outside tables).
    let table: String?
    private(set) var text = ""
    var indent = 0
    /// Inside a heightFor... method: UIKit wants CGFloat where a script may return Double.
    var returnsCGFloat = false
    /// In a condition, a switch subject or a for-in sequence a trailing closure would be
    /// read as the statement's body.
    var noTrailingClosures = false
    /// The script line whose leading comments were printed last.
    var commentedLine = -1
    /// The modifiers of the members of the class being printed (`override`, `convenience`).
    var classModifiers: [SourceLocation: ClassMemberModifiers] = [:]
    /// Printing the members of a view-controller class or of an extension of one: its
    /// data-source, delegate and life-cycle methods get UIKit's spellings of today (a
    /// Swift 2 `tableView(tableView:cellForRowAtIndexPath:)` would be a method UIKit never
    /// calls, and Xcode rejects it in a conformance).
    var screenMembers = false
    /// Printing the members of a class or table (or an extension of one): a method that a
    /// `#selector` names is printed `@objc`, as Swift requires.
    var objcMembers = false
    /// In an extension: a member written `@objc` (or with an attribute that implies it) is printed `@objc`.
    var writtenObjCMembers = false

    init(emission: SwiftEmission, table: String?) {
        self.emission = emission
        self.table = table
    }

    // MARK: - Lines

    mutating func line(_ s: String) {
        text += String(repeating: "    ", count: indent) + s + "\n"
    }

    /// An empty line, never two in a row nor one right after an opening brace.
    mutating func blank() {
        guard !text.isEmpty, !text.hasSuffix("\n\n"), !text.hasSuffix("{\n") else { return }
        text += "\n"
    }

    mutating func indented(_ body: (inout SwiftPrinter) -> Void) {
        indent += 1
        body(&self)
        indent -= 1
    }

    /// The comment lines directly above `location` in the script (no blank line between).
    mutating func leadingComments(before location: SourceLocation) {
        // A member on its type's line (`struct Item { var title: String }`) has no comments
        // of its own: those above the line are the type's, printed once.
        guard location.line != commentedLine else { return }
        commentedLine = location.line
        var index = location.line - 2
        var comments: [String] = []
        while index >= 0, index < emission.lines.count {
            let trimmed = emission.lines[index].drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.hasPrefix("//") else { break }
            // Test directives (`// expect: ...`) are for TableLab's runners, not the app.
            if !Self.isDirective(trimmed) { comments.insert(String(trimmed), at: 0) }
            index -= 1
        }
        // A blank line above, in the script, stays (blank() never doubles one or opens a block with one).
        if index >= 0, index < emission.lines.count, emission.lines[index].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
            blank()
        }
        for comment in comments { line(comment) }
    }

    static func isDirective(_ comment: Substring) -> Bool {
        let body = comment.dropFirst(2).drop(while: { $0 == " " })
        for name in ["args:", "run:", "expect:", "expect-diag:", "expect-stderr:", "expect-exit:", "expect-error:"] where body.hasPrefix(name) {
            return true
        }
        return false
    }

    // MARK: - Declarations

    mutating func declaration(_ decl: Decl, at location: SourceLocation) {
        leadingComments(before: Self.location(of: decl) ?? location)
        let outerScreen = (screenMembers, objcMembers)
        screenMembers = false
        objcMembers = false
        defer { (screenMembers, objcMembers) = outerScreen }
        switch decl {
        case .variable(let v): variable(v)
        case .function(let f): function(f)
        case .enum(let e):
            var inherited: [String] = []
            if let raw = e.rawType { inherited.append(type(raw)) }
            inherited += e.conformances
            line("\(e.isIndirect ? "indirect " : "")enum \(e.name)\(genericClause(e.members.genericParameters))\(inherited.isEmpty ? "" : ": " + inherited.joined(separator: ", "))\(whereClause(e.members.whereClause)) {")
            indented { p in
                for c in e.cases {
                    // TableLab plays iOS: an iOS-only unavailability is written for every platform.
                    var text = (c.isUnavailable ? "@available(*, unavailable) " : "") + (c.isIndirect ? "indirect " : "")
                        + "case \(c.name)"
                    if let values = c.associatedValues {
                        text += "(" + values.map { v in
                            (v.label.map { $0 + ": " } ?? "") + (v.type.map(p.type) ?? "Any")
                                + (v.defaultValue.map { " = " + p.expression($0) } ?? "")
                        }.joined(separator: ", ") + ")"
                    }
                    p.line(text + (c.rawValue.map { " = " + p.expression($0) } ?? ""))
                }
                if !Self.isEmpty(e.members) { p.blank() }
                p.members(e.members, tableMethods: false)
            }
            line("}")
        case .struct(let s):
            line("struct \(s.name)\(genericClause(s.members.genericParameters))\(s.conformances.isEmpty ? "" : ": " + s.conformances.joined(separator: ", "))\(whereClause(s.members.whereClause)) {")
            indented { $0.members(s.members, tableMethods: false) }
            line("}")
        case .table(let t):
            line("// table \(t.name): see its own file")
        case .class(let c):
            let screenStyle = emission.screenStyle(of: c)
            if let (style, _) = screenStyle {
                line("// The script's `:style \(style.rawValue)`: in the storyboard, set this screen's table view's")
                line("// Style to \(style.interfaceBuilderName).")
            }
            line("\(c.isFinal ? "final " : "")class \(c.name)\(genericClause(c.members.genericParameters))\(c.inherited.isEmpty ? "" : ": " + c.inherited.joined(separator: ", "))\(whereClause(c.members.whereClause)) {")
            let outer = classModifiers
            classModifiers = c.memberModifiers
            screenMembers = emission.screenClasses.contains(c.name)
            objcMembers = true
            indented { p in
                if let (style, convenienceInit) = screenStyle, convenienceInit {
                    p.blank()
                    p.line("/// Made in code, the table view has the style the script gave it.")
                    p.line("convenience init() {")
                    p.indented { $0.line("self.init(style: \(style.swiftName))") }
                    p.line("}")
                }
                p.members(c.members, tableMethods: false)
                if let body = c.deinitBody {
                    p.blank()
                    p.line("deinit {")
                    p.indented { $0.statements(body) }
                    p.line("}")
                }
            }
            classModifiers = outer
            line("}")
        case .extension(let name, let members, let location):
            let conformances = members.conformances.isEmpty ? "" : ": " + members.conformances.joined(separator: ", ")
            // `@objc extension UIView`: its members can be overridden in a subclass's extension.
            let objc = emission.unit.objcTypes.contains(location) ? "@objc " : ""
            line("\(objc)extension \(name)\(conformances)\(whereClause(members.whereClause)) {")
            screenMembers = emission.screenClasses.contains(name)
            objcMembers = emission.classTypes.contains(name)
            // An extension of a UIKit class keeps a member's written `@objc`, which is what lets
            // another extension override it.
            let outerWritten = writtenObjCMembers
            writtenObjCMembers = true
            defer { writtenObjCMembers = outerWritten }
            // An extension's members keep their modifiers as written (`convenience init`).
            let outer = classModifiers
            classModifiers = emission.unit.memberModifiers
            indented { $0.members(members, tableMethods: false) }
            classModifiers = outer
            line("}")
        case .protocol(let p):
            protocolDecl(p)
        case .typeAlias(let a):
            line("typealias \(a.name) = \(type(a.type))")
        }
    }

    /// `protocol P: Q { requirements }`, each requirement without a body, in source order.
    mutating func protocolDecl(_ p: ProtocolDecl) {
        line("protocol \(p.name)\(p.inherited.isEmpty ? "" : ": " + p.inherited.joined(separator: ", ")) {")
        var all: [(SourceLocation, String)] = []
        for a in p.associatedTypes {
            all.append((a.location, "associatedtype \(a.name)" + (a.constraint.map { ": " + type($0) } ?? "")))
        }
        for r in p.properties {
            all.append((r.location, (r.isStatic ? "static " : "") + "var \(r.name): \(type(r.type)) { get\(r.isSettable ? " set" : "") }"))
        }
        for f in p.methods { all.append((f.location, functionHead(f, isInitializer: false))) }
        for f in p.initializers { all.append((f.location, functionHead(f, isInitializer: true))) }
        all.sort { ($0.0.line, $0.0.column) < ($1.0.line, $1.0.column) }
        indented { printer in
            for (location, text) in all {
                printer.leadingComments(before: location)
                printer.line(text)
            }
        }
        line("}")
    }

    func genericClause(_ parameters: [GenericParameter]) -> String {
        guard !parameters.isEmpty else { return "" }
        return "<" + parameters.map { $0.name + ($0.constraint.map { ": " + type($0) } ?? "") }.joined(separator: ", ") + ">"
    }

    func whereClause(_ requirements: [WhereRequirement]) -> String {
        guard !requirements.isEmpty else { return "" }
        return " where " + requirements.map { type($0.subject) + ($0.isSameType ? " == " : ": ") + type($0.constraint) }
            .joined(separator: ", ")
    }

    static func isEmpty(_ m: TypeMembers) -> Bool {
        m.properties.isEmpty && m.methods.isEmpty && m.initializers.isEmpty && m.nestedTypes.isEmpty && m.subscripts.isEmpty
    }

    static func location(of decl: Decl) -> SourceLocation? {
        switch decl {
        case .variable(let v): return v.location
        case .function(let f): return f.location
        case .enum(let e): return e.location
        case .struct(let s): return s.location
        case .table(let t): return t.location
        case .class(let c): return c.location
        case .extension(_, _, let l): return l
        case .protocol(let p): return p.location
        case .typeAlias(let a): return a.location
        }
    }

    /// Members in source order, each with its comments.
    mutating func members(_ m: TypeMembers, tableMethods: Bool) {
        enum Member { case property(VariableDecl), method(FunctionDecl), initializer(FunctionDecl), nested(Decl), subscriptDecl(SubscriptDecl), typeAlias(TypeAliasDecl) }
        var all: [(SourceLocation, Member)] = []
        all += m.properties.map { ($0.location, .property($0)) }
        all += m.methods.map { ($0.location, .method($0)) }
        all += m.initializers.map { ($0.location, .initializer($0)) }
        all += m.nestedTypes.map { (Self.location(of: $0) ?? .unknown, .nested($0)) }
        all += m.subscripts.map { ($0.location, .subscriptDecl($0)) }
        all += m.typeAliases.map { ($0.location, .typeAlias($0)) }
        all.sort { ($0.0.line, $0.0.column) < ($1.0.line, $1.0.column) }
        var previousWasProperty = false
        for (location, member) in all {
            switch member {
            case .property(let v):
                if !previousWasProperty { blank() }
                leadingComments(before: location)
                variable(v)
                previousWasProperty = v.getter == nil
                if !previousWasProperty { blank() }
            case .method(let f):
                blank()
                leadingComments(before: location)
                if tableMethods { tableMethod(f) } else if screenMembers { screenMethod(f) } else { function(f) }
                previousWasProperty = false
            case .initializer(let f):
                blank()
                leadingComments(before: location)
                function(f, isInitializer: true)
                previousWasProperty = false
            case .nested(let d):
                blank()
                declaration(d, at: location)
                previousWasProperty = false
            case .subscriptDecl(let s):
                blank()
                leadingComments(before: location)
                subscriptDecl(s)
                previousWasProperty = false
            case .typeAlias(let a):
                leadingComments(before: location)
                line("typealias \(a.name) = \(type(a.type))")
            }
        }
    }

    mutating func variable(_ v: VariableDecl) {
        let m = classModifiers[v.location] ?? ClassMemberModifiers()
        var head = (m.isOutlet ? "@IBOutlet " : "") + (m.isOverride ? "override " : "") + (m.isFinal ? "final " : "")
        // A property `#selector(getter:)`/`(setter:)` names is `@objc`, as Swift requires.
        if objcMembers, !m.isOutlet, let name = v.name, m.isObjC || emission.selectorMethods.contains(name) {
            head = "@objc " + head
        } else if writtenObjCMembers, !m.isOutlet, m.isObjC {
            head = "@objc " + head
        }
        head += m.isClassMember ? "class " : v.isStatic ? "static " : ""
        head += v.isPrivateSet ? "private(set) " : ""
        switch v.ownership {
        case .strong: break
        case .weak: head += "weak "
        case .unowned: head += v.isUnownedUnsafe ? "unowned(unsafe) " : "unowned "
        }
        head += (v.isLazy ? "lazy " : "") + (v.isLet ? "let " : "var ") + pattern(v.pattern, inBinding: true)
        if let t = v.type {
            // `UILabel!` is held as an Optional that is used unwrapped: spelled as written.
            if v.isImplicitlyUnwrapped, case .optional(let wrapped) = t {
                head += ": " + implicitlyUnwrapped(wrapped)
            } else {
                head += ": " + type(t)
            }
        }
        if let getter = v.getter {
            if let setter = v.setter {
                line(head + " {")
                indented { p in
                    p.line("get {")
                    p.indented { $0.statements(getter) }
                    p.line("}")
                    p.line((v.setterIsNonmutating ? "nonmutating " : "") + "set(\(setter.parameterName)) {")
                    p.indented { $0.statements(setter.body) }
                    p.line("}")
                }
                line("}")
            } else {
                line(head + " {")
                indented { $0.statements(getter) }
                line("}")
            }
            return
        }
        if let initial = v.initializer { head += " = " + expression(initial) }
        guard let o = v.observers else { line(head); return }
        line(head + " {")
        indented { p in
            for (word, a) in [("willSet", o.willSet), ("didSet", o.didSet)] {
                guard let a else { continue }
                p.line("\(word)(\(a.parameterName)) {")
                p.indented { $0.statements(a.body) }
                p.line("}")
            }
        }
        line("}")
    }

    mutating func subscriptDecl(_ s: SubscriptDecl) {
        let params = s.parameters.map { p -> String in
            let label = p.label.map { $0 + " " } ?? ""
            return label + p.name + ": " + (p.type.map(type) ?? "Any") + (p.defaultValue.map { " = " + expression($0) } ?? "")
        }.joined(separator: ", ")
        line((s.isStatic ? "static " : "") + "subscript(" + params + ") -> " + type(s.returnType) + " {")
        indented { p in
            p.line("get {")
            p.indented { $0.statements(s.getter) }
            p.line("}")
            if let setter = s.setter {
                p.line((s.setterIsNonmutating ? "nonmutating " : "") + "set(\(setter.parameterName)) {")
                p.indented { $0.statements(setter.body) }
                p.line("}")
            }
        }
        line("}")
    }

    /// `UILabel!`, `((Int) -> Void)!`: held as an Optional used unwrapped, spelt as written.
    func implicitlyUnwrapped(_ wrapped: TypeSyntax) -> String {
        if case .function = wrapped { return "(" + type(wrapped) + ")!" }
        return type(wrapped) + "!"
    }

    func parameterList(_ parameters: [Parameter]) -> String {
        parameters.map { p in
            var s = ""
            let label = p.label ?? "_"
            s += label == p.name ? p.name : label + " " + p.name
            s += ": " + (p.isInout ? "inout " : "") + p.typeAttributes.map { "@" + $0 + " " }.joined()
            if p.isVariadic, case .array(let element)? = p.type {
                s += type(element) + "..."
            } else if p.isImplicitlyUnwrapped, case .optional(let wrapped)? = p.type {
                s += implicitlyUnwrapped(wrapped)
            } else {
                s += p.type.map(type) ?? "Any"
            }
            if let d = p.defaultValue { s += " = " + expression(d) }
            return s
        }.joined(separator: ", ")
    }

    mutating func function(_ f: FunctionDecl, isInitializer: Bool = false, override: Bool = false) {
        line(functionHead(f, isInitializer: isInitializer, override: override) + " {")
        indented { $0.statements(f.body) }
        line("}")
    }

    /// A function's or initializer's declaration up to its body: modifiers (a class
    /// member's as written), generics, parameters, effects, result and `where` clause.
    func functionHead(_ f: FunctionDecl, isInitializer: Bool, override: Bool = false) -> String {
        let m = classModifiers[f.location] ?? ClassMemberModifiers()
        var head = ""
        if !isInitializer, objcMembers && emission.selectorMethods.contains(f.name) || writtenObjCMembers && m.isObjC { head += "@objc " }
        if m.isRequired { head += "required " }
        if m.isConvenience { head += "convenience " }
        if m.isOverride || override { head += "override " }
        if m.isFinal { head += "final " }
        if m.isClassMember { head += "class " } else if f.isStatic { head += "static " }
        // An operator function of one operand is a prefix one (TableLab refuses postfix
        // operator functions by name); Swift requires the word.
        if f.parameters.count == 1, let first = f.name.first, !first.isLetter, first != "_" { head += "prefix " }
        // The parser marks every initializer mutating (it may assign to self); Swift does not spell it.
        if f.isMutating, !isInitializer { head += "mutating " }
        head += isInitializer ? "init" + (f.failability ?? "") : "func \(f.name)"
        head += genericClause(f.genericParameters)
        head += "(" + parameterList(f.parameters) + ")"
        if let t = f.throwsKeyword { head += " " + t }
        if let r = f.returnType, !isInitializer { head += " -> " + type(r) }
        head += whereClause(f.whereClause)
        return head
    }

    /// UIViewController's methods a table may define: printed with `override` and a call
    /// to super, as UIKit asks.
    static let viewControllerOverrides: [String: String] = [
        "viewWillAppear(_:)": "viewWillAppear",
        "viewDidAppear(_:)": "viewDidAppear",
        "viewWillDisappear(_:)": "viewWillDisappear",
        "viewDidDisappear(_:)": "viewDidDisappear",
        "prepare(for:sender:)": "",
        "shouldPerformSegue(withIdentifier:sender:)": "",
    ]

    /// True when `body` calls `super.NAME(...)` as a statement of its own.
    static func callsSuper(_ name: String, in body: [Stmt]) -> Bool {
        body.contains { stmt in
            if case .expression(let e) = stmt.kind, case .call(let callee, _) = e.kind,
               case .member(let base, name) = callee.kind, case .identifier("super") = base.kind {
                return true
            }
            return false
        }
    }

    /// Swift 2's life-cycle and segue methods of UIViewController, as Swift 3 and later
    /// import them: full name → (name, labels, the sender's type).
    static let screenMethodRenames: [String: (name: String, labels: [String])] = [
        "viewWillAppear(animated:)": ("viewWillAppear", ["_"]),
        "viewDidAppear(animated:)": ("viewDidAppear", ["_"]),
        "viewWillDisappear(animated:)": ("viewWillDisappear", ["_"]),
        "viewDidDisappear(animated:)": ("viewDidDisappear", ["_"]),
        "prepareForSegue(segue:sender:)": ("prepare", ["for", "sender"]),
        "prepareForSegue(_:sender:)": ("prepare", ["for", "sender"]),
        "shouldPerformSegueWithIdentifier(identifier:sender:)": ("shouldPerformSegue", ["withIdentifier", "sender"]),
        "shouldPerformSegueWithIdentifier(_:sender:)": ("shouldPerformSegue", ["withIdentifier", "sender"]),
    ]

    /// A method of a view-controller class: a data-source or delegate method in UIKit's
    /// spelling of today (with its `override` when written, as a UITableViewController
    /// subclass has it), a Swift 2 life-cycle or segue method renamed; others as written.
    mutating func screenMethod(_ f: FunctionDecl) {
        if let (_, takesTableView) = DataSourceMethod.match(f.fullName), takesTableView {
            let m = classModifiers[f.location] ?? ClassMemberModifiers()
            tableMethod(f, prefix: m.isOverride ? "override " : "")
            return
        }
        guard let renamed = Self.screenMethodRenames[f.fullName], renamed.labels.count == f.parameters.count else {
            function(f)
            return
        }
        var g = f
        g.name = renamed.name
        for (i, label) in renamed.labels.enumerated() {
            g.parameters[i].label = label == "_" ? nil : label
        }
        if renamed.name == "prepare" || renamed.name == "shouldPerformSegue" {
            // `sender: AnyObject?` is `Any?` in the Swift 3 signature.
            g.parameters[1].type = .optional(.named("Any"))
        }
        function(g)
    }

    mutating func tableMethod(_ f: FunctionDecl, prefix: String = "") {
        if let superCall = Self.viewControllerOverrides[f.fullName] {
            var g = f
            if f.fullName == "prepare(for:sender:)" {
                g.parameters = [Parameter(label: "for", name: f.parameters[0].name, type: .named("UIStoryboardSegue"), defaultValue: nil, location: f.location),
                                Parameter(label: "sender", name: f.parameters[1].name, type: .optional(.named("Any")), defaultValue: nil, location: f.location)]
            }
            if !superCall.isEmpty, let first = f.parameters.first, !Self.callsSuper(superCall, in: f.body) {
                g.body = [Stmt(.expression(Expr(.identifier("super.\(superCall)(\(first.name))"), at: f.location)), at: f.location)] + f.body
            }
            function(g, override: true)
            return
        }
        guard let (method, takesTableView) = DataSourceMethod.match(f.fullName) else {
            function(f)
            return
        }
        // `numberOfSections(in collectionView: UICollectionView)` beside the table's own:
        // a method of another data source, kept as written (its overload is not a table's).
        if takesTableView, case .named(let t)? = f.parameters.first?.type, t != "UITableView" {
            function(f)
            return
        }
        let own = takesTableView ? Array(f.parameters.dropFirst()) : f.parameters
        let tableViewName = takesTableView ? (f.parameters.first?.name ?? "tableView") : "tableView"
        func name(_ i: Int, _ fallback: String) -> String { i < own.count ? own[i].name : fallback }
        let tv = "_ \(tableViewName): UITableView"
        let signature: String
        switch method {
        case .numberOfSections: signature = "numberOfSections(in \(tableViewName): UITableView) -> Int"
        case .numberOfRows: signature = "tableView(\(tv), numberOfRowsInSection \(name(0, "section")): Int) -> Int"
        case .titleForHeader: signature = "tableView(\(tv), titleForHeaderInSection \(name(0, "section")): Int) -> String?"
        case .titleForFooter: signature = "tableView(\(tv), titleForFooterInSection \(name(0, "section")): Int) -> String?"
        case .cellForRow: signature = "tableView(\(tv), cellForRowAt \(name(0, "indexPath")): IndexPath) -> UITableViewCell"
        case .heightForRow: signature = "tableView(\(tv), heightForRowAt \(name(0, "indexPath")): IndexPath) -> CGFloat"
        case .heightForHeader: signature = "tableView(\(tv), heightForHeaderInSection \(name(0, "section")): Int) -> CGFloat"
        case .heightForFooter: signature = "tableView(\(tv), heightForFooterInSection \(name(0, "section")): Int) -> CGFloat"
        case .willSelectRow: signature = "tableView(\(tv), willSelectRowAt \(name(0, "indexPath")): IndexPath) -> IndexPath?"
        case .didSelectRow: signature = "tableView(\(tv), didSelectRowAt \(name(0, "indexPath")): IndexPath)"
        case .willDeselectRow: signature = "tableView(\(tv), willDeselectRowAt \(name(0, "indexPath")): IndexPath) -> IndexPath?"
        case .didDeselectRow: signature = "tableView(\(tv), didDeselectRowAt \(name(0, "indexPath")): IndexPath)"
        case .shouldHighlightRow: signature = "tableView(\(tv), shouldHighlightRowAt \(name(0, "indexPath")): IndexPath) -> Bool"
        case .didHighlightRow: signature = "tableView(\(tv), didHighlightRowAt \(name(0, "indexPath")): IndexPath)"
        case .didUnhighlightRow: signature = "tableView(\(tv), didUnhighlightRowAt \(name(0, "indexPath")): IndexPath)"
        case .canMoveRow: signature = "tableView(\(tv), canMoveRowAt \(name(0, "indexPath")): IndexPath) -> Bool"
        case .moveRow: signature = "tableView(\(tv), moveRowAt \(name(0, "sourceIndexPath")): IndexPath, to \(name(1, "destinationIndexPath")): IndexPath)"
        case .canEditRow: signature = "tableView(\(tv), canEditRowAt \(name(0, "indexPath")): IndexPath) -> Bool"
        case .editingStyle: signature = "tableView(\(tv), editingStyleForRowAt \(name(0, "indexPath")): IndexPath) -> UITableViewCell.EditingStyle"
        case .commit: signature = "tableView(\(tv), commit \(name(0, "editingStyle")): UITableViewCell.EditingStyle, forRowAt \(name(1, "indexPath")): IndexPath)"
        case .viewForHeader: signature = "tableView(\(tv), viewForHeaderInSection \(name(0, "section")): Int) -> UIView?"
        case .viewForFooter: signature = "tableView(\(tv), viewForFooterInSection \(name(0, "section")): Int) -> UIView?"
        case .willDisplayCell: signature = "tableView(\(tv), willDisplay \(name(0, "cell")): UITableViewCell, forRowAt \(name(1, "indexPath")): IndexPath)"
        case .willDisplayHeader: signature = "tableView(\(tv), willDisplayHeaderView \(name(0, "view")): UIView, forSection \(name(1, "section")): Int)"
        case .willDisplayFooter: signature = "tableView(\(tv), willDisplayFooterView \(name(0, "view")): UIView, forSection \(name(1, "section")): Int)"
        case .estimatedHeightForRow: signature = "tableView(\(tv), estimatedHeightForRowAt \(name(0, "indexPath")): IndexPath) -> CGFloat"
        case .sectionIndexTitles: signature = "sectionIndexTitles(for \(tableViewName): UITableView) -> [String]?"
        case .accessoryButtonTapped: signature = "tableView(\(tv), accessoryButtonTappedForRowWith \(name(0, "indexPath")): IndexPath)"
        case .trailingSwipeActions: signature = "tableView(\(tv), trailingSwipeActionsConfigurationForRowAt \(name(0, "indexPath")): IndexPath) -> UISwipeActionsConfiguration?"
        case .leadingSwipeActions: signature = "tableView(\(tv), leadingSwipeActionsConfigurationForRowAt \(name(0, "indexPath")): IndexPath) -> UISwipeActionsConfiguration?"
        case .editActions: signature = "tableView(\(tv), editActionsForRowAt \(name(0, "indexPath")): IndexPath) -> [UITableViewRowAction]?"
        }
        line(prefix + "func " + signature + " {")
        let wasCGFloat = returnsCGFloat
        returnsCGFloat = [.heightForRow, .heightForHeader, .heightForFooter, .estimatedHeightForRow].contains(method)
        indented { p in
            if p.returnsCGFloat, f.body.count == 1, case .expression(let e) = f.body[0].kind {
                p.line(p.cgFloat(e))
            } else {
                p.statements(f.body)
            }
        }
        returnsCGFloat = wasCGFloat
        line("}")
    }

    /// `e` as a CGFloat: literals convert by themselves, Doubles through CGFloat(_:).
    func cgFloat(_ e: Expr) -> String {
        switch e.kind {
        case .integer, .double: return expression(e)
        default: return "CGFloat(" + expression(e) + ")"
        }
    }

    /// The data-source methods whose defaults TableLab supplies, written out so the
    /// app shows what the script showed.
    mutating func defaultMethods(_ methods: TableMethods, propertyNames: Set<String>) {
        let sections = propertyNames.contains("sections")
        let items = propertyNames.contains("items")
        func method(_ comment: String, _ signature: String, _ body: [String]) {
            blank()
            line("// \(comment)")
            line("func " + signature + " {")
            indented { p in body.forEach { p.line($0) } }
            line("}")
        }
        if !methods.has(.numberOfSections) && sections {
            method("TableLab's default: a section per element of `sections`.",
                   "numberOfSections(in tableView: UITableView) -> Int", ["sections.count"])
        }
        if !methods.has(.numberOfRows) {
            let count = sections ? "sections[section].items.count" : items ? "items.count" : "0"
            method("TableLab's default: the section's items.",
                   "tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int", [count])
        }
        if !methods.has(.cellForRow) {
            var body = ["let cell = tableView.dequeueReusableCell(withIdentifier: \"BasicCell\", for: indexPath)"]
            if sections {
                body.append("cell.textLabel?.text = \"\\(sections[indexPath.section].items[indexPath.row])\"")
            } else if items {
                body.append("cell.textLabel?.text = \"\\(items[indexPath.row])\"")
            }
            body.append("return cell")
            method("TableLab's default: a BasicCell showing the item as print shows it.",
                   "tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell", body)
        }
        if sections && emission.sectionHasMember("title") && !methods.has(.titleForHeader) {
            method("TableLab's default: the section's title.",
                   "tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?",
                   ["sections[section].title"])
        }
        if sections && emission.sectionHasMember("footer") && !methods.has(.titleForFooter) {
            method("TableLab's default: the section's footer.",
                   "tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?",
                   ["sections[section].footer"])
        }
    }

    // MARK: - Statements

    mutating func statements(_ list: [Stmt]) {
        for s in list { statement(s) }
    }

    mutating func statement(_ s: Stmt) {
        if case .declaration = s.kind {} else { leadingComments(before: s.location) }
        switch s.kind {
        case .expression(let e):
            if let alert = alertPresentation(e) {
                line("do {")
                indented { p in alert.forEach { p.line($0) } }
                line("}")
            } else {
                line(expression(e))
            }
        case .assignment(let target, let op, let value):
            line(expression(target) + " \(op.rawValue) " + expression(value))
        case .declaration(let d):
            declaration(d, at: s.location)
        case .if(let i):
            ifStatement(i, prefix: "")
        case .guard(let conditions, let otherwise):
            line("guard " + conditionList(conditions) + " else {")
            indented { $0.statements(otherwise) }
            line("}")
        case .switch(let sw):
            switchStatement(sw, head: "")
        case .forIn(let pattern, let sequence, let whereClause, let body):
            var head = "for " + forPattern(pattern) + " in " + plain { $0.expression(sequence) }
            if let w = whereClause { head += " where " + plain { $0.expression(w) } }
            line(head + " {")
            indented { $0.statements(body) }
            line("}")
        case .while(let conditions, let body):
            line("while " + conditionList(conditions) + " {")
            indented { $0.statements(body) }
            line("}")
        case .repeatWhile(let body, let condition):
            line("repeat {")
            indented { $0.statements(body) }
            line("} while " + expression(condition))
        case .block(let body):
            line("do {")
            indented { $0.statements(body) }
            line("}")
        case .break(let label): line("break" + (label.map { " " + $0 } ?? ""))
        case .continue(let label): line("continue" + (label.map { " " + $0 } ?? ""))
        case .return(let e):
            if let e { line("return " + (returnsCGFloat ? cgFloat(e) : expression(e))) } else { line("return") }
        case .fallthrough: line("fallthrough")
        case .labeled(let label, let inner):
            let before = text
            statement(inner)
            // The label goes in front of the statement's first line.
            let added = String(text.dropFirst(before.count))
            let trimmed = added.drop(while: { $0 == " " })
            text = before + String(repeating: "    ", count: indent) + label + ": " + trimmed
        case .command:
            break
        case .doCatch(let body, let catches):
            line("do {")
            indented { $0.statements(body) }
            for c in catches {
                var head = "} catch"
                if let p = c.pattern { head += " " + pattern(p, inBinding: false) }
                if let t = c.castType { head += " as " + type(t) }
                if let g = c.guardExpr { head += " where " + expression(g) }
                for more in c.morePatterns {
                    head += ", " + pattern(more.pattern, inBinding: false)
                    if let t = more.castType { head += " as " + type(t) }
                    if let g = more.guardExpr { head += " where " + expression(g) }
                }
                line(head + " {")
                indented { $0.statements(c.body) }
            }
            line("}")
        case .defer(let body):
            line("defer {")
            indented { $0.statements(body) }
            line("}")
        case .throw(let e):
            line("throw " + expression(e))
        }
    }

    mutating func ifStatement(_ i: IfStmt, prefix: String) {
        line(prefix + "if " + conditionList(i.conditions) + " {")
        indented { $0.statements(i.then) }
        guard let otherwise = i.otherwise else {
            line("}")
            return
        }
        if otherwise.count == 1, case .if(let next) = otherwise[0].kind {
            ifStatement(next, prefix: "} else ")
            return
        }
        line("} else {")
        indented { $0.statements(otherwise) }
        line("}")
    }

    mutating func switchStatement(_ sw: SwitchStmt, head: String) {
        line(head + "switch " + plain { $0.expression(sw.subject) } + " {")
        for c in sw.cases {
            if c.isDefault {
                line("default:")
            } else {
                var items: [String] = []
                for (index, p) in c.patterns.enumerated() {
                    var item = pattern(p, inBinding: false)
                    let guardExpr = c.whereClauses.isEmpty
                        ? (index == c.patterns.count - 1 ? c.guardExpr : nil)
                        : c.whereClauses[index]
                    if let g = guardExpr { item += " where " + expression(g) }
                    items.append(item)
                }
                line("case " + items.joined(separator: ", ") + ":")
            }
            indented { p in
                if c.body.isEmpty { p.line("break") } else { p.statements(c.body) }
            }
        }
        line("}")
    }

    func conditionList(_ conditions: [Condition]) -> String {
        plain { p in
            conditions.map { c -> String in
                switch c {
                case .expression(let e): return p.expression(e)
                case .optionalBinding(let name, let isVar, let value, _):
                    if case .identifier(name) = value.kind { return (isVar ? "var " : "let ") + name }
                    return (isVar ? "var " : "let ") + name + " = " + p.expression(value)
                case .patternMatch(let pat, let e):
                    return "case " + p.pattern(pat, inBinding: false) + " = " + p.expression(e)
                }
            }.joined(separator: ", ")
        }
    }

    /// Prints with trailing closures turned off.
    func plain(_ body: (SwiftPrinter) -> String) -> String {
        var copy = self
        copy.noTrailingClosures = true
        return body(copy)
    }

    func forPattern(_ p: Pattern) -> String {
        switch p.kind {
        case .binding(let name, _): return name
        case .wildcard: return "_"
        case .tuple(let items) where items.allSatisfy({ if case .binding = $0.kind { return true }; if case .wildcard = $0.kind { return true }; return false }):
            return "(" + items.map(forPattern).joined(separator: ", ") + ")"
        default: return "case " + pattern(p, inBinding: false)
        }
    }

    // MARK: - Patterns and types

    func pattern(_ p: Pattern, inBinding: Bool) -> String {
        switch p.kind {
        case .wildcard: return "_"
        case .binding(let name, let isVar): return inBinding ? name : (isVar ? "var " : "let ") + name
        case .enumCase(let typeName, let caseName, let sub):
            let name = implicitMemberName(caseName)
            var s = (typeName.map { $0 } ?? "") + "." + name
            if let sub, case .tuple(let items) = sub.kind, items.count > 1 {
                // The payload's elements as written (`.toggle(title: let t, isOn: _)`): a
                // tuple in parentheses of its own is refused in a closure by swiftc.
                let labels = p.payloadLabels.count == items.count ? p.payloadLabels : Array(repeating: nil, count: items.count)
                s += "(" + zip(labels, items).map { ($0.map { "\($0): " } ?? "") + pattern($1, inBinding: inBinding) }
                    .joined(separator: ", ") + ")"
            } else if let sub {
                s += "(" + pattern(sub, inBinding: inBinding) + ")"
            }
            return s
        case .optionalSome(let inner): return pattern(inner, inBinding: inBinding) + "?"
        case .tuple(let items): return "(" + items.map { pattern($0, inBinding: inBinding) }.joined(separator: ", ") + ")"
        case .expression(let e): return expression(e)
        case .typeCheck(let t): return "is " + type(t)
        case .cast(let inner, let t): return pattern(inner, inBinding: inBinding) + " as " + type(t)
        }
    }

    /// Swift 2's and TableLab's type names, as UIKit spells them now.
    static let typeRenames: [String: String] = [
        "Cell": "UITableViewCell",
        "UITableViewCellAccessoryType": "UITableViewCell.AccessoryType",
        "UITableViewCellStyle": "UITableViewCell.CellStyle",
        "UITableViewCellSelectionStyle": "UITableViewCell.SelectionStyle",
        "UITableViewCellEditingStyle": "UITableViewCell.EditingStyle",
        "UITableViewRowAnimation": "UITableView.RowAnimation",
        "UITableViewScrollPosition": "UITableView.ScrollPosition",
        "NSIndexPath": "IndexPath",
    ]

    /// A type name as UIKit spells it, unless the script declares a type of that name.
    func renamed(_ name: String) -> String {
        emission.declaredTypes.contains(name) ? name : Self.typeRenames[name] ?? name
    }

    func type(_ t: TypeSyntax) -> String {
        switch t {
        case .named(let n): return renamed(n)
        case .array(let e): return "[" + type(e) + "]"
        case .set(let e): return "Set<" + type(e) + ">"
        case .dictionary(let k, let v): return "[" + type(k) + ": " + type(v) + "]"
        case .optional(let w):
            if case .function = w { return "(" + type(w) + ")?" }
            return type(w) + "?"
        case .tuple(let items): return "(" + items.map(type).joined(separator: ", ") + ")"
        case .labelled(let l, let e): return l + ": " + type(e)
        case .function(let ps, let r): return "(" + ps.map(type).joined(separator: ", ") + ") -> " + type(r)
        case .inout(let e): return "inout " + type(e)
        }
    }

    /// `.None` (Swift 2) as `.none`, unless a script enum has a case so named.
    func implicitMemberName(_ name: String) -> String {
        guard let first = name.first, first.isUppercase, !emission.scriptCaseNames.contains(name) else { return name }
        let lowered = first.lowercased() + name.dropFirst()
        return UIKitValue.implicitMembers.contains(lowered) ? lowered : name
    }

    // MARK: - Expressions

    enum Precedence {
        static let ternary = 100, or = 110, and = 120, comparison = 130, nilCoalescing = 131, cast = 132
        static let range = 135, additive = 140, multiplicative = 150, shift = 160, prefix = 200, postfix = 300, atom = 1000
    }

    static func precedence(_ op: BinaryOperator) -> Int {
        switch op {
        case .multiply, .divide, .remainder, .wrappingMultiply, .bitAnd: return Precedence.multiplicative
        case .add, .subtract, .wrappingAdd, .wrappingSubtract, .bitOr, .bitXor: return Precedence.additive
        case .shiftLeft, .shiftRight: return Precedence.shift
        case .halfOpenRange, .closedRange: return Precedence.range
        case .nilCoalescing: return Precedence.nilCoalescing
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .identical, .notIdentical, .patternMatch:
            return Precedence.comparison
        case .and: return Precedence.and
        case .or: return Precedence.or
        }
    }

    func expression(_ e: Expr) -> String { expression(e, needs: 0) }

    func expression(_ e: Expr, needs: Int) -> String {
        var (s, precedence) = printed(e)
        if let written = e.writtenGenericType, case .identifier = e.kind { s = type(written) }
        if let labels = e.argumentLabels { s += "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")" }
        if e.isMarkedTry {
            // `try` covers everything to its right, as `try?` does.
            s = "try " + s
            precedence = Precedence.ternary
        }
        return precedence < needs ? "(" + s + ")" : s
    }

    /// TableView methods a table calls bare (the simulator resolves them on `tableView`).
    static let tableViewMethods: Set<String> = [
        "dequeueReusableCell", "register", "deselectRow", "selectRow", "reloadData", "reloadRows",
        "insertRows", "deleteRows", "cellForRow", "reloadSections", "beginUpdates", "endUpdates",
        "scrollToRow", "indexPathForSelectedRow", "rowHeight",
    ]

    /// Swift 2's method names, as Swift 3 and later import them: (name, labels) → (name, labels).
    static let methodRenames: [String: (String, [String?])] = [
        "performSegueWithIdentifier(_:sender:)": ("performSegue", ["withIdentifier", "sender"]),
        "deselectRowAtIndexPath(_:animated:)": ("deselectRow", ["at", "animated"]),
        "dequeueReusableCellWithIdentifier(_:forIndexPath:)": ("dequeueReusableCell", ["withIdentifier", "for"]),
        "dequeueReusableCellWithIdentifier(_:)": ("dequeueReusableCell", ["withIdentifier"]),
        "reloadRowsAtIndexPaths(_:withRowAnimation:)": ("reloadRows", ["at", "with"]),
        "insertRowsAtIndexPaths(_:withRowAnimation:)": ("insertRows", ["at", "with"]),
        "deleteRowsAtIndexPaths(_:withRowAnimation:)": ("deleteRows", ["at", "with"]),
        "selectRowAtIndexPath(_:animated:scrollPosition:)": ("selectRow", ["at", "animated", "scrollPosition"]),
        "cellForRowAtIndexPath(_:)": ("cellForRow", ["at"]),
        "animateWithDuration(_:animations:)": ("animate", ["withDuration", "animations"]),
        "presentViewController(_:animated:completion:)": ("present", [nil, "animated", "completion"]),
    ]

    static func fullName(_ name: String, _ arguments: [Argument]) -> String {
        name + "(" + arguments.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }

    /// `register("Name", style: .subtitle)`, bare or on a table view: (identifier, style).
    static func registration(_ callee: Expr, _ arguments: [Argument]) -> (String, String)? {
        let name: String
        switch callee.kind {
        case .identifier(let n): name = n
        case .member(_, let n): name = n
        default: return nil
        }
        guard name == "register", arguments.count == 2, arguments[0].label == nil, arguments[1].label == "style",
              case .string(let segments) = arguments[0].value.kind, segments.count <= 1,
              case .implicitMember(let style) = arguments[1].value.kind else { return nil }
        var identifier = ""
        if let first = segments.first {
            guard case .text(let t) = first else { return nil }
            identifier = t
        }
        let lowered = style.prefix(1).lowercased() + style.dropFirst()
        return (identifier, lowered)
    }

    /// `alert(title:message:)` as UIKit presents an alert.
    func alertPresentation(_ e: Expr) -> [String]? {
        guard table != nil, case .call(let callee, let arguments) = e.kind, case .identifier("alert") = callee.kind,
              !ownMethodNames.contains("alert") else { return nil }
        let labels = arguments.map(\.label)
        guard labels == ["title", "message"] || labels == ["title"] else { return nil }
        let title = expression(arguments[0].value)
        let message = arguments.count > 1 ? expression(arguments[1].value) : "nil"
        return [
            "let alert = UIAlertController(title: \(title), message: \(message), preferredStyle: .alert)",
            "alert.addAction(UIAlertAction(title: \"OK\", style: .default))",
            "present(alert, animated: true)",
        ]
    }

    var ownMethodNames: Set<String> {
        guard let table else { return [] }
        var names = Set<String>()
        for stmt in emission.unit.statements {
            if case .declaration(.table(let t)) = stmt.kind, t.name == table { names.formUnion(t.members.methods.map(\.name)) }
            if case .declaration(.extension(let n, let m, _)) = stmt.kind, n == table { names.formUnion(m.methods.map(\.name)) }
        }
        return names
    }

    func arguments(_ list: [Argument], labels: [String?]? = nil) -> String {
        list.enumerated().map { index, a in
            let label = labels.map { index < $0.count ? $0[index] : a.label } ?? a.label
            return (label.map { $0 + ": " } ?? "") + expression(a.value)
        }.joined(separator: ", ")
    }

    func call(_ head: String, _ list: [Argument], labels: [String?]? = nil) -> String {
        // A last unlabelled closure goes after the parentheses, as Swift code writes it; a
        // key path (`map(\.row)`) is a closure here but keeps its parentheses in Swift.
        if !noTrailingClosures, let last = list.last, last.label == nil, case .closure(let c) = last.value.kind, c.keyPathMembers == nil,
           labels == nil || labels!.last == nil || labels!.last! == nil {
            let rest = Array(list.dropLast())
            let closure = expression(last.value)
            return rest.isEmpty ? head + " " + closure : head + "(" + arguments(rest, labels: labels) + ") " + closure
        }
        return head + "(" + arguments(list, labels: labels) + ")"
    }

    func printed(_ e: Expr) -> (String, Int) {
        let atom = Precedence.atom, postfix = Precedence.postfix
        switch e.kind {
        case .integer(let n): return (String(n), n < 0 ? Precedence.prefix : atom)
        case .double(let d): return (Self.doubleLiteral(d), d < 0 ? Precedence.prefix : atom)
        case .string(let segments): return (stringLiteral(segments), atom)
        case .boolean(let b): return (b ? "true" : "false", atom)
        case .nil: return ("nil", atom)
        case .array(let items):
            let oneLine = "[" + items.map(expression).joined(separator: ", ") + "]"
            guard items.count > 1, oneLine.count + indent * 4 > 90 else { return (oneLine, atom) }
            // Too long for a line: an element per line, as people write such data.
            var sub = self
            sub.indent = indent + 1
            let pad = String(repeating: "    ", count: indent + 1)
            return ("[\n" + items.map { pad + sub.expression($0) + ",\n" }.joined() + String(repeating: "    ", count: indent) + "]", atom)
        case .dictionary(let pairs):
            if pairs.isEmpty { return ("[:]", atom) }
            return ("[" + pairs.map { expression($0.key) + ": " + expression($0.value) }.joined(separator: ", ") + "]", atom)
        case .tuple(let items):
            return ("(" + items.map { ($0.label.map { $0 + ": " } ?? "") + expression($0.value) }.joined(separator: ", ") + ")", atom)
        case .identifier(let name):
            switch name {
            case "screenWidth": return ("UIScreen.main.bounds.width", postfix)
            case "screenHeight": return ("UIScreen.main.bounds.height", postfix)
            default: break
            }
            if table != nil, ["indexPathForSelectedRow", "rowHeight"].contains(name), !ownMethodNames.contains(name) {
                return ("tableView." + name, postfix)
            }
            // An operator as a value is written in parentheses: `reduce(1, (*))`.
            if OperatorSpelling.isOperator(name) { return ("(" + name + ")", atom) }
            return (renamed(name), atom)
        case .shorthandParameter(let n): return ("$\(n)", atom)
        case .self: return ("self", atom)
        case .implicitMember(let name): return ("." + implicitMemberName(name), atom)
        case .member(let base, let name):
            if case .identifier(let t) = base.kind, emission.sharedTables.contains(t) {
                return (t + ".shared." + name, postfix)
            }
            return (expression(base, needs: postfix) + "." + name, postfix)
        case .optionalChain(let base, let name):
            if name == Expr.optionalCallName { return (expression(base, needs: postfix) + "?", postfix) }
            return (expression(base, needs: postfix) + "?." + name, postfix)
        case .forceUnwrap(let base): return (expression(base, needs: postfix) + "!", postfix)
        case .optionalBind(let base): return (expression(base, needs: postfix) + "?", postfix)
        case .call(let callee, let list):
            // `#selector(tap(_:))`, which the lexer gave as `#selector("tap(_:)")`.
            if case .identifier("#selector") = callee.kind, list.count == 1, case .string(let parts) = list[0].value.kind,
               parts.count == 1, case .text(let reference) = parts[0] {
                return ("#selector(\(reference))", postfix)
            }
            // `{ [v] in body }` as the script wrote it, not the closure that carries its captures.
            if case .closure(let outer) = callee.kind, outer.isCaptureWrapper, outer.body.count == 1,
               case .return(let inner?) = outer.body[0].kind {
                return printed(inner)
            }
            return (callExpression(callee, list), postfix)
        case .subscriptAccess(let base, let list):
            return (expression(base, needs: postfix) + "[" + arguments(list) + "]", postfix)
        case .optionalSubscript(let base, let list):
            return (expression(base, needs: postfix) + "?[" + arguments(list) + "]", postfix)
        case .unary(.rangeFrom, let operand):
            return (expression(operand, needs: Precedence.postfix) + "...", Precedence.postfix)
        case .unary(let op, let operand):
            return (op.rawValue + expression(operand, needs: Precedence.prefix), Precedence.prefix)
        case .binary(let op, let l, let r):
            let p = Self.precedence(op)
            let (leftNeeds, rightNeeds): (Int, Int)
            switch op {
            case .nilCoalescing: (leftNeeds, rightNeeds) = (p + 1, p)
            case _ where p == Precedence.comparison || p == Precedence.range: (leftNeeds, rightNeeds) = (p + 1, p + 1)
            default: (leftNeeds, rightNeeds) = (p, p + 1)
            }
            let spaced = p == Precedence.range ? op.rawValue : " " + op.rawValue + " "
            return (expression(l, needs: leftNeeds) + spaced + expression(r, needs: rightNeeds), p)
        case .ternary(let c, let a, let b):
            return (expression(c, needs: Precedence.ternary + 1) + " ? " + expression(a) + " : " + expression(b, needs: Precedence.ternary), Precedence.ternary)
        case .closure(let closure):
            // A key path TableLab reads as a closure is printed back as the key path.
            if let members = closure.keyPathMembers { return ("\\" + (closure.keyPathRoot ?? "") + "." + members.joined(separator: "."), atom) }
            return (closureLiteral(closure), atom)
        case .typeCast(let inner, let t, let kind):
            return (expression(inner, needs: Precedence.cast + 1) + " " + kind.rawValue + " " + type(t), Precedence.cast)
        case .arrayType(let t): return (type(t), atom)
        case .switchExpr(let sw):
            var sub = SwiftPrinter(emission: emission, table: table)
            sub.indent = indent
            sub.switchStatement(sw, head: "")
            return (Self.inline(sub.text), atom)
        case .ifExpr(let i):
            var sub = SwiftPrinter(emission: emission, table: table)
            sub.indent = indent
            sub.ifStatement(i, prefix: "")
            return (Self.inline(sub.text), atom)
        case .tryMark(let mark, let inner):
            return (mark.rawValue + " " + expression(inner, needs: Precedence.ternary), Precedence.ternary)
        }
    }

    /// A printed block as part of the current line: its first line's indentation goes.
    static func inline(_ block: String) -> String {
        var s = block
        while s.hasSuffix("\n") { s.removeLast() }
        return String(s.drop(while: { $0 == " " }))
    }

    func callExpression(_ callee: Expr, _ list: [Argument]) -> String {
        switch callee.kind {
        case .identifier(let name) where OperatorSpelling.isOperator(name):
            return "(" + name + ")(" + list.map { expression($0.value) }.joined(separator: ", ") + ")"
        case .identifier(let name):
            let full = Self.fullName(name, list)
            if let (newName, labels) = Self.methodRenames[full] {
                let head = table != nil && Self.tableViewMethods.contains(newName) && !ownMethodNames.contains(name)
                    ? "tableView." + newName : newName
                return call(head, list, labels: labels)
            }
            if table != nil, !ownMethodNames.contains(name) {
                if name == "register", let (identifier, _) = Self.registration(callee, list) {
                    return "tableView.register(\(emission.prototypeClassName(identifier)).self, forCellReuseIdentifier: \(Self.stringLiteral(identifier)))"
                }
                if Self.tableViewMethods.contains(name) {
                    return call("tableView." + name, list)
                }
                if full == "open(url:)" {
                    return "UIApplication.shared.open(" + url(list[0].value) + ")"
                }
                if full == "alert(title:message:)" || full == "alert(title:)" {
                    let message = list.count > 1 ? expression(list[1].value) : "nil"
                    return "present(UIAlertController(title: \(expression(list[0].value)), message: \(message), preferredStyle: .alert), animated: true)"
                }
            }
            return call(callee.writtenGenericType.map(type) ?? renamed(name), list)
        case .member(let base, let name):
            let full = Self.fullName(name, list)
            let baseText = expression(base, needs: Precedence.postfix)
            if name == "register", let (identifier, _) = Self.registration(callee, list) {
                return baseText + ".register(\(emission.prototypeClassName(identifier)).self, forCellReuseIdentifier: \(Self.stringLiteral(identifier)))"
            }
            if let (newName, labels) = Self.methodRenames[full] {
                return call(baseText + "." + newName, list, labels: labels)
            }
            if baseText == "UIApplication.shared", full == "open(_:)" {
                return baseText + ".open(" + url(list[0].value) + ")"
            }
            if case .identifier(let t) = base.kind, emission.sharedTables.contains(t) {
                return call(t + ".shared." + name, list)
            }
            return call(baseText + "." + name, list)
        default:
            return call(expression(callee, needs: Precedence.postfix), list)
        }
    }

    /// TableLab's open takes a String too; UIApplication's takes a URL.
    func url(_ e: Expr) -> String {
        if case .string = e.kind { return "URL(string: " + expression(e) + ")!" }
        return expression(e)
    }

    func closureLiteral(_ c: ClosureExpr) -> String {
        var head = ""
        if !c.captureList.isEmpty {
            head = "[" + c.captureList.map { item in
                (item.specifier.map { $0 + " " } ?? "") + item.name + (item.value.map { " = " + expression($0) } ?? "")
            }.joined(separator: ", ") + "]"
        }
        if !c.parameters.isEmpty {
            if !head.isEmpty { head += " " }
            let typed = c.parameters.contains { $0.type != nil } || c.returnType != nil
            if typed {
                head += "(" + c.parameters.map { p in p.name + (p.type.map { ": " + (p.isInout ? "inout " : "") + type($0) } ?? "") }.joined(separator: ", ") + ")"
            } else {
                head += c.parameters.map(\.name).joined(separator: ", ")
            }
        }
        if let r = c.returnType { head += (c.parameters.isEmpty ? (head.isEmpty ? "() " : " () ") : " ") + "-> " + type(r) }
        if !head.isEmpty { head += " in" }
        // One expression or assignment stays on the line; anything longer is a block.
        if c.body.count == 1 {
            var sub = SwiftPrinter(emission: emission, table: table)
            sub.statement(c.body[0])
            let single = Self.inline(sub.text)
            if !single.contains("\n") {
                return "{ " + (head.isEmpty ? "" : head + " ") + single + " }"
            }
        }
        if c.body.isEmpty { return "{" + (head.isEmpty ? "" : " " + head) + " }" }
        var sub = SwiftPrinter(emission: emission, table: table)
        sub.indent = indent + 1
        sub.statements(c.body)
        return "{" + (head.isEmpty ? "" : " " + head) + "\n" + sub.text + String(repeating: "    ", count: indent) + "}"
    }

    // MARK: - Literals

    static func doubleLiteral(_ d: Double) -> String {
        let s = "\(d)"
        return s.contains(".") || s.contains("e") ? s : s + ".0"
    }

    static func stringLiteral(_ s: String) -> String {
        "\"" + escape(s) + "\""
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    func stringLiteral(_ segments: [StringSegment]) -> String {
        var out = "\""
        for segment in segments {
            switch segment {
            case .text(let t): out += Self.escape(t)
            case .interpolation(let e): out += "\\(" + expression(e) + ")"
            }
        }
        return out + "\""
    }
}
