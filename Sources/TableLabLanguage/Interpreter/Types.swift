// Run-time descriptions of the script's types and of type annotations.

/// Compiled code of one function, method, closure, getter or initializer.
final class CompiledFunction {
    let name: String                 // full name for traces: `didSelect(_:)`, `Item.title`
    var frameSize: Int = 0           // slots: [self?] parameters, then locals
    var paramCount: Int              // including self when `hasSelf`
    let hasSelf: Bool
    let isMutating: Bool
    var paramTypes: [RType?] = []    // per declared parameter (not self)
    var paramLabels: [String?] = []
    var paramDefaults: [Eval?] = []
    var returnType: RType?
    /// Runs the body in a prepared frame; returns the function's result.
    var body: Eval
    let location: SourceLocation
    init(name: String, paramCount: Int, hasSelf: Bool, isMutating: Bool, location: SourceLocation, body: @escaping Eval) {
        self.name = name; self.paramCount = paramCount; self.hasSelf = hasSelf
        self.isMutating = isMutating; self.location = location; self.body = body
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
    let labels: [String?]
    var decl: FunctionDecl?
    var compiled: CompiledFunction?
    var native: (([Value]) throws -> Value)?
    init(fullName: String, baseName: String, labels: [String?]) {
        self.fullName = fullName; self.baseName = baseName; self.labels = labels
    }
}

enum TypeKind { case `enum`, `struct`, table }

/// A method or property getter/setter of a user type, compiled lazily on first use.
final class MethodSlot {
    let decl: FunctionDecl?
    let getter: [Stmt]?
    let setter: (parameterName: String, body: [Stmt])?
    var compiled: CompiledFunction?
    var compiledSetter: CompiledFunction?
    let isStatic: Bool
    init(decl: FunctionDecl) { self.decl = decl; self.getter = nil; self.setter = nil; self.isStatic = decl.isStatic }
    init(getter: [Stmt], setter: (parameterName: String, body: [Stmt])?, isStatic: Bool) {
        self.decl = nil; self.getter = getter; self.setter = setter; self.isStatic = isStatic
    }
}

/// An enum, struct or table declared by the script.
public final class UserType {
    let kind: TypeKind
    public let name: String
    let id: Int32
    // enum
    var caseNames: [String] = []
    var caseIndex: [String: Int32] = [:]
    var rawValues: [Value]? = nil
    var rawType: RType? = nil
    var caseLocations: [SourceLocation] = []
    // struct / table stored properties
    var fieldNames: [String] = []
    var fieldIndex: [String: Int] = [:]
    var fieldIsLet: [Bool] = []
    var fieldTypes: [RType?] = []
    var fieldDefaults: [Expr?] = []
    var compiledDefaults: [Eval?] = []
    // members
    var methods: [String: MethodSlot] = [:]         // full name -> method (instance and static)
    var methodsByBase: [String: [String]] = [:]     // base name -> full names
    var computed: [String: MethodSlot] = [:]        // computed properties (instance and static)
    var staticStored: [String: Int] = [:]           // static stored property -> global slot
    var initializers: [FunctionDecl] = []
    var compiledInits: [String: CompiledFunction] = [:]
    var decl: Any? = nil
    var location: SourceLocation = .unknown
    /// The table's singleton.
    var instance: TableInstance? = nil

    init(kind: TypeKind, name: String, id: Int32) { self.kind = kind; self.name = name; self.id = id }
}
public typealias StructType = UserType
public typealias EnumType = UserType

/// The singleton state of a `table` block (reference semantics).
public final class TableInstance {
    let type: UserType
    var fields: [Value]
    init(type: UserType, fields: [Value]) { self.type = type; self.fields = fields }
    public var name: String { type.name }
}

/// A name's current type definition; redeclaring a type updates `current`.
final class TypeSlot {
    let name: String
    var current: UserType?
    init(name: String) { self.name = name }
}

/// A type annotation resolved for run-time checks.
indirect enum RType {
    case any
    case int, double, bool, string, void
    case array(RType)
    case dictionary(RType, RType)
    case optional(RType)
    case tuple([RType])
    case function
    case user(TypeSlot)
    /// A type provided by a layer above (`IndexPath`, `Cell`): checked by name.
    case external(String)

    var description: String {
        switch self {
        case .any: return "Any"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .string: return "String"
        case .void: return "()"
        case .array(let t): return "[\(t.description)]"
        case .dictionary(let k, let v): return "[\(k.description): \(v.description)]"
        case .optional(let t): return "\(t.description)?"
        case .tuple(let ts): return "(" + ts.map(\.description).joined(separator: ", ") + ")"
        case .function: return "function"
        case .user(let s): return s.name
        case .external(let n): return n
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
        case .array(let t): return t
        case .optional(let t): return t.elementType
        default: return nil
        }
    }
}
