// A global operator function (`func == (l: S, r: S) -> Bool`, `func ~= (p: Even, v: Int)`)
// is found by Swift exactly where a `static func` of its first operand's type is: both are
// candidates wherever the operator is used on that type. TableLab calls a type's own
// operators (`==`, `<`, `~=`), so each global one whose first parameter is a script type or
// String/Int/Double/Bool becomes a static member of an extension of that type, declared
// where the function stands. Without this, a global `==` was silently not called (a struct's
// synthesised `==` answered instead), and every `~=` was one declaration that the next
// replaced. Other global operators are left as they were.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    /// The unit with its global operator functions as static members of extensions; notes
    /// whether the script declares a `~=` anywhere.
    func lowerOperatorFunctions(_ unit: SourceUnit) -> SourceUnit {
        if !patternOperatorsDeclared, StaticChecker.declaresPatternOperator(unit.statements) { patternOperatorsDeclared = true }
        // The candidates first: most units (every prelude) have none, and then no set of
        // type names is made. Only the operators the binary operations call are lowered
        // (a file's own `**` is called by name, Parser+Operators.swift).
        var candidates: [Int] = []
        for (i, s) in unit.statements.enumerated() {
            if case .declaration(.function(let f)) = s.kind, f.isOperator, BinaryOperator(rawValue: f.name) != nil {
                candidates.append(i)
            }
        }
        guard !candidates.isEmpty else { return unit }
        var declaredTypes: Set<String> = []
        for s in unit.statements {
            guard case .declaration(let d) = s.kind else { continue }
            switch d {
            case .enum(let e): declaredTypes.insert(e.name)
            case .struct(let x): declaredTypes.insert(x.name)
            case .class(let c): declaredTypes.insert(c.name)
            case .table(let t): declaredTypes.insert(t.name)
            default: break
            }
        }
        var out = unit
        for i in candidates {
            let s = unit.statements[i]
            guard case .declaration(.function(var f)) = s.kind,
                  f.genericParameters.isEmpty, f.parameters.count == 2,
                  case .named(let holder)? = f.parameters[0].type,
                  declaredTypes.contains(holder) || userType(holder) != nil
                    || ["String", "Int", "Double", "Bool"].contains(holder),
                  // A redeclaration of the standard library's own operator stays global, for
                  // the refusal that names it (UserOperators.swift).
                  !(f.parameters[1].type == .named(holder) && Self.standardOperators(of: holder).contains(f.name)
                    && !declaredTypes.contains(holder) && userType(holder) == nil) else { continue }
            f.isStatic = true
            var members = TypeMembers()
            members.methods = [f]
            out.statements[i] = Stmt(.declaration(.extension(typeName: holder, members: members, location: s.location)),
                                     at: s.location, range: s.range)
        }
        return out
    }

    /// An operator's name, by the lexer's rule (OperatorSpelling); the selector asks it too.
    static func isOperatorName(_ name: String) -> Bool { OperatorSpelling.isOperator(name) }
}
