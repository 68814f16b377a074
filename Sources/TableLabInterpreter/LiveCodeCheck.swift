// `:check` over the live code: a later redeclaration can break code that compiled when it
// was loaded (a struct's property renamed leaves `s.name` in an older function naming
// nothing). The live functions and types are checked again, file by file, with the checks
// a unit gets before it runs (FunctionNameCheck.swift, MemberNameCheck.swift), against the
// declarations as they are now; nothing runs, and the compiled code is thrown away.

import TableLabSyntax

extension Interpreter {
    /// The errors the name and member checks find in the live functions and types, at
    /// their current places, file by file in the order the files were loaded.
    public func liveCodeErrors() -> [Diagnostic] {
        var byFile: [ObjectIdentifier: (file: SourceFile, statements: [Stmt])] = [:]
        var order: [ObjectIdentifier] = []
        func add(_ d: Decl, at location: SourceLocation, _ file: SourceFile?) {
            guard let file, !file.name.hasPrefix("<prelude") else { return }
            let key = ObjectIdentifier(file)
            if byFile[key] == nil { byFile[key] = (file, []); order.append(key) }
            byFile[key]!.statements.append(Stmt(.declaration(d), at: location))
        }
        for cells in core.functionsByBase.values {
            for cell in cells where cell.native == nil {
                if let d = cell.decl { add(.function(d), at: d.location, cell.file) }
            }
        }
        var seen = Set<ObjectIdentifier>()
        for slot in core.typeSlots.values {
            guard let t = slot.current, seen.insert(ObjectIdentifier(t)).inserted else { continue }
            let own: TypeMembers
            switch t.decl {
            case let s as StructDecl: add(.struct(s), at: s.location, t.file); own = s.members
            case let c as ClassDecl: add(.class(c), at: c.location, t.file); own = c.members
            case let e as EnumDecl: add(.enum(e), at: e.location, t.file); own = e.members
            case let x as TableDecl: add(.table(x), at: x.location, t.file); own = x.members
            default: continue
            }
            // The methods its extensions add (also in other entries or files), each checked
            // as an extension of the type in the file that wrote it.
            let declared = Set(own.methods.map(\.location))
            for slot in t.methods.values where !slot.isDefault && (slot.owner == nil || slot.owner === t) {
                guard let d = slot.decl, !declared.contains(d.location) else { continue }
                var members = TypeMembers()
                members.methods = [d]
                add(.extension(typeName: t.name, members: members, location: d.location), at: d.location, slot.file ?? t.file)
            }
        }
        var out: [Diagnostic] = []
        for key in order {
            guard let (file, statements) = byFile[key] else { continue }
            let unit = SourceUnit(statements: statements.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) })
            var found: [Diagnostic] = []
            _ = try? guarded(file) {
                found += core.collectingDiagnostics { try core.checkFunctionNames(unit, declared: []) }
                found += core.collectingDiagnostics { try core.checkMemberNames(unit) }
            }
            var places = Set<String>()
            out += found.filter { $0.severity == .error && places.insert("\($0.location.line):\($0.location.column)").inserted }
                .sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        }
        return out
    }
}
