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
        if StaticChecker.declaresPatternOperator(unit.statements) { patternOperatorsDeclared = true }
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
        var changed = false
        for (i, s) in unit.statements.enumerated() {
            guard case .declaration(.function(var f)) = s.kind, Self.isOperatorName(f.name),
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
            changed = true
        }
        return changed ? out : unit
    }

    /// An operator's name: no letter, digit or underscore in it.
    static func isOperatorName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        return !(first == "_" || first.properties.isAlphabetic || first.properties.numericType != nil)
    }
}
