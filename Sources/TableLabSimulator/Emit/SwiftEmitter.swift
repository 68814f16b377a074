// `tablelab emit swift`: a script's declarations written back as Swift for an iOS app.
//
// The script's own code is printed from its syntax tree, in source order, with the
// comment lines that stand directly above each declaration. What TableLab adds to Swift is
// mapped back to UIKit: a `table` becomes a UIViewController subclass that owns a
// UITableView and is its data source and delegate; the short method spellings become
// UIKit's; the methods whose defaults TableLab supplies (row counts from `sections`/`items`,
// a BasicCell per item, titles from the built-in Section) are written out, so the app
// behaves as the script did; bare table-view calls (`deselectRow(at:animated:)`) go to
// `tableView`; `alert(title:message:)` presents a UIAlertController; the storyboard
// prototypes become UITableViewCell subclasses registered in viewDidLoad. Top-level
// statements and `:` commands are what the script does in TableLab, not in an app: they
// are left out, and the file says how many.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabSyntax
import TableLabFiles

public enum SwiftEmitter {
    public struct Output: Sendable {
        /// File names (`Model.swift`, `Settings.swift`) and their text, for `-o DIR`.
        public var files: [(name: String, text: String)]
        /// Everything in one file, for standard output.
        public var singleFile: String
    }

    /// Parses `file` and writes it as Swift.
    public static func emit(_ file: SourceFile) throws(Diagnostic) -> Output {
        let unit: SourceUnit
        do {
            unit = try Parser.parse(file, screenSuperclasses: UIKitBuiltins.screenSuperclasses)
        } catch let failure {
            if let first = failure.diagnostics.first { throw first }
            throw Diagnostic.error(ExplorerMessage.cannotParse(file: file.name), at: .unknown, in: file)
        }
        var emission = SwiftEmission(file: file, unit: unit)
        // Local types by the names written (the parser scopes them: LocalTypeScoping.swift).
        var out = emission.run()
        out.files = out.files.map { (LocalTypeNames.display($0.name), LocalTypeNames.display($0.text)) }
        out.singleFile = LocalTypeNames.display(out.singleFile)
        return out
    }

    /// Writes `text` to `path` safely (FileAccess), creating its folder when missing.
    /// nil on success, else why not.
    public static func write(_ text: String, to path: String) -> FileProblem? {
        if let slash = path.lastIndex(of: "/") {
            let folder = String(path[..<slash])
            if !folder.isEmpty {
                var info = stat()
                if stat(folder, &info) != 0 {
                    guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
                        return .cannotCreateFolder(path: folder, .current)
                    }
                }
            }
        }
        return FileAccess.writeAtomically(text, to: path)
    }
}

/// One run of the emitter over one parsed file.
struct SwiftEmission {
    let file: SourceFile
    let unit: SourceUnit
    let lines: [Substring]
    /// Every table's name: `Inbox.messages` from another table becomes `Inbox.shared.messages`.
    let tableNames: Set<String>
    /// Every type the script declares, so that prototype classes never take their names.
    let declaredTypes: Set<String>
    /// Every case name of the script's enums: `.None` stays as written when one is named so.
    let scriptCaseNames: Set<String>
    /// Tables that another declaration reaches by name.
    var sharedTables: Set<String> = []
    /// How the script's expressions use names (`NameUses`).
    let nameUses: NameUses
    /// The script's view-controller classes (a subclass of UIViewController or
    /// UITableViewController, or of another of them).
    let screenClasses: Set<String>
    /// Each table's style as the script's `:style` commands leave it (UIKit's default,
    /// `.plain`, when none names it).
    let tableStyles: [String: TableStyle]
    /// What a view-controller class's `:style` becomes in Swift (nil: nothing to write,
    /// UIKit's default `.plain`). Its table view is the storyboard's, whose Style
    /// attribute is what `:style` sets: the class says so in a comment, and a direct
    /// UITableViewController subclass without initializers of its own also gets
    /// `convenience init()` with `init(style:)`, so that one made in code (as TableLab
    /// makes it: `init()` when the class declares no `init?(coder:)`) has the style too.
    func screenStyle(of c: ClassDecl) -> (style: TableStyle, convenienceInit: Bool)? {
        guard screenClasses.contains(c.name), let style = tableStyles[c.name], style != .plain else { return nil }
        let direct = c.inherited.first == "UITableViewController"
        return (style, direct && c.members.initializers.isEmpty && !hasExtensionInitializers(c.name))
    }

    func hasExtensionInitializers(_ typeName: String) -> Bool {
        unit.statements.contains { stmt in
            if case .declaration(.extension(let name, let members, _)) = stmt.kind, name == typeName {
                return !members.initializers.isEmpty
            }
            return false
        }
    }

    /// The script's classes and tables: the types whose methods may be `@objc`.
    let classTypes: Set<String>
    /// Base names of the methods `#selector(...)` names (`tap` for `Screen.tap(_:)`):
    /// Swift requires them to be `@objc`, which TableLab's parser does not keep.
    let selectorMethods: Set<String>

    init(file: SourceFile, unit: SourceUnit) {
        self.file = file
        self.unit = unit
        lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        var tables = Set<String>(), types = Set<String>(), cases = Set<String>()
        var superclasses: [String: String] = [:]
        var classes = Set<String>()
        var styles: [String: TableStyle] = [:]
        var current: String?
        var firstTable: String?
        for stmt in unit.statements {
            if case .command(let name, let arguments) = stmt.kind {
                // `:use T` picks the table a bare `:style S` sets; `:style T S` names it.
                let words = arguments.split(separator: " ").map(String.init)
                if name == "use", words.count == 1 { current = words[0] }
                if name == "style", let last = words.last,
                   let style = TableStyle(caseName: last.hasPrefix(".") ? String(last.dropFirst()) : last) {
                    if let table = words.count == 2 ? words[0] : current ?? firstTable {
                        styles[table] = style
                    }
                }
                continue
            }
            guard case .declaration(let decl) = stmt.kind else { continue }
            switch decl {
            case .table(let t): tables.insert(t.name); types.insert(t.name); firstTable = firstTable ?? t.name
            case .struct(let s): types.insert(s.name)
            case .enum(let e): types.insert(e.name); cases.formUnion(e.cases.map(\.name))
            case .class(let c):
                types.insert(c.name)
                classes.insert(c.name)
                if let first = c.inherited.first { superclasses[c.name] = first }
                // A bare `:style` sets the first screen's, a view-controller class's too.
                if let first = c.inherited.first, UIKitBuiltins.screenSuperclasses.contains(first) {
                    firstTable = firstTable ?? c.name
                }
            default: break
            }
        }
        tableNames = tables
        declaredTypes = types
        scriptCaseNames = cases
        tableStyles = styles
        classTypes = classes.union(tables)
        var uses = NameUses()
        uses.walk(unit.statements)
        nameUses = uses
        selectorMethods = uses.selectorMethods
        var screens = Set(superclasses.filter { UIKitBuiltins.screenSuperclasses.contains($0.value) }.keys)
        var grew = true
        while grew {
            let more = superclasses.filter { screens.contains($0.value) && !screens.contains($0.key) }.keys
            grew = !more.isEmpty
            screens.formUnion(more)
        }
        screenClasses = screens
    }

    // MARK: - The files

    mutating func run() -> SwiftEmitter.Output {
        var model: [String] = []
        var tables: [(String, String)] = []
        var leftOut = 0
        // Tables reached from elsewhere need a shared instance; find them first.
        sharedTables = tableNames.intersection(nameUses.memberBases)
        for stmt in unit.statements {
            guard case .declaration(let decl) = stmt.kind else {
                leftOut += 1
                continue
            }
            switch decl {
            case .table(let table):
                tables.append((table.name, emitTable(table)))
            case .extension(let typeName, let members, let location) where tableNames.contains(typeName):
                var printer = SwiftPrinter(emission: self, table: typeName)
                printer.objcMembers = true
                printer.leadingComments(before: location)
                printer.line("extension \(typeName) {")
                printer.indented { $0.members(members, tableMethods: true) }
                printer.line("}")
                tables.append((typeName + "+Extension", printer.text))
            default:
                var printer = SwiftPrinter(emission: self, table: nil)
                printer.declaration(decl, at: stmt.location)
                model.append(printer.text)
            }
        }
        let prototypes = usedPrototypes()
        var support: [String] = []
        if usesBuiltinSection {
            support.append("""
            /// TableLab's built-in Section (`Section(type:items:title:footer:)`): the
            /// default data source reads its items and titles.
            struct Section {
                var type: Any
                var items: [Any]
                var title: String? = nil
                var footer: String? = nil
            }

            """)
        }
        for prototype in prototypes {
            support.append(prototypeClass(prototype))
        }
        let sourceName = file.name.split(separator: "/").last.map(String.init) ?? file.name
        let header = """
        // Generated by `tablelab emit swift` from \(sourceName).
        // The enums, structs and functions are the script's; each table is a UIViewController
        // that owns its UITableView and is its data source and delegate.

        import UIKit

        """
        var footer = ""
        if leftOut > 0 {
            footer = "\n// Left out: \(leftOut) top-level statement\(leftOut == 1 ? "" : "s") or command\(leftOut == 1 ? "" : "s") (what the script does in TableLab, not in an app).\n"
        }
        let modelText = (model + support).joined(separator: "\n")
        var files: [(String, String)] = [("Model.swift", header + "\n" + modelText + footer)]
        // Each file its own name, also where case does not count (a table named `Model`, or
        // `List` beside `list`, on macOS): `-o DIR` must not write one file over another.
        var taken: Set<String> = ["model.swift"]
        for (name, text) in tables {
            var fileName = name + ".swift"
            var n = 2
            while !taken.insert(fileName.lowercased()).inserted {
                fileName = "\(name)-\(n).swift"
                n += 1
            }
            files.append((fileName, header + "\n" + text))
        }
        let single = header + "\n" + ([modelText] + tables.map(\.1)).filter { !$0.isEmpty }.joined(separator: "\n") + footer
        return SwiftEmitter.Output(files: files, singleFile: single)
    }

    // MARK: - Prototypes

    struct Prototype: Hashable {
        var identifier: String
        var style: String
        var className: String
        /// Registered by the script's own `register(_:style:)`, which is printed in place.
        var registeredByScript = false
    }

    /// The storyboard prototypes the script names, and the ones it registers with
    /// `register(_:style:)`, each once, in the order they first appear.
    func usedPrototypes() -> [Prototype] {
        var result: [Prototype] = []
        var seen = Set<String>()
        func add(_ identifier: String, _ style: String, byScript: Bool = false) {
            guard seen.insert(identifier).inserted else { return }
            result.append(Prototype(identifier: identifier, style: style, className: prototypeClassName(identifier),
                                    registeredByScript: byScript))
        }
        var literals: [String] = []
        var registrations: [(String, String)] = []
        // A view-controller class dequeues the prototypes of its storyboard, which the
        // emitted file does not replace: a cell class named like one would be dequeued
        // instead (UIKit's storyboard and TableLab alike take a prototype's class from it).
        let tableCode = unit.statements.filter { stmt in
            switch stmt.kind {
            case .declaration(.class(let c)): return !screenClasses.contains(c.name)
            case .declaration(.extension(let name, _, _)): return !screenClasses.contains(name)
            default: return true
            }
        }
        SyntaxCollector.collect(tableCode, literals: &literals, registrations: &registrations)
        for (identifier, style) in registrations { add(identifier, style, byScript: true) }
        let builtins = CellPrototypeRegistry.storyboardPrototypes
        // An identifier that names one of the script's classes is that cell class's
        // prototype (a storyboard's, with the class as its Custom Class): no class is made.
        for literal in literals where !declaredTypes.contains(literal) {
            if let builtin = builtins.first(where: { $0.identifier == literal }) {
                add(builtin.identifier, builtin.style.rawValue)
            }
        }
        // The data source TableLab supplies dequeues BasicCell.
        if !seen.contains("BasicCell") && tablesNeedingDefaultCell() {
            add("BasicCell", "default")
        }
        return result
    }

    /// The storyboard prototypes `table` registers: the ones its own code names, else
    /// (when it dequeues through code elsewhere) every one the file names.
    func prototypes(of table: TableDecl, needsDefaultCell: Bool) -> [Prototype] {
        let candidates = usedPrototypes().filter { !$0.registeredByScript }
        var literals: [String] = []
        var registrations: [(String, String)] = []
        var body: [Stmt] = [Stmt(.declaration(.table(table)), at: table.location)]
        for stmt in unit.statements {
            if case .declaration(.extension(let name, _, _)) = stmt.kind, name == table.name { body.append(stmt) }
        }
        SyntaxCollector.collect(body, literals: &literals, registrations: &registrations)
        let named = candidates.filter { literals.contains($0.identifier) || (needsDefaultCell && $0.identifier == "BasicCell") }
        if named.isEmpty && registrations.isEmpty { return candidates }
        return named
    }

    func tablesNeedingDefaultCell() -> Bool {
        for stmt in unit.statements {
            if case .declaration(.table(let table)) = stmt.kind,
               !TableMethods(methodNames: allMethods(of: table.name, table.members).map(\.fullName)).has(.cellForRow) {
                return true
            }
        }
        return false
    }

    /// A Swift class name for a reuse identifier: its letters and digits, never a name the
    /// script declares.
    func prototypeClassName(_ identifier: String) -> String {
        var name = String(identifier.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }.map(Character.init))
        if name.isEmpty || name.first!.isNumber { name = "Cell" + name }
        if name.first!.isLowercase { name = name.prefix(1).uppercased() + name.dropFirst() }
        while declaredTypes.contains(name) { name += "Cell" }
        return name
    }

    func prototypeClass(_ prototype: Prototype) -> String {
        """
        /// The prototype "\(prototype.identifier)": a UITableViewCell of style .\(prototype.style).
        final class \(prototype.className): UITableViewCell {
            override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: .\(prototype.style), reuseIdentifier: reuseIdentifier)
            }

            required init?(coder: NSCoder) {
                super.init(coder: coder)
            }
        }

        """
    }

    /// Whether the Section type the tables use has this property (the built-in one has
    /// `title` and `footer`).
    func sectionHasMember(_ name: String) -> Bool {
        for stmt in unit.statements {
            if case .declaration(.struct(let s)) = stmt.kind, s.name == "Section" {
                return s.members.properties.contains { $0.name == name }
            }
        }
        return usesBuiltinSection
    }

    var usesBuiltinSection: Bool {
        !declaredTypes.contains("Section") && nameUses.values.contains("Section")
    }

    /// A table's methods, its extensions' included.
    func allMethods(of table: String, _ members: TypeMembers) -> [FunctionDecl] {
        var methods = members.methods
        for stmt in unit.statements {
            if case .declaration(.extension(let name, let more, _)) = stmt.kind, name == table {
                methods += more.methods
            }
        }
        return methods
    }

    func allProperties(of table: String, _ members: TypeMembers) -> [VariableDecl] {
        var properties = members.properties
        for stmt in unit.statements {
            if case .declaration(.extension(let name, let more, _)) = stmt.kind, name == table {
                properties += more.properties
            }
        }
        return properties
    }

    // MARK: - Tables

    func emitTable(_ table: TableDecl) -> String {
        var printer = SwiftPrinter(emission: self, table: table.name)
        printer.objcMembers = true
        let methods = TableMethods(methodNames: allMethods(of: table.name, table.members).map(\.fullName))
        let properties = allProperties(of: table.name, table.members)
        let propertyNames = Set(properties.compactMap(\.name))
        let titleProperty = table.members.properties.first { $0.name == "title" && $0.getter == nil }
        var members = table.members
        members.properties.removeAll { $0.name == "title" && $0.getter == nil }
        let viewDidLoad = members.methods.first { $0.fullName == "viewDidLoad()" }
        members.methods.removeAll { $0.fullName == "viewDidLoad()" }

        printer.leadingComments(before: table.location)
        printer.line("final class \(table.name): UIViewController, UITableViewDataSource, UITableViewDelegate {")
        printer.indented { p in
            p.line("let tableView = UITableView(frame: .zero, style: \((tableStyles[table.name] ?? .plain).swiftName))")
            if sharedTables.contains(table.name) {
                p.line("/// TableLab's tables are singletons that other tables read by name; in the app,")
                p.line("/// hand the data over in prepare(for:sender:) instead.")
                p.line("static let shared = \(table.name)()")
            }
            var properties = members
            properties.methods = []
            properties.initializers = []
            properties.nestedTypes = []
            var rest = members
            rest.properties = []
            p.blank()
            p.members(properties, tableMethods: true)
            p.blank()
            p.line("override func loadView() {")
            p.indented { $0.line("view = tableView") }
            p.line("}")
            p.blank()
            p.line("override func viewDidLoad() {")
            p.indented { p in
                p.line("super.viewDidLoad()")
                // A table block has a navigation title only when it declares one (TableLab
                // draws none else), so the app shows what the script showed.
                if let titleProperty, let value = titleProperty.initializer {
                    p.line("title = " + p.expression(value))
                }
                p.line("tableView.dataSource = self")
                p.line("tableView.delegate = self")
                // The storyboard's prototypes, which a storyboard would register; the ones
                // the script registers itself are registered where it does.
                for prototype in prototypes(of: table, needsDefaultCell: !methods.has(.cellForRow)) {
                    p.line("tableView.register(\(prototype.className).self, forCellReuseIdentifier: \(SwiftPrinter.stringLiteral(prototype.identifier)))")
                }
                if let viewDidLoad {
                    // The script's own `super.viewDidLoad()` is the one above.
                    p.statements(viewDidLoad.body.filter { !SwiftPrinter.callsSuper("viewDidLoad", in: [$0]) })
                }
            }
            p.line("}")
            p.members(rest, tableMethods: true)
            p.defaultMethods(methods, propertyNames: propertyNames)
        }
        printer.line("}")
        return printer.text
    }
}

/// The string literals and `register(_:style:)` calls of some statements, wherever they
/// are written (the one syntax walk: observers, setters, subscripts, closures and `deinit`
/// too; a `register` in a table view's `didSet` was missed by the hand-written walk this
/// replaces). Patterns are skipped: a literal there is compared with, not dequeued.
enum SyntaxCollector {
    static func collect(_ statements: [Stmt], literals: inout [String], registrations: inout [(String, String)]) {
        var walker = Walker()
        walker.walk(statements)
        literals = walker.literals
        registrations = walker.registrations
    }

    struct Walker: SyntaxVisitor {
        var literals: [String] = []
        var registrations: [(String, String)] = []

        mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
            switch node.kind {
            case .string(let segments):
                var text = ""
                for segment in segments {
                    guard case .text(let t) = segment else { return .visitChildren }
                    text += t
                }
                literals.append(text)
            case .call(let callee, let arguments):
                if let registration = SwiftPrinter.registration(callee, arguments) { registrations.append(registration) }
            default:
                break
            }
            return .visitChildren
        }

        mutating func visit(_ node: Pattern) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}

/// What the emitter decides by in the script's expressions, read from the tree rather than
/// the text (where a comment, a string, a type annotation or a longer name holding the
/// same letters looked like a use): the names used as a member's base (`Inbox.messages`),
/// the names used as values (`Section(type:items:)`), and the methods `#selector(...)`
/// names, by base name.
struct NameUses: SyntaxVisitor {
    var memberBases = Set<String>()
    var values = Set<String>()
    var selectorMethods = Set<String>()

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .member(let base, _):
            if case .identifier(let name) = base.kind { memberBases.insert(name) }
        case .identifier(let name):
            values.insert(name)
        case .call(let callee, let arguments):
            // The lexer keeps the reference as the text of one string argument:
            // `Screen.tap(_:)`, `tap`, `changed(sender:)`; the base name is after the last dot.
            if case .identifier("#selector") = callee.kind, let reference = arguments.first,
               case .string(let segments) = reference.value.kind, segments.count == 1, case .text(let text) = segments[0],
               let name = accessorless(text).prefix(while: { $0 != "(" && $0 != ")" }).split(separator: ".").last, !name.isEmpty {
                selectorMethods.insert(String(name))
            }
        default: break
        }
        return .visitChildren
    }

    /// `getter:isOn` → `isOn`: the property an accessor's selector names.
    private func accessorless(_ text: String) -> Substring {
        for prefix in ["getter:", "setter:"] where text.hasPrefix(prefix) { return text.dropFirst(prefix.count) }
        return Substring(text)
    }
}
