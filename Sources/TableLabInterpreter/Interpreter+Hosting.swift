// What the table simulator (the layer above) needs from the interpreter beyond running
// code: standing inside a table (`:use`), reading and calling a table's members by name,
// building and reading struct values, calling closures, and resolving UIKit's implicit
// members (`.checkmark`, `.delete`) that no script enum declares.
//
// Kept in its own file so that the interpreter's own files change by one line each:
// `InterpreterCore.hosting` (Core.swift), the top-level scope's `selfType`
// (Interpreter.swift) and the implicit-member fallback (Expressions.swift).

import TableLabSyntax
import TableLabExhaustiveness

/// The host's settings that the compiler consults.
struct HostingState {
    /// The table whose members are in scope at the top level (`:use Settings`), by name
    /// so that a redeclared table is followed.
    var topLevelTableName: String? = nil
    /// A class instance the top level stands inside (`:use` of a screen that is an
    /// instance, HostBase.swift); wins over `topLevelTableName` while its class is current.
    var topLevelInstance: TableInstance? = nil
    /// Resolves `.name` when no enum of the script has such a case.
    var implicitMemberFallback: ((String) -> Value?)? = nil
    /// A call the host's types declare but the host does not simulate (`UIImage(systemName:
    /// withConfiguration:)`, by its full name): the error naming it; nil for any other.
    var unsimulatedCall: ((String) -> (any DiagnosticMessage)?)? = nil
    /// A case of one of the host's enums where its type is known (`let a:
    /// UITableViewCell.AccessoryType = .checkmark`): the typed value, nil when the host has
    /// no such enum or case.
    var hostEnumCase: ((_ typeName: String, _ caseName: String) -> Value?)? = nil
    /// Type names of the host's values that any value may be given for (UIKit enums the
    /// host carries as plain values: `UITableViewCell.AccessoryType`).
    var valueTypes: Set<String> = []
    /// The host's protocols a String conforms to (Contacts' `CNKeyDescriptor`, which
    /// NSString adopts): `keys as [CNKeyDescriptor]` keeps the strings.
    var stringConformances: Set<String> = []
    /// Classes the app's build generates from a file that is no Swift (a Core Data model's
    /// entities with Codegen "Class Definition"), by class name: that file's name. A unit
    /// naming one is refused as not simulated, where swiftc, shown the Swift alone, would
    /// say "cannot find": the program is whole, the simulation is what lacks.
    var generatedClasses: [String: String] = [:]
    /// Commands that run before the unit's checks when they open it (Interpreter.run).
    var commandsBeforeChecks: Set<String> = []
    /// Struct types the host prints its own way (the prelude's IndexPath as `[0, 4]`).
    var describedTypes: [ObjectIdentifier: (StructValue) -> String?] = [:]
    /// Of those, the ones printed as enum cases: with a leading `.` inside a collection.
    var caseLikeTypes: Set<ObjectIdentifier> = []
    /// The module Swift names a built-in type by where it qualifies it (`Foundation` for
    /// CGSize); "" for the script's own module. A built-in type not listed is refused there.
    var printedModules: [ObjectIdentifier: String] = [:]
    /// The project's own modules loaded with `:module` (a framework target's files), which
    /// `import` finds; and the one whose file is being declared now.
    var projectModules: Set<String> = []
    var declaringModule: String? = nil
    /// Native functions whose errors without a place of their own are placed at the call.
    var nativesPlacedAtCall: Set<String> = []
    /// Types written in the host's prelude whose methods' errors are reported at the
    /// script's call, as a framework's are (NSDiffableDataSourceSnapshot's).
    var callerPlacedTypes: Set<String> = []
    /// The host's type names that annotations may use, exactly or by prefix (UIKit's `UI`).
    var typeNames = HostTypeNames()
    /// The members of a host type (HostMemberCatalogue.swift).
    var memberCatalogue: ((String) -> HostMemberCatalogue?)? = nil
    /// A host type's properties without a setter, for types the catalogue lists and the
    /// ones the host simulates beyond it (HostPropertyWriteCheck.swift); nil: not known.
    var getOnlyProperties: ((String) -> Set<String>?)? = nil
    /// The types nested in a host class and its superclasses, by bare name: their qualified
    /// names (InheritedMemberTypes.swift).
    var memberTypes: ((String) -> [String: String])? = nil
    /// Every member name some host type has (a method by its base name), made at its first
    /// use: listing them all costs more than the rest of start-up.
    var everyMemberName: () -> [String] = { [] }
    /// The numeric parameter types of a host callable by full name (`UIColor(red:green:blue:alpha:)`,
    /// `withAlphaComponent(_:)`): "CGFloat", "Int", ...; nil at a position of another type or
    /// one the host's classes declare differently; nil for a name the host does not type
    /// (HostArgumentContexts.swift).
    var parameterTypes: ((String) -> [String?]?)? = nil
    /// The numeric type of a host property by name (`alpha` → "CGFloat"), where every host
    /// class declaring the name agrees.
    var propertyType: ((String) -> String?)? = nil
    /// Whether a host object may be given where the name is expected (a cell where
    /// `UITableViewCell` is annotated); nil: only its own type's name.
    var objectFits: ((NativeObject, String) -> Bool)? = nil
    /// Values the host holds outside the script's variables (the screens' instances): a
    /// redeclaration carries what they reach too (Redeclaration.swift).
    var roots: (() -> [Value])? = nil
    /// Called when a unit's types and functions take effect (committed, or a redeclaration
    /// in place): what the host made by calling the old code is stale.
    var codeChanged: (() -> Void)? = nil
    /// The superclass the host gives a table, and the methods of it that `super.` may call.
    var superclass: (name: String, methods: Set<String>)? = nil
    /// Whether running the explorer command of this name leaves alone what a compile sees
    /// (the declarations, the scope of the top level): the statements after it are then
    /// compiled before any of their unit runs (CompileAhead.swift).
    var commandLeavesNamesAlone: ((String) -> Bool)? = nil
    /// The host's view-controller types: a class inheriting from one is a table (a screen).
    var screenSuperclasses: Set<String> = []
    /// The host's types whose values no switch pattern enumerates (`IndexPath`, cells).
    var openTypes: Set<String> = []
    /// Native functions (by full name) that are the members of a host class, each group
    /// with its classes: a bare call is found in a `table` block (TableLab's shorthand has
    /// them all) and in the code of those classes' subclasses and extensions; anywhere
    /// else it is swiftc's `cannot find` (`reloadData()` in a model class).
    var scopedFunctions: [(functions: Set<String>, classes: Set<String>)] = []
    /// The host's message for printing one of its objects whose text Swift would write
    /// differently (a UIKit view's address and frame); nil: its `textDescription` is Swift's.
    var undescribable: ((NativeObject, _ scriptClass: String?) -> (any DiagnosticMessage)?)? = nil
    /// The host's imported open enums (UIKit's C enums) by Swift's name, their cases in
    /// declaration order: a switch over one is checked as swiftc checks it.
    var enums: [String: [String]] = [:]
    /// The host's message for a name nothing defines (`UIRefreshControl is not simulated
    /// in TableLab`); nil: swiftc's `cannot find 'x' in scope` (Interpreter+Selectors.swift).
    var missingName: ((String) -> (any DiagnosticMessage)?)? = nil
    /// The host's message for an `import` of a module it does not provide (swiftc's "no
    /// such module 'SnapKit'"), by the module's path; nil: the module is there.
    var missingModule: ((String) -> (any DiagnosticMessage)?)? = nil
    /// Told each module a unit imports (after the import is found), before the unit is
    /// checked: a framework's names exist only where it is imported (`import Contacts`).
    var moduleImported: ((String) -> Void)? = nil
    /// The host's message for a member its object does not answer but whose real type has
    /// (`UIView.viewWithTag(_:) is not simulated in TableLab`), by the member's name or a
    /// method's full name; nil: swiftc's `value of type 'X' has no member 'y'`.
    var unsimulatedMember: ((_ object: NativeObject, _ member: String) -> (any DiagnosticMessage)?)? = nil
    /// The host's message for a third-party library's member (`label.snp`), found before
    /// the run as swiftc finds it (MemberNameCheck.swift).
    var thirdPartyMember: ((_ hostClass: String, _ spelled: String, _ member: String) -> (any DiagnosticMessage)?)? = nil
    /// The host's structs that no guess over all types considers (`.zero`, a unique field
    /// name): CGRect's `width` is never the script's `width`.
    var unguessedTypes: Set<String> = []
    /// The host properties whose every change, the host's own included, goes through the
    /// script object (`setOverriddenProperty`), so that observers a subclass adds to them
    /// (`override var isSelected: Bool { didSet { } }`) run as Swift runs them.
    var observableProperty: ((_ hostClass: String, _ property: String) -> Bool)? = nil
    /// Makes the host's part of an instance of a class that inherits from a host class.
    var makeBase: ((_ hostClass: String, _ instance: TableInstance) -> NativeObject?)? = nil
    /// What a host class answers by name (properties, and methods by full name), so that a
    /// subclass names them unqualified as Swift lets it (`title = "x"`, `addSubview(v)`).
    var baseMemberNames: ((_ hostClass: String) -> Set<String>)? = nil
    /// A host class's own superclasses, nearest first (`UITableViewController` →
    /// `UIViewController`, `UIResponder`, `NSObject`): an extension of any of them reaches
    /// the script's subclasses (HostInstances.swift). Asked per class, so that the host
    /// builds its table at the first extension or subclass of one, not at every start-up.
    var hostSuperclasses: (_ hostClass: String) -> [String]? = { _ in nil }
    /// Types the host writes in Swift and declares only for a unit that mentions them
    /// (`CACornerMask`), by the type's name: the word that calls for it, and the source
    /// (OptionSetType.swift).
    var typesOnMention: [String: (word: String, source: String)] = [:]
    /// Host classes whose inherited `init()` calls a designated initializer a subclass may
    /// override (UIView's `init()` calls `init(frame: .zero)`), by the class's name: that
    /// initializer's one label and its argument, a static member of a script-visible type.
    var plainInitDelegations: [String: PlainInitDelegation] = [:]
}

/// `init()` of a host class, as a call of one of its designated initializers.
public struct PlainInitDelegation: Sendable {
    /// The designated initializer's argument label (`frame`).
    public var label: String
    /// The argument: a static member of a type (`CGRect`, `zero`).
    public var argumentType: String
    public var argumentMember: String
    public init(label: String, argumentType: String, argumentMember: String) {
        self.label = label; self.argumentType = argumentType; self.argumentMember = argumentMember
    }
}

/// Type names the host provides beyond its own value types and objects. The host answers
/// from its own tables (the simulator's classes and Apple's frameworks' names): the
/// interpreter knows no spelling of a framework's type.
public struct HostTypeNames: Sendable {
    private let isHostType: @Sendable (String) -> Bool
    public init(_ isHostType: @escaping @Sendable (String) -> Bool) { self.isHostType = isHostType }
    /// No host: no names.
    public init() { isHostType = { _ in false } }
    func contains(_ name: String) -> Bool { isHostType(name) }
}

extension InterpreterCore {
    /// A bare call of a host function that only a table block or a view controller has
    /// (`reloadData()` in a model class): swiftc's `cannot find 'reloadData' in scope`,
    /// collected while the unit compiles ahead (nothing runs) and thrown if reached; nil
    /// where the function is in scope.
    func hostFunctionOutOfScope(_ name: String, _ cells: [FunctionCell], _ scope: FnScope, _ at: SourceLocation) -> Eval? {
        let groups = hosting.scopedFunctions
        guard !cells.isEmpty, !groups.isEmpty,
              cells.allSatisfy({ c in c.native != nil && groups.contains { $0.functions.contains(c.fullName) } })
        else { return nil }
        // The type whose code this is: the nearest enclosing method's, else the top level's.
        var context: UserType? = nil
        var s: FnScope? = scope
        while let x = s, context == nil { context = x.selfType; s = x.parent }
        if context == nil, scope.isTopLevel { context = topLevelSelfType }
        if let t = context {
            if t.kind == .table { return nil }
            // The host class whose code this is: an extension of it, or a subclass's.
            let host = protocols.builtinExtensions[t.name] === t ? t.name : hostAncestorName(t)
            if let host, cells.allSatisfy({ c in groups.contains { $0.classes.contains(host) && $0.functions.contains(c.fullName) } }) {
                return nil
            }
        }
        let error = RuntimeError(EntryMessage.cannotFindInScope(name), at: at)
        compileTimeRefusals?.append(error)
        return { _ in throw error }
    }

    /// How the host prints a value of one of its struct types, nil for the usual form.
    func hostedDescription(_ s: StructValue, debug: Bool = false) -> String? {
        guard !hosting.describedTypes.isEmpty, let describe = hosting.describedTypes[ObjectIdentifier(s.type)],
              let text = describe(s) else { return nil }
        if debug && hosting.caseLikeTypes.contains(ObjectIdentifier(s.type)) { return "." + text }
        // Inside a collection Swift qualifies the type its own description names (`Foundation.CGRect(...)`).
        if debug && qualifiesTypeNames, let module = hosting.printedModules[ObjectIdentifier(s.type)], !module.isEmpty {
            return module + "." + text
        }
        return text
    }

    /// The `self` of top-level statements: the table picked with `:use`, if it still exists.
    var topLevelSelfType: UserType? {
        if let inst = hosting.topLevelInstance, userType(inst.type.name) === inst.type { return inst.type }
        guard let name = hosting.topLevelTableName, let t = userType(name), t.kind == .table else { return nil }
        return t
    }
}

extension Interpreter {
    /// Queues `block` (a function of no arguments) on the main queue, `delay` seconds after
    /// its clock's now, as `DispatchQueue.main.asyncAfter` does: it runs after the current
    /// event (FoundationObjects.swift). For UIKit's calls back when an animation ends.
    public func enqueueOnMainQueue(after delay: Double, _ block: Value) throws {
        try core.enqueueMain(block, deadline: core.foundation.now + max(0, delay))
    }

    /// The host's message for an `import` of a module it does not provide; nil: it does.
    public var missingModuleMessage: ((String) -> (any DiagnosticMessage)?)? {
        get { core.hosting.missingModule }
        set { core.hosting.missingModule = newValue }
    }

    /// Told each module a unit imports, before the unit is checked, so that the host
    /// declares a framework's names at its first import rather than at start-up.
    public var moduleImported: ((String) -> Void)? {
        get { core.hosting.moduleImported }
        set { core.hosting.moduleImported = newValue }
    }

    /// The table the top level stands inside (`:use Settings`): its members are in scope
    /// unqualified and `self` is the table. nil stands at the file's top level.
    public var currentTableName: String? {
        get { core.topLevelSelfType?.name }
        set { core.hosting.topLevelTableName = newValue; core.hosting.topLevelInstance = nil }
    }

    /// Called for `.name` when no enum of the script has a case `name` (UIKit's own
    /// enums: `.checkmark`, `.disclosureIndicator`, `.delete`).
    /// A case of one of the host's enums, typed, where the type is written or expected.
    public var hostEnumCase: ((_ typeName: String, _ caseName: String) -> Value?)? {
        get { core.hosting.hostEnumCase }
        set { core.hosting.hostEnumCase = newValue }
    }

    /// A call the host's types declare but the host does not simulate, by its full name:
    /// the error naming it, in place of swiftc's "no exact matches".
    public var unsimulatedCall: ((String) -> (any DiagnosticMessage)?)? {
        get { core.hosting.unsimulatedCall }
        set { core.hosting.unsimulatedCall = newValue }
    }

    public var implicitMemberFallback: ((String) -> Value?)? {
        get { core.hosting.implicitMemberFallback }
        set { core.hosting.implicitMemberFallback = newValue }
    }

    /// Annotations naming these types accept any value (the host checks it on use).
    public var hostValueTypes: Set<String> {
        get { core.hosting.valueTypes }
        set { core.hosting.valueTypes = newValue }
    }

    /// The host's protocols a String conforms to, so that a String may stand for one.
    public var hostStringConformances: Set<String> {
        get { core.hosting.stringConformances }
        set { core.hosting.stringConformances = newValue }
    }

    /// The host's type names (UIKit's, Foundation's) that annotations may name.
    public var hostTypeNames: HostTypeNames {
        get { core.hosting.typeNames }
        set { core.hosting.typeNames = newValue }
    }

    /// Values the host holds outside the script's variables (the view-controller instances
    /// on screen): a redeclared enum, struct or class carries the values they reach too.
    public var hostRoots: (() -> [Value])? {
        get { core.hosting.roots }
        set { core.hosting.roots = newValue }
    }

    /// Called when the code of a unit (its types, functions, extensions) takes effect: what
    /// the host laid out with the code it replaced (a table view's cells) is stale.
    public var hostCodeChanged: (() -> Void)? {
        get { core.hosting.codeChanged }
        set { core.hosting.codeChanged = newValue }
    }

    /// Decides whether a host object may be stored where the name is annotated
    /// (`let cell: UITableViewCell = dequeue...`). Without it only its own type's name fits.
    public var hostObjectFits: ((_ object: NativeObject, _ annotation: String) -> Bool)? {
        get { core.hosting.objectFits }
        set { core.hosting.objectFits = newValue }
    }

    /// The host's types whose values no switch pattern can enumerate (`IndexPath`, cells):
    /// a switch over one, with a catch-all, is checked when it is loaded.
    public var hostOpenTypes: Set<String> {
        get { core.hosting.openTypes }
        set { core.hosting.openTypes = newValue }
    }

    /// The host's message for printing one of its objects whose printed text it does not
    /// reproduce (`print(cell)`); nil for an object whose `textDescription` is Swift's. For
    /// an instance of a script class with a host superclass (`class MyCell: UITableViewCell`)
    /// it is asked with the host's part of the instance and the class's name as Swift
    /// prints it (`Module.MyCell`).
    public var hostUndescribable: ((NativeObject, _ scriptClass: String?) -> (any DiagnosticMessage)?)? {
        get { core.hosting.undescribable }
        set { core.hosting.undescribable = newValue }
    }

    /// Native functions that are a host class's members (`reloadData()` of UITableView,
    /// `present(_:animated:completion:)` of the view controllers), with the classes: a
    /// bare call outside a `table` block and those classes' code is swiftc's `cannot find`.
    public func scopeHostFunctions(_ groups: [(functions: Set<String>, classes: Set<String>)]) {
        core.hosting.scopedFunctions = groups
    }

    /// The host's imported open enums (`UITableView.Style`: plain, grouped, insetGrouped),
    /// by Swift's name: a switch over one must list their cases and handle future ones.
    public var hostEnums: [String: [String]] {
        get { core.hosting.enums }
        set { core.hosting.enums = newValue }
    }

    /// The superclass of a table (UIKit's view controller) and the methods that
    /// `super.name(...)` may call on it; each does nothing. nil: a table has no superclass.
    /// The host's view-controller types (`UIViewController`, ...): a class whose first
    /// inherited type is one of them is a table; any other class is a model class.
    public var hostScreenSuperclasses: Set<String> {
        get { core.hosting.screenSuperclasses }
        set { core.hosting.screenSuperclasses = newValue }
    }

    public func setTableSuperclass(_ name: String, methods: Set<String>) {
        core.hosting.superclass = (name, methods)
    }

    /// The kind of a declared type: "enum", "struct" or "table"; nil when unknown.
    public func typeKind(_ name: String) -> String? {
        guard let t = core.userType(name) else { return nil }
        switch t.kind {
        case .enum: return "enum"
        case .struct: return "struct"
        case .table: return "table"
        case .class: return "class"
        }
    }

    /// Identifies the current declaration of a type: a redeclared type gets a new one.
    public func typeIdentity(_ name: String) -> Int? {
        core.userType(name).map { Int($0.id) }
    }

    /// The identity of the type an instance has now: a redeclaration that carried the
    /// instance across (Redeclaration.swift) gave it the new declaration's.
    public func typeIdentity(of instance: TableInstance) -> Int { Int(instance.type.id) }

    /// Where a type was declared (in the file that declared it).
    public func typeLocation(_ name: String) -> SourceLocation? {
        core.userType(name)?.location
    }

    /// The cases of an enum, in declaration order.
    public func enumCases(_ name: String) -> [String]? {
        guard let t = core.userType(name), t.kind == .enum else { return nil }
        return t.caseNames
    }

    /// The full names of a type's methods (`tableView(_:numberOfRowsInSection:)`).
    public func methodNames(ofType name: String) -> [String] {
        guard let t = core.userType(name) else { return [] }
        return t.methods.filter { $0.value.decl != nil }.keys.sorted()
    }

    /// A type's stored properties in declaration order, then its computed ones.
    public func propertyNames(ofType name: String) -> [String] {
        guard let t = core.userType(name) else { return [] }
        return t.fieldNames + t.computed.keys.sorted()
    }

    /// A table's (or a type's static) property: stored or computed; nil when it has none.
    public func tableProperty(_ table: String, _ name: String) throws -> Value? {
        guard let t = core.userType(table) else { return nil }
        let file = hostCallFile(declaredIn: t.computed[name]?.file ?? t.file)
        return try guarded(file) { try core.staticMember(of: t, MemberName(name), .unknown) }
    }

    /// Replaces a table's stored property; false when it has no such property.
    public func setTableProperty(_ table: String, _ name: String, _ value: Value) -> Bool {
        guard let t = core.userType(table), t.kind == .table, let inst = t.instance,
              let i = t.fieldIndex[name] else { return false }
        inst.fields[i] = value
        return true
    }

    /// A value's property (struct field or computed property, enum computed property or
    /// raw value, built-in property); nil when it has none. The name's handle is found by
    /// the name (the lint, completion, a view's outlets): a caller that reads the same
    /// member again and again keeps its handle (`memberRead(_:)`, HostInstances.swift).
    public func member(_ name: String, of value: Value) throws -> Value? {
        try member(core.hostMemberRead(name), of: value)
    }

    /// Names of a value's properties, for completion after `.`.
    public func memberNames(of value: Value) -> [String] {
        switch value {
        case .structValue(let s):
            return s.type.fieldNames.map(core.initLabel) + s.type.computed.keys.sorted() + s.type.methodsByBase.keys.sorted()
        case .enumCase(let tid, _):
            let t = core.types[Int(tid)]
            return (t.rawValues != nil ? ["rawValue"] : []) + t.computed.keys.sorted() + t.methodsByBase.keys.sorted()
        case .type(.enumType(let t)):
            return t.caseNames + (core.isCaseIterable(t) ? ["allCases"] : []) + t.computed.keys.sorted()
        case .type(.table(let inst)):
            return inst.type.fieldNames.map(core.initLabel) + inst.type.computed.keys.sorted() + inst.type.methodsByBase.keys.sorted()
        case .array:
            return ["count", "isEmpty", "first", "last", "append", "insert", "remove", "removeAll", "contains",
                    "firstIndex", "map", "filter", "reduce", "sorted", "enumerated", "reversed", "joined", "swapAt"]
        case .string:
            return ["count", "isEmpty", "uppercased", "lowercased", "hasPrefix", "hasSuffix", "contains", "split"]
        case .dictionary:
            return ["keys", "values", "count", "isEmpty"]
        case .set:
            return ["count", "isEmpty", "first", "insert", "remove", "removeAll", "contains", "union", "intersection",
                    "subtracting", "symmetricDifference", "formUnion", "subtract", "isSubset", "isSuperset", "isDisjoint",
                    "map", "filter", "reduce", "sorted", "forEach"]
        default:
            return []
        }
    }

    /// Names of the members of a value of the script's type `name`, for completion where no
    /// value is there to ask (an optional that holds nil); nil for a type the script does
    /// not declare.
    public func memberNames(ofTypeNamed name: String) -> [String]? {
        guard let t = core.userType(name) else { return nil }
        let members = t.computed.keys.sorted() + t.methodsByBase.keys.sorted()
        if t.kind == .enum { return (t.rawValues != nil ? ["rawValue"] : []) + members }
        return t.fieldNames.map(core.initLabel) + members
    }

    /// A value of a struct declared by the script or the prelude, its fields given by
    /// name (missing ones are nil); nil when there is no such struct.
    public func makeStruct(_ typeName: String, _ fields: [String: Value]) -> Value? {
        guard let t = core.userType(typeName), t.kind == .struct else { return nil }
        let values = t.fieldNames.map { fields[$0] ?? .nilValue }
        return .structValue(StructValue(type: t, fields: values))
    }

    /// Prints values of the struct type `typeName` (as declared now) with `body` instead
    /// of the memberwise form; `body` gets the fields in declaration order.
    public func setDescription(ofStruct typeName: String, _ body: @escaping ([Value]) -> String?) {
        guard let t = core.userType(typeName), t.kind == .struct else { return }
        core.hosting.describedTypes[ObjectIdentifier(t)] = { body($0.fields) }
    }

    /// Prints values of the struct type `typeName` as enum cases with a payload
    /// (`performSegue("Donate")`): `body`'s text, with a leading `.` inside a collection,
    /// as TableLab prints enum cases there (`[.a, .c]`).
    /// Where Swift qualifies a value of the built-in types `names` (inside a collection, an
    /// Optional or a struct, in `debugPrint`): the module it names, or nil for the script's
    /// own module (a type that stands for one the script would declare, as `Section`).
    /// A built-in type not named here is refused there, never printed with a guessed module.
    public func setPrintedModule(_ module: String?, ofTypes names: [String]) {
        for n in names {
            guard let t = core.userType(n), t.isBuiltin else { continue }
            core.hosting.printedModules[ObjectIdentifier(t)] = module ?? ""
        }
    }

    public func setCaseLikeDescription(ofStruct typeName: String, _ body: @escaping ([Value]) -> String?) {
        setDescription(ofStruct: typeName, body)
        guard let t = core.userType(typeName), t.kind == .struct else { return }
        core.hosting.caseLikeTypes.insert(ObjectIdentifier(t))
    }

    /// Errors of the native function `fullName` that have no place of their own are
    /// reported at the call (`tap(0, 9)` in a script), as an error of a script function is.
    public func placeErrorsAtCall(of fullName: String) {
        core.hosting.nativesPlacedAtCall.insert(fullName)
    }

    /// Errors inside the methods of `typeName` (a type of the host's prelude, declared
    /// after this call) are reported at the script's call of the method, with no trace
    /// into the prelude: the script sees a framework's method fail, as in Swift.
    public func placeErrorsAtCaller(ofMethodsOf typeName: String) {
        core.hosting.callerPlacedTypes.insert(typeName)
    }

    /// The name of a struct value's type, nil for other values.
    public func structTypeName(of value: Value) -> String? {
        if case .structValue(let s) = value { return s.type.name }
        return nil
    }

    /// The file a host call into script code runs in: the file that declared the code
    /// (its errors, and what it compiles on first use, are placed there), else the file
    /// running now; `<call>` only when neither is known.
    func hostCallFile(declaredIn file: SourceFile?) -> SourceFile {
        file ?? core.currentFile ?? SourceFile(name: "<call>", text: "")
    }

    /// The file that declared a top-level function, or a type's method (`"T.f(x:)"`).
    func declaringFile(ofFunction fullName: String) -> SourceFile? {
        if let dot = fullName.firstIndex(of: "."), let paren = fullName.firstIndex(of: "("), dot < paren {
            guard let t = core.userType(String(fullName[..<dot])) else { return nil }
            return t.methods[String(fullName[fullName.index(after: dot)...])]?.file ?? t.file
        }
        return core.functions[fullName]?.file
    }

    /// Calls a closure or function value with evaluated arguments.
    public func call(_ function: Value, _ arguments: [Value]) throws -> Value {
        guard case .function(let fv) = function else {
            throw RuntimeError(LookupMessage.callOfNonFunction(type: typeName(of: function)), at: .unknown)
        }
        let file = hostCallFile(declaredIn: fv.code?.file)
        return try guarded(file) { try core.machine.callValue(fv, arguments, location: .unknown) }
    }

    /// A closure value made by the host, which a script can call (UIKit's completion
    /// handlers: the `completionHandler` a swipe action's handler receives).
    public func nativeClosure(arity: Int, _ body: @escaping ([Value]) throws -> Value) -> Value {
        .function(FunctionValue(arity: arity, native: body))
    }

    /// Full names (`dequeueReusableCell(withIdentifier:for:)`) of the functions, and of
    /// the `:use` table's methods, whose base name is `base`: what completion lists.
    public func functionFullNames(base: String) -> [String] {
        var names = (core.functionsByBase[base] ?? []).map(\.fullName)
        if let t = core.topLevelSelfType { names += t.methodsByBase[base] ?? [] }
        return names
    }

    /// Names visible at the top level: defined globals, functions, types, and the members
    /// of the table picked with `:use`.
    public var namesInScope: [String] {
        var names = Set<String>()
        for (name, slot) in core.globalIndex {
            if case .box = core.machine.pointee.globals[slot] { continue }
            names.insert(name)
        }
        for name in core.functionsByBase.keys { names.insert(name) }
        // A local type is in scope only in its block (LocalTypeScoping.swift).
        for (name, slot) in core.typeSlots where slot.current != nil && !LocalTypeNames.isScoped(name) { names.insert(name) }
        if let t = core.topLevelSelfType {
            names.formUnion(t.fieldNames)
            names.formUnion(t.computed.keys)
            names.formUnion(t.methodsByBase.keys)
        }
        return names.sorted()
    }
}

extension Interpreter {
    /// Any error the interpreter or a native function threw, as a diagnostic (errors
    /// thrown outside a run, e.g. by `runtimeError(_:)`, are not diagnostics yet).
    public static func diagnostic(for error: Error) -> Diagnostic {
        switch error {
        case let d as Diagnostic: return d
        case let e as RuntimeError: return e.diagnostic
        default: return Diagnostic.error(RuntimeMessage.foreignError(String(describing: error)), at: .unknown)
        }
    }
}

/// A table method resolved once, for the simulator's hot loops (a million cellForRow
/// calls should not each look the method up by name).
public final class TableMethodHandle {
    let type: UserType
    let function: CompiledFunction
    public let fullName: String
    init(type: UserType, function: CompiledFunction, fullName: String) {
        self.type = type; self.function = function; self.fullName = fullName
    }
}

extension Interpreter {
    /// The instance method `fullName` of table `table`, nil when it has none.
    public func tableMethod(_ table: String, _ fullName: String) -> TableMethodHandle? {
        guard let t = core.userType(table), t.kind == .table, let slot = t.methods[fullName], slot.decl != nil,
              !slot.isStatic else { return nil }
        return TableMethodHandle(type: t, function: core.compiledMethod(t, slot, fullName: fullName), fullName: fullName)
    }

    /// Calls a resolved table method on the table's singleton.
    public func call(_ method: TableMethodHandle, _ arguments: [Value]) throws -> Value {
        let file = hostCallFile(declaredIn: method.function.file)
        return try guarded(file) { () throws -> Value in
            guard let instance = method.type.instance, core.userType(method.type.name) === method.type else {
                throw RuntimeError(LookupMessage.cannotFindInScope(method.type.name), at: .unknown)
            }
            let m = core.machine
            for a in arguments { m.push(a) }
            m.push(.type(.table(instance)))
            var table = Value.void
            return try m.invokeMethod(method.function, argc: arguments.count + 1, location: .unknown, selfOut: &table)
        }
    }
}

extension Interpreter {
    /// One step of host work (a row laid out): honours Ctrl-C and `--max-steps` in loops
    /// that call no script code.
    public func step() throws {
        try core.machine.step(.unknown)
    }
}
