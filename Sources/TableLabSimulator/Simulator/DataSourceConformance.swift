// A class that adopts UITableViewDataSource without `tableView(_:numberOfRowsInSection:)` or
// `tableView(_:cellForRowAt:)` does not compile: swiftc's "type 'X' does not conform to
// protocol 'UITableViewDataSource'", with "add stubs for conformance" at the class's name
// and a note at the first requirement missing (swiftc 6.3 names only that one for an
// imported protocol; checked with the UIKit stub's typecheck.sh). Without this check the
// table asked for the missing method drew blank cells. Only what the unit shows is
// judged: a class whose superclass is a script class (which may implement the methods), a
// UITableViewController (which does), or whose conformance an extension of an earlier
// entry's class adds, is left alone. A `table` block is not Swift and has no conformance.

import TableLabSyntax

enum DataSourceConformance {
    /// UIKit's required data-source methods, in the order swiftc looks for them, with the
    /// function type its note spells.
    static let requirements: [(name: String, method: DataSourceMethod, type: String, declaration: String)] = [
        ("tableView(_:numberOfRowsInSection:)", .numberOfRows, "(UITableView, Int) -> Int",
         "func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int"),
        ("tableView(_:cellForRowAt:)", .cellForRow, "(UITableView, IndexPath) -> UITableViewCell",
         "func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell"),
    ]

    /// Superclasses of UIKit that do not implement the data source themselves.
    private static let plainSuperclasses: Set<String> = ["NSObject", "UIViewController", "UIView"]

    static func errors(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        errors(unit, file: file, alongside: [])
    }

    /// `alongside`: the other files compiled with this one (`tablelab check A B`, one
    /// module as Xcode compiles a target): a class of one file may adopt the protocol, or
    /// implement its methods, in an extension in another. The error is this file's when
    /// the adoption is written in it.
    static func errors(_ unit: SourceUnit, file: SourceFile, alongside others: [(unit: SourceUnit, file: SourceFile)]) -> [Diagnostic] {
        var classes: [(decl: ClassDecl, file: SourceFile)] = []
        var extensions: [String: [(members: TypeMembers, at: SourceLocation, file: SourceFile)]] = [:]
        func collect(_ d: Decl, _ f: SourceFile) {
            switch d {
            case .class(let c):
                classes.append((c, f))
                c.members.nestedTypes.forEach { collect($0, f) }
            case .struct(let s): s.members.nestedTypes.forEach { collect($0, f) }
            case .enum(let e): e.members.nestedTypes.forEach { collect($0, f) }
            case .extension(let name, let members, let at): extensions[name, default: []].append((members, at, f))
            default: break
            }
        }
        for (u, f) in [(unit, file)] + others.map({ ($0.unit, $0.file) }) {
            for s in u.statements { if case .declaration(let d) = s.kind { collect(d, f) } }
        }
        var names: [String: Int] = [:]
        for (c, _) in classes { names[c.name, default: 0] += 1 }
        var out: [Diagnostic] = []
        for (c, classFile) in classes where names[c.name] == 1 {
            let ownExtensions = extensions[c.name] ?? []
            // swiftc reports at the class's name, or at the extension that adopts the protocol.
            let adoptedAt: (at: SourceLocation, file: SourceFile)?
            if c.inherited.contains("UITableViewDataSource") {
                adoptedAt = (c.members.nameLocation, classFile)
            } else {
                adoptedAt = ownExtensions.first { $0.members.conformances.contains("UITableViewDataSource") }.map { ($0.at, $0.file) }
            }
            // Its superclass, written first, is one of UIKit's that implements neither method
            // (a class of no superclass would also miss NSObjectProtocol's: not judged here).
            guard let (at, adoptingFile) = adoptedAt, adoptingFile === file, let first = c.inherited.first,
                  plainSuperclasses.contains(first) else { continue }
            let declared = (c.members.methods.map { ($0, classFile) }
                + ownExtensions.flatMap { e in e.members.methods.map { ($0, e.file) } }).filter { !$0.0.isStatic }
            let methods = Set(declared.map(\.0.fullName))
            // The Swift 2 spellings TableLab also calls (`cellForRowAtIndexPath`) count as
            // written in a class written in Swift 2; in one written for Swift 3 or later they
            // satisfy nothing, and one of the requirement's types is swiftc's "different
            // argument labels" (`tableView(_:cellForRowAtIndexPath:)`) in place of "does not conform".
            let swift3 = DataSourceMethod.writtenForSwift3(methods)
            var implemented: Set<DataSourceMethod> = []
            var mislabelled: [Diagnostic] = []
            for (f, methodFile) in declared {
                guard let s = DataSourceMethod.spelling(f.fullName) else { continue }
                guard swift3, s.spelling == .swift2 else { implemented.insert(s.method); continue }
                guard let r = requirements.first(where: { $0.method == s.method }), !methods.contains(r.name),
                      hasTypes(f, of: r.type) else { continue }
                implemented.insert(s.method)
                if methodFile === file {
                    mislabelled.append(.error(ConformanceMessage.differentArgumentLabels(method: f.fullName, protocol: "UITableViewDataSource", requirement: r.name),
                                              at: DelegateNearMiss.nameLocation(f), in: file,
                                              notes: [requirementNote(r, declaredHere: true)]))
                }
            }
            out += mislabelled
            guard let missing = requirements.first(where: { !implemented.contains($0.method) }) else { continue }
            out.append(.error(ConformanceMessage.doesNotConform(type: c.name, protocol: "UITableViewDataSource"), at: at, in: file,
                              notes: [.note(ConformanceMessage.addStubs, at: at, in: file),
                                      requirementNote(missing)]))
        }
        return out
    }

    /// UIKit's generated interface of the protocol, where swiftc places the requirement's
    /// note (its line and column stand for that place: TableLab has no SDK to quote).
    private static let interfaceFile: SourceFile = {
        let lines = ["@MainActor public protocol UITableViewDataSource : NSObjectProtocol {"]
            + requirements.map { "    @MainActor " + $0.declaration }
        return SourceFile(name: "UIKit.UITableViewDataSource", text: lines.joined(separator: "\n") + "\n}\n")
    }()

    private static func requirementNote(_ requirement: (name: String, method: DataSourceMethod, type: String, declaration: String),
                                        declaredHere: Bool = false) -> Diagnostic {
        let line = 2 + (requirements.firstIndex { $0.name == requirement.name } ?? 0)
        let message: ConformanceMessage = declaredHere
            ? .requirementDeclaredHere(name: requirement.name)
            : .protocolRequiresFunction(name: requirement.name, type: requirement.type)
        return .note(message, at: SourceLocation(line: line, column: "    @MainActor func ".count + 1), in: interfaceFile)
    }

    /// Whether a method's parameter and result types are written as the requirement's
    /// function type spells them (`(UITableView, IndexPath) -> UITableViewCell`).
    private static func hasTypes(_ f: FunctionDecl, of type: String) -> Bool {
        func name(_ t: TypeSyntax?) -> String? {
            guard case .named(let n)? = t else { return nil }
            return n
        }
        let written = "(" + f.parameters.map { name($0.type) ?? "?" }.joined(separator: ", ") + ") -> " + (name(f.returnType) ?? "?")
        return written == type
    }
}

/// A conformance's diagnostics, in swiftc's words.
enum ConformanceMessage: DiagnosticMessage, Hashable {
    case doesNotConform(type: String, protocol: String)
    case addStubs
    case protocolRequiresFunction(name: String, type: String)
    case differentArgumentLabels(method: String, protocol: String, requirement: String)
    case requirementDeclaredHere(name: String)

    var id: DiagnosticID {
        switch self {
        case .doesNotConform: return DiagnosticID("type_does_not_conform")
        case .addStubs: return DiagnosticID("missing_witnesses_add_stubs")
        case .protocolRequiresFunction: return DiagnosticID("no_witnesses")
        case .differentArgumentLabels: return DiagnosticID("witness_argument_name_mismatch")
        case .requirementDeclaredHere: return DiagnosticID("kind_declname_declared_here")
        }
    }

    var text: String {
        switch self {
        case .doesNotConform(let t, let p): return "type '\(t)' does not conform to protocol '\(p)'"
        case .addStubs: return "add stubs for conformance"
        case .protocolRequiresFunction(let n, let t): return "protocol requires function '\(n)' with type '\(t)'"
        case .differentArgumentLabels(let m, let p, let r):
            return "instance method '\(m)' has different argument labels from those required by protocol '\(p)' ('\(r)')"
        case .requirementDeclaredHere(let n): return "requirement '\(n)' declared here"
        }
    }
}
