// swiftc refuses a type whose inheritance clause names a type or protocol that does not
// exist (`struct Settings: Equatable, Codabl`, a protocol pasted without its declaration).
// TableLab took such a name as a conformance it knew nothing about and ran the program.
// A name is reported only when no module the script can see may declare it: the script's
// own types, Swift's (StandardLibraryMemberData), Foundation's, and the host's (UIKit's,
// by the host's own test of Apple framework names). A script that imports any other
// module is left alone: that module may declare the name.

import TableLabSyntax

extension InterpreterCore {
    /// The modules whose names are all known here: those listed, and Apple frameworks whose
    /// every type carries the framework's prefix, which the host's test of Apple names
    /// knows (WebKit's `WKWebView`, SafariServices' `SFSafariViewController`, Contacts'
    /// `CNContact`): a name without one is none of theirs.
    private static let knownModules: Set<String> = [
        "UIKit", "Foundation", "FoundationEssentials", "Swift", "Dispatch", "Glibc", "Darwin", "CoreGraphics",
        "ObjectiveC", "os", "CoreFoundation", "QuartzCore", "WebKit", "SafariServices", "Contacts",
    ]

    /// Notes the unit's imports: an import of another module makes every name possible.
    func noteImports(_ unit: SourceUnit) {
        if unit.imports.contains(where: { !Self.knownModules.contains($0) }) { importsUnknownModule = true }
        if unit.imports.contains(where: { $0 == "Foundation" || $0 == "UIKit" }) { importsFoundation = true }
    }

    /// Every name of the inheritance clauses of the unit's types (nested ones included) and
    /// extensions that nothing declares, as swiftc's "cannot find type 'X' in scope".
    func inheritedNameErrors(_ unit: SourceUnit) -> [RuntimeError] {
        guard !importsUnknownModule else { return [] }
        var clauses: [[String: SourceLocation]] = []
        func visit(_ d: Decl) {
            let members: TypeMembers
            switch d {
            case .enum(let e): members = e.members
            case .struct(let s): members = s.members
            case .class(let c): members = c.members
            case .table(let t): members = t.members
            case .extension(_, let m, _): members = m
            default: return
            }
            clauses.append(members.inheritedLocations)
            members.nestedTypes.forEach(visit)
        }
        for s in unit.statements { if case .declaration(let d) = s.kind { visit(d) } }
        return clauses.flatMap { $0.filter { userType($0.key) == nil && StandardLibraryMemberData.unavailable[$0.key] != nil || surelyNoInheritedType($0.key) } }
            .map { name, at in
                StandardLibraryMemberData.unavailable[name].map { RuntimeError(RuntimeMessage.unavailable(text: $0), at: at) }
                    ?? RuntimeError(EntryMessage.cannotFindTypeInScope(name), at: at)
            }
    }

    /// Whether no module the script can see declares a type of this name (also asked of a
    /// type's name used as a value in a UIKit subclass's method, FunctionNameCheck.swift).
    func surelyNoInheritedType(_ n: String) -> Bool {
        guard !importsUnknownModule else { return false }
        // Qualified, generic, composed or otherwise spelled names are left to the run.
        guard !n.isEmpty, n.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else {
            return false
        }
        if userType(n) != nil || isProtocolName(n) || isKnownExternal(n) || protocolAliasParts(n) != nil
            || protocols.typeAliases[n] != nil || isDeclaredNow(n) {
            return false
        }
        if StandardLibraryNames.all.contains(n) || StandardLibraryNames.foundationTypes.contains(n) || hosting.missingName?(n) != nil {
            return false
        }
        return !["AnyObject", "Any", "class"].contains(n)
    }
}
