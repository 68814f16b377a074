// A compact S-expression rendering of the tree, so tests can assert whole shapes.

@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter

func dump(_ e: Expr) -> String {
    switch e.kind {
    case .integer(let v): return "\(v)"
    case .double(let v): return "\(v)"
    case .string(let segs):
        return "(str" + segs.map { seg -> String in
            switch seg {
            case .text(let t): return " \"\(t)\""
            case .interpolation(let x): return " \\(\(dump(x)))"
            }
        }.joined() + ")"
    case .boolean(let b): return "\(b)"
    case .nil: return "nil"
    case .array(let xs): return "[" + xs.map(dump).joined(separator: " ") + "]"
    case .dictionary(let kv): return "[" + (kv.isEmpty ? ":" : kv.map { "\(dump($0.key)):\(dump($0.value))" }.joined(separator: " ")) + "]"
    case .tuple(let xs): return "(tuple" + xs.map { " " + ($0.label.map { "\($0):" } ?? "") + dump($0.value) }.joined() + ")"
    case .identifier(let n): return n
    case .shorthandParameter(let n): return "$\(n)"
    case .self: return "self"
    case .implicitMember(let n): return ".\(n)"
    case .member(let b, let n): return "(. \(dump(b)) \(n))"
    case .optionalChain(let b, let n): return "(?. \(dump(b)) \(n))"
    case .forceUnwrap(let b): return "(! \(dump(b)))"
    case .optionalBind(let b): return "(?bind \(dump(b)))"
    case .call(let f, let args): return "(call \(dump(f))" + args.map { " " + dump($0) }.joined() + ")"
    case .subscriptAccess(let b, let args): return "(sub \(dump(b))" + args.map { " " + dump($0) }.joined() + ")"
    case .optionalSubscript(let b, let args): return "(?sub \(dump(b))" + args.map { " " + dump($0) }.joined() + ")"
    case .unary(let op, let x): return "(\(op.rawValue)u \(dump(x)))"
    case .binary(let op, let l, let r): return "(\(op.rawValue) \(dump(l)) \(dump(r)))"
    case .ternary(let c, let a, let b): return "(?: \(dump(c)) \(dump(a)) \(dump(b)))"
    case .closure(let c):
        let params = c.parameters.map { $0.name + ($0.type.map { ":\($0)" } ?? "") }.joined(separator: " ")
        return "(closure [\(params)]\(c.returnType.map { "->\($0)" } ?? "") $\(c.shorthandParameterCount)" + c.body.map { " " + dump($0) }.joined() + ")"
    case .typeCast(let x, let t, let k): return "(\(k.rawValue) \(dump(x)) \(t))"
    case .arrayType(let t): return "(type \(t))"
    case .switchExpr(let s): return dump(s, word: "switchx")
    case .ifExpr(let i): return dump(i, word: "ifx")
    case .tryMark(let mark, let x): return "(\(mark.rawValue) \(dump(x)))"
    }
}

func dump(_ a: Argument) -> String { (a.label.map { "\($0):" } ?? "") + dump(a.value) }

func dump(_ p: Pattern) -> String {
    switch p.kind {
    case .wildcard: return "_"
    case .binding(let n, let v): return (v ? "var " : "let ") + n
    case .enumCase(let t, let c, let sub): return "\(t ?? "").\(c)" + (sub.map { "(\(dump($0)))" } ?? "")
    case .optionalSome(let p): return dump(p) + "?"
    case .tuple(let ps): return "(" + ps.map(dump).joined(separator: ", ") + ")"
    case .expression(let e): return "=" + dump(e)
    case .typeCheck(let t): return "is \(t)"
    case .cast(let p, let t): return dump(p) + " as \(t)"
    }
}

func dump(_ c: Condition) -> String {
    switch c {
    case .expression(let e): return dump(e)
    case .optionalBinding(let n, let v, let e, _): return "(\(v ? "var" : "let") \(n) \(dump(e)))"
    case .patternMatch(let p, let e): return "(case \(dump(p)) \(dump(e)))"
    }
}

func dump(_ s: IfStmt, word: String = "if") -> String {
    "(\(word) [" + s.conditions.map(dump).joined(separator: ", ") + "] " + dumpBlock(s.then)
        + (s.otherwise.map { " else " + dumpBlock($0) } ?? "") + ")"
}

func dump(_ s: SwitchStmt, word: String = "switch") -> String {
    var out = "(" + word + " " + dump(s.subject)
    for c in s.cases {
        let head: String = c.isDefault ? "default" : "case " + c.patterns.map(dump).joined(separator: ", ")
        let guardText: String = c.guardExpr.map { " where " + dump($0) } ?? ""
        let body: String = c.body.map(dump).joined(separator: "; ")
        out += " (" + head + guardText + ": " + body + ")"
    }
    return out + ")"
}

func dumpBlock(_ b: [Stmt]) -> String { "{" + b.map(dump).joined(separator: "; ") + "}" }

func dump(_ s: Stmt) -> String {
    switch s.kind {
    case .expression(let e): return dump(e)
    case .assignment(let t, let op, let v): return "(\(op.rawValue) \(dump(t)) \(dump(v)))"
    case .declaration(let d): return dump(d)
    case .if(let i): return dump(i)
    case .guard(let c, let o): return "(guard [" + c.map(dump).joined(separator: ", ") + "] " + dumpBlock(o) + ")"
    case .switch(let sw): return dump(sw)
    case .forIn(let p, let seq, let w, let body):
        let whereText: String = w.map { " where " + dump($0) } ?? ""
        return "(for " + dump(p) + " " + dump(seq) + whereText + " " + dumpBlock(body) + ")"
    case .while(let c, let b): return "(while [" + c.map(dump).joined(separator: ", ") + "] " + dumpBlock(b) + ")"
    case .repeatWhile(let b, let c): return "(repeat \(dumpBlock(b)) \(dump(c)))"
    case .block(let b): return "(do \(dumpBlock(b)))"
    case .break(let l): return "(break\(l.map { " " + $0 } ?? ""))"
    case .continue(let l): return "(continue\(l.map { " " + $0 } ?? ""))"
    case .return(let e): return "(return\(e.map { " " + dump($0) } ?? ""))"
    case .fallthrough: return "(fallthrough)"
    case .labeled(let l, let s): return "(\(l): \(dump(s)))"
    case .command(let n, let a): return "(:\(n) \"\(a)\")"
    case .doCatch(let b, let cs):
        var out = "(do " + dumpBlock(b)
        for c in cs {
            out += " (catch"
            if let p = c.pattern { out += " " + dump(p) }
            if let g = c.guardExpr { out += " where " + dump(g) }
            out += " " + dumpBlock(c.body) + ")"
        }
        return out + ")"
    case .defer(let b): return "(defer \(dumpBlock(b)))"
    case .throw(let e): return "(throw \(dump(e)))"
    }
}

func dump(_ v: VariableDecl) -> String {
    var s = "(" + (v.isStatic ? "static " : "") + (v.isLet ? "let " : "var ") + (v.name ?? dump(v.pattern))
    if let t = v.type { s += ": " + t.description }
    if let i = v.initializer { s += " = " + dump(i) }
    if let g = v.getter { s += " get " + dumpBlock(g) }
    if let st = v.setter { s += " set(" + st.parameterName + ") " + dumpBlock(st.body) }
    return s + ")"
}

func dump(_ f: FunctionDecl) -> String {
    let params = f.parameters.map { p in
        "\(p.label ?? "_") \(p.name)" + (p.type.map { ": " + (p.isInout ? "inout " : "") + "\($0)" } ?? "")
            + (p.defaultValue.map { " = \(dump($0))" } ?? "")
    }.joined(separator: ", ")
    let prefix: String = (f.isStatic ? "static " : "") + (f.isMutating ? "mutating " : "")
    let result: String = f.returnType.map { " -> " + $0.description } ?? ""
    return "(" + prefix + "func " + f.fullName + " (" + params + ")" + result + " " + dumpBlock(f.body) + ")"
}

func dump(_ m: TypeMembers) -> String {
    var out = ""
    for p in m.properties { out += " " + dump(p) }
    for i in m.initializers { out += " " + dump(i) }
    for f in m.methods { out += " " + dump(f) }
    for t in m.nestedTypes { out += " " + dump(t) }
    return out
}

func dump(_ d: Decl) -> String {
    switch d {
    case .variable(let v): return dump(v)
    case .function(let f): return dump(f)
    case .enum(let e):
        return "(enum \(e.name)" + (e.rawType.map { ": \($0)" } ?? "") + (e.conformances.isEmpty ? "" : " [" + e.conformances.joined(separator: ", ") + "]")
            + e.cases.map { " case " + $0.name + ($0.rawValue.map { " = \(dump($0))" } ?? "") }.joined() + dump(e.members) + ")"
    case .struct(let s):
        return "(struct \(s.name)" + (s.conformances.isEmpty ? "" : " [" + s.conformances.joined(separator: ", ") + "]") + dump(s.members) + ")"
    case .table(let t): return "(table \(t.name)" + dump(t.members) + ")"
    case .class(let c): return "(class \(c.name)" + (c.inherited.isEmpty ? "" : " [" + c.inherited.joined(separator: ", ") + "]") + dump(c.members) + ")"
    case .extension(let n, let m, _): return "(extension \(n)" + dump(m) + ")"
    case .protocol(let p):
        return "(protocol \(p.name)" + (p.inherited.isEmpty ? "" : " [" + p.inherited.joined(separator: ", ") + "]")
            + p.properties.map { " var \($0.name): \($0.type) { get\($0.isSettable ? " set" : "") }" }.joined()
            + p.methods.map { " func " + $0.fullName }.joined() + p.initializers.map { " " + $0.fullName }.joined()
            + p.associatedTypes.map { " associatedtype " + $0.name }.joined() + ")"
    case .typeAlias(let a): return "(typealias \(a.name) = \(a.type))"
    }
}

func dump(_ u: SourceUnit) -> String { u.statements.map(dump).joined(separator: "\n") }
