// Run-time descriptions of the script's types and of type annotations.

import Synchronization
import TableLabSyntax
import TableLabExhaustiveness

/// Compiled code of one function, method, closure, getter or initializer.
final class CompiledFunction {
    let name: String                 // full name for traces: `didSelect(_:)`, `Item.title`
    /// A method of a host prelude type: its errors are placed at its caller.
    var placesErrorsAtCaller = false
    /// A top-level statement's code: it is no call, so it names no frame in a trace
    /// (though, past the trace's limit, it is counted among the calls left out).
    var isTopLevelStatement = false
    @exclusivity(unchecked) var frameSize: Int = 0           // slots: [self?] parameters, then locals
    var paramCount: Int              // including self when `hasSelf`
    let hasSelf: Bool
    let isMutating: Bool
    /// A key path's closure: the members it names, for writes through it (LValues.swift).
    var keyPathMembers: [String]? = nil
    var paramTypes: [RType?] = [] {  // per declared parameter (not self)
        didSet { paramQuick = paramTypes.map { QuickCheck($0) } }
    }
    /// Allocation- and refcount-free form of `paramTypes` for the common cases.
    var paramQuick: [QuickCheck] = []
    var paramLabels: [String?] = []
    var paramDefaults: [Eval?] = []
    var returnType: RType?
    /// For a generic function: what swiftc's messages about its arguments need.
    var genericInfo: GenericCallInfo? = nil
    /// For `func f(_ x: E) -> T { switch x { case .a: return <literal> ... } }`: the per-case
    /// table its body fills on first use, so that calls can answer without a frame. Not
    /// retained: the body closure owns it.
    @exclusivity(unchecked) var caseTable: Unretained<MemberCache>? = nil

    /// The per-case table's values when a call with a plain case of `typeID` as its
    /// argument can answer from it (the parameter's quick check passes, the table is for
    /// that enum and generation); nil: make the call.
    @inline(__always) func caseTablePointer(_ typeID: Int32, _ generation: Int) -> UnsafeMutablePointer<Value>? {
        guard let ct = caseTable, paramQuick[0].acceptsCase(typeID) else { return nil }
        return ct.guaranteed { c in c.typeID == typeID && c.generation == generation ? c.tablePointer : nil }
    }
    /// Runs the body in a prepared frame; returns the function's result.
    let body: Eval
    /// For a global function whose parameters and result are all `Int`: the body
    /// answering a raw `Int`, for typed call sites (IntCode.swift).
    let intBody: IntNode?
    /// The frame of `intBody` holds only its `Int` parameters (a typed body with no
    /// locals): nothing in it to release when it ends.
    var intFrameIsTrivial = false
    /// A global function of one unboxed parameter whose frame is that parameter alone
    /// (no locals, no generics): a call whose argument is the caller's plain local may run
    /// it with that slot as its frame (`invokeBorrowing`).
    var borrowsArgument = false
    /// A class's instance method whose `self` is never boxed or replaced (not mutating,
    /// no closure shares it): a call whose receiver is the caller's plain local may put
    /// the reference in the frame without retaining it (`invokeMethodBorrowingSelf`).
    var borrowsSelf = false
    let location: SourceLocation
    /// The file its code was written in: an error inside it is reported there, whichever
    /// file (or host call) called it.
    let file: SourceFile?
    init(name: String, paramCount: Int, hasSelf: Bool, isMutating: Bool, location: SourceLocation, file: SourceFile?,
         body: @escaping Eval, intBody: IntNode? = nil) {
        self.name = name; self.paramCount = paramCount; self.hasSelf = hasSelf
        self.isMutating = isMutating; self.location = location; self.file = file; self.body = body
        self.intBody = intBody
    }
}

/// A callable value: compiled code with its captured variables, or a native function.
public final class FunctionValue {
    let code: CompiledFunction?
    let captures: [VarBox]
    let native: (([Value]) throws -> Value)?
    let arity: Int
    init(code: CompiledFunction, captures: [VarBox]) {
        self.code = code; self.captures = captures; self.native = nil; self.arity = code.paramCount
    }
    init(arity: Int, native: @escaping ([Value]) throws -> Value) {
        self.code = nil; self.captures = []; self.native = native; self.arity = arity
    }
}

/// A named function in the global namespace; redeclaring replaces `function`.
final class FunctionCell {
    let fullName: String
    let baseName: String
    /// The argument labels, nil for `_`. A native's are read from its full name at their
    /// first use: the host registers a few hundred natives at every start-up, most of which
    /// a script never calls, and splitting each name was a fifth of its registration.
    private(set) lazy var labels: [String?] = Self.labels(ofFullName: fullName)
    var decl: FunctionDecl?
    @exclusivity(unchecked) var compiled: CompiledFunction? {
        didSet {
            compiledRef = compiled.map { Unretained($0) }
            intEntry = compiled.flatMap(IntEntry.init)
            registerCode = (compiled?.intBody as? IntRegisterBody).map { Unretained($0.code) }
        }
    }
    /// `compiled`'s register code (IntRegisters.swift): a typed call from register code
    /// runs it in the same loop.
    @exclusivity(unchecked) var registerCode: Unretained<IntRegisterCode>?
    /// For typed call sites: `compiled`'s typed entry, when it has an `Int` signature.
    @exclusivity(unchecked) var intEntry: IntEntry?
    /// `compiled` without reference counting, for call sites (kept alive by `compiled`).
    @exclusivity(unchecked) var compiledRef: Unretained<CompiledFunction>?
    var native: (([Value]) throws -> Value)?
    /// The file that declared `decl`: it is compiled there, also when first called from another.
    var file: SourceFile?
    init(fullName: String, baseName: String, labels: [String?]? = nil) {
        self.fullName = fullName; self.baseName = baseName
        if let labels { self.labels = labels }
    }

    /// `f(_:with:)`'s labels: `[nil, "with"]`, read as bytes.
    static func labels(ofFullName fullName: String) -> [String?] {
        let bytes = fullName.utf8
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")) else { return [] }
        return bytes[bytes.index(after: open)...].dropLast().split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: true)
            .map { $0.elementsEqual("_".utf8) ? nil : String(Substring($0)) }
    }
}

enum TypeKind { case `enum`, `struct`, table, `class` }

/// A method or property getter/setter of a user type, compiled lazily on first use.
final class MethodSlot {
    let decl: FunctionDecl?
    let getter: [Stmt]?
    let setter: (parameterName: String, body: [Stmt])?
    var compiled: CompiledFunction?
    var compiledSetter: CompiledFunction?
    /// For an enum property written as `switch self { case .a: return "A" ... }` with a
    /// literal per case: the results by case index (no call needed).
    var constantTable: [Value]?
    var constantTableChecked = false
    let isStatic: Bool
    /// The class that declares it, when it is a class's (its code runs with that class as
    /// `self`'s type, also when a subclass inherits it; Classes.swift).
    private var ownerRef: Unretained<UserType>?
    var owner: UserType? {
        get { ownerRef?.object }
        set { ownerRef = newValue.map(Unretained.init) }
    }
    /// Given by a protocol extension (a default implementation), not declared by the type.
    var isDefault = false
    /// A computed property's declared type (its getter's return type).
    let type: TypeSyntax?
    /// The file that declared it (a type's extension may be in another file than the type).
    var file: SourceFile?
    /// `nonmutating set`: called through a `let`, and it does not replace `self`.
    var setterIsNonmutating = false
    init(decl: FunctionDecl) { self.decl = decl; self.getter = nil; self.setter = nil; self.isStatic = decl.isStatic; self.type = nil }
    init(getter: [Stmt], setter: (parameterName: String, body: [Stmt])?, isStatic: Bool, type: TypeSyntax?) {
        self.decl = nil; self.getter = getter; self.setter = setter; self.isStatic = isStatic; self.type = type
    }
}

/// A `lazy var` of a struct or table, stored as Swift stores it: an Optional field that
/// the first read fills by running the initializer (with `self`).
final class LazyProperty {
    let storage: Int
    let type: RType?
    let initializer: MethodSlot
    init(storage: Int, type: RType?, initializer: MethodSlot) { self.storage = storage; self.type = type; self.initializer = initializer }
    static let storagePrefix = "$__lazy_storage_$_"
}

/// An enum, struct or table declared by the script.
public final class UserType {
    let kind: TypeKind
    public let name: String
    /// The name as written (a local type's `name` is scoped: LocalTypeScoping.swift).
    public var displayName: String { LocalTypeNames.display(name) }
    let id: Int32
    // enum
    @exclusivity(unchecked) var caseNames: [String] = []
    @exclusivity(unchecked) var caseIndex: [String: Int32] = [:]
    @exclusivity(unchecked) var rawValues: [Value]? = nil
    @exclusivity(unchecked) var rawType: RType? = nil
    /// The module of a type a `:module` file declared (a framework target of the project),
    /// which Swift names it by; nil: the script's own (`moduleName`).
    var module: String? = nil
    @exclusivity(unchecked) var caseLocations: [SourceLocation] = []
    /// Per case, its associated values; nil for a plain case (PayloadCases.swift).
    @exclusivity(unchecked) var casePayloads: [[AssociatedValue]?] = []
    @exclusivity(unchecked) var hasPayloadCases = false
    /// `@frozen public`, unavailable cases: for the exhaustiveness checker, made once per
    /// declaration (a 10,000-case enum is not walked again on each check).
    @exclusivity(unchecked) var enumTraits = EnumTraits()
    /// Declares Equatable (or Hashable, Comparable): `==` is synthesized for payload cases.
    @exclusivity(unchecked) var declaresEquatable = false
    /// Declares Hashable (Conformances.swift).
    @exclusivity(unchecked) var declaresHashable = false
    /// Every protocol named in the declaration and its extensions (Protocols.swift).
    @exclusivity(unchecked) var conformances: Set<String> = []
    /// Declares `static func ==` or `<` (used by `==`, `<`, `sorted()`).
    @exclusivity(unchecked) var hasCustomOperators = false
    /// A hand-written `==` or `hash(into:)` for Set and Dictionary (Hashing.swift).
    @exclusivity(unchecked) var customHashing: CustomHashing? = nil
    // struct / table stored properties
    @exclusivity(unchecked) var fieldNames: [String] = []
    @exclusivity(unchecked) var fieldIndex: [String: Int] = [:]
    @exclusivity(unchecked) var fieldIsLet: [Bool] = []
    @exclusivity(unchecked) var fieldTypes: [RType?] = []
    @exclusivity(unchecked) var fieldDefaults: [Expr?] = []
    @exclusivity(unchecked) var fieldLocations: [SourceLocation] = []
    /// `private(set)` properties, stored or computed (Access.swift).
    @exclusivity(unchecked) var privateSetters: Set<String> = []
    /// Stored properties' defaults compiled on first use (`fieldDefault`), by field index.
    @exclusivity(unchecked) var compiledDefaults: [Int: CompiledFunction] = [:]
    // members
    @exclusivity(unchecked) var methods: [String: MethodSlot] = [:]         // full name -> method (instance and static)
    @exclusivity(unchecked) var methodsByBase: [String: [String]] = [:]     // base name -> full names
    @exclusivity(unchecked) var computed: [String: MethodSlot] = [:]        // computed properties (instance and static)
    /// The properties this type declares `T!`: a read through a receiver of this type
    /// unwraps them, one of another type's property of the same name does not.
    @exclusivity(unchecked) var implicitlyUnwrappedMembers: Set<String> = []
    /// The first `@NSManaged var` the class or an extension declares: Core Data's storage,
    /// which only a managed object context makes (an instance made here is an error).
    @exclusivity(unchecked) var managedProperty: String?
    @exclusivity(unchecked) var staticStored: [String: Int] = [:]           // static stored property -> global slot
    /// `lazy var`s: their storage field (`$__lazy_storage_$_name`, nil until first read) and initializer.
    @exclusivity(unchecked) var lazyProperties: [String: LazyProperty] = [:]
    /// A class's `weak` and `unowned` stored properties, by field index (WeakReferences.swift).
    @exclusivity(unchecked) var referenceFields: [Int: ReferenceStrength] = [:]
    /// `willSet`/`didSet` of stored properties, by field index (Observers.swift).
    @exclusivity(unchecked) var observers: [Int: PropertyObserver] = [:]
    /// A class's stored properties that it or a superclass overrides with a computed one
    /// (`override var x: Int { get set }`), by field index: the override that answers for
    /// the slot on this class's instances (OverriddenProperties.swift). Empty for almost
    /// every type, so a slot access compiled for a superclass tests one empty dictionary.
    @exclusivity(unchecked) var fieldOverrides: [Int: MethodSlot] = [:]
    /// `subscript` declarations (Subscripts.swift).
    @exclusivity(unchecked) var subscripts: [SubscriptSlot] = []
    @exclusivity(unchecked) var initializers: [FunctionDecl] = []
    @exclusivity(unchecked) var compiledInits: [String: CompiledFunction] = [:]
    @exclusivity(unchecked) var decl: Any? = nil
    /// The members its declaration writes (not its extensions'): one place that knows
    /// which declaration kinds carry them.
    var declaredMembers: TypeMembers? {
        switch decl {
        case let s as StructDecl: s.members
        case let c as ClassDecl: c.members
        case let e as EnumDecl: e.members
        case let tb as TableDecl: tb.members
        default: nil
        }
    }
    @exclusivity(unchecked) var location: SourceLocation = .unknown
    /// The type or extension this type is declared in, as written (`Outer` for
    /// `Outer.Inner`); nil at top level and in a function.
    @exclusivity(unchecked) var enclosingName: String? = nil
    /// Declared by a prelude (TableLab's stand-in for a library type), not by the script.
    @exclusivity(unchecked) var isBuiltin = false
    /// The file that declared it: its stored properties' defaults and its initializers are
    /// compiled there.
    @exclusivity(unchecked) var file: SourceFile? = nil
    /// The table's singleton.
    @exclusivity(unchecked) var instance: TableInstance? = nil
    /// A class's superclass, modifiers and initializers (Classes.swift); nil for other kinds.
    @exclusivity(unchecked) var classInfo: ClassInfo? = nil
    /// A class whose `deinit`, or a superclass's, has statements (Deinit.swift).
    @exclusivity(unchecked) var runsDeinit = false

    /// Never reused in a process, unlike the object's address: a cache keyed by it cannot
    /// match a type made later at the address of a freed one. A weak reference would do the
    /// same, but it gives the type a side table, and every retain and release of it takes
    /// the runtime's slow path (about 60 instructions more each: W6 builds a million
    /// instances, each holding its type).
    let serial: Int

    /// The last serial given; types are made on any interpreter's thread.
    private static let serials = Atomic<Int>(0)

    init(kind: TypeKind, name: String, id: Int32) {
        self.kind = kind; self.name = name; self.id = id
        serial = UserType.serials.add(1, ordering: .relaxed).newValue
    }
}
public typealias StructType = UserType
public typealias EnumType = UserType

// `TableInstance`, the instance of a class or a table block: Instances.swift.

/// A name's current type definition; redeclaring a type updates `current`.
final class TypeSlot {
    let name: String
    @exclusivity(unchecked) var current: UserType? {
        didSet { currentID = current?.id ?? -1 }
    }
    /// `current?.id`, readable without touching reference counts.
    @exclusivity(unchecked) private(set) var currentID: Int32 = -1
    init(name: String) { self.name = name }
}

/// A type annotation resolved for run-time checks.
enum RType {
    case any
    case int, double, bool, string, void
    /// Swift's `Float` (FloatType.swift).
    case float
    /// `UInt`, `UInt8`, `Int32`, ...: FixedWidthIntegers.swift.
    case fixed(IntKind)
    indirect case array(RType)
    indirect case dictionary(RType, RType)
    indirect case set(RType)
    indirect case optional(RType)
    case tuple([RType])
    /// A tuple type with element labels (`(a: Int, b: Int)`): a value that arrives takes
    /// its labels, as Swift converts `(1, 2)` to it.
    case labelledTuple(labels: [String?], elements: [RType])
    case function
    case user(TypeSlot)
    /// A type provided by a layer above (`IndexPath`, `Cell`): checked by name.
    case external(String)
    /// A protocol (or `P & Q`, or `AnyObject`) as a type: any value whose type conforms.
    case conforming(String)
    /// A generic parameter with a protocol constraint (`T: Shape`): checked as the
    /// constraint, reported in swiftc's words for generic calls (Generics.swift).
    case generic(name: String, constraint: String)

    var description: String {
        switch self {
        case .any: return "Any"
        case .int: return "Int"
        case .fixed(let k): return k.name
        case .double: return "Double"
        case .float: return "Float"
        case .bool: return "Bool"
        case .string: return "String"
        case .void: return "()"
        case .array(let t): return "[\(t.description)]"
        case .dictionary(let k, let v): return "[\(k.description) : \(v.description)]"
        case .set(let t): return "Set<\(t.description)>"
        case .optional(let t): return "\(t.description)?"
        case .tuple(let ts): return "(" + ts.map(\.description).joined(separator: ", ") + ")"
        case .labelledTuple(let ls, let ts):
            return "(" + zip(ls, ts).map { ($0.0.map { $0 + ": " } ?? "") + $0.1.description }.joined(separator: ", ") + ")"
        case .function: return "function"
        case .user(let s): return s.name
        case .external(let n): return n
        case .conforming(let n): return n.contains("&") ? "any \(n)" : n
        case .generic(let n, _): return n
        }
    }

    var enumType: UserType? {
        switch self {
        case .user(let s): if let t = s.current, t.kind == .enum { return t }; return nil
        case .optional(let t): return t.enumType
        default: return nil
        }
    }
    var elementType: RType? {
        switch self {
        case .array(let t), .set(let t): return t
        case .optional(let t): return t.elementType
        default: return nil
        }
    }
}

/// A parameter check that needs no reference counting: the common annotations.
struct QuickCheck {
    /// 0 none, 1 Int, 2 Double, 3 String, 4 Bool, 5 a script enum or struct, 6 anything else.
    let kind: UInt8
    let slot: Unretained<TypeSlot>?

    init(_ t: RType?) {
        switch t {
        case nil, .any?: kind = 0; slot = nil
        case .int?: kind = 1; slot = nil
        case .double?: kind = 2; slot = nil
        case .string?: kind = 3; slot = nil
        case .bool?: kind = 4; slot = nil
        case .user(let s)?: kind = 5; slot = Unretained(s)   // slots live as long as the interpreter
        default: kind = 6; slot = nil
        }
    }

    /// `accepts` for a plain case of the enum `typeID`, without making its `Value`.
    @inline(__always) func acceptsCase(_ typeID: Int32) -> Bool {
        switch kind {
        case 0: return true
        case 5: return slot!.guaranteed { $0.currentID } == typeID
        default: return false
        }
    }

    /// True when `v` certainly conforms unchanged; false means "run the full check".
    @inline(__always) func accepts(_ v: Value) -> Bool {
        switch kind {
        case 0: return true
        case 1: if case .int = v { return true }; return false
        case 2: if case .double = v { return true }; return false
        case 3: if case .string = v { return true }; return false
        case 4: if case .bool = v { return true }; return false
        case 5:
            let cur = slot!.guaranteed { $0.currentID }
            switch v {
            case .enumCase(let tid, _): return cur == tid
            case .structValue(let s): return cur == s.type.id
            default: return false
            }
        default: return false
        }
    }
}

extension RType {
    /// The index of a tuple type's element by its number or label.
    func tupleIndex(of member: String) -> Int? {
        switch self {
        case .tuple(let ts): return Int(member).flatMap { ts.indices.contains($0) ? $0 : nil }
        case .labelledTuple(let labels, let ts):
            if let i = Int(member) { return ts.indices.contains(i) ? i : nil }
            return labels.firstIndex(of: member)
        default: return nil
        }
    }

    /// For a tuple type of at least one element, a tuple of it whose elements are all unset
    /// (`unsetVarMarker`).
    var unsetTuple: Value? {
        switch self {
        case .tuple(let ts) where !ts.isEmpty:
            return .tuple(TupleValue(labels: nil, elements: Array(repeating: .box(unsetVarMarker), count: ts.count)))
        case .labelledTuple(let labels, let ts) where !ts.isEmpty:
            return .tuple(TupleValue(labels: labels, elements: Array(repeating: .box(unsetVarMarker), count: ts.count)))
        default: return nil
        }
    }
}
