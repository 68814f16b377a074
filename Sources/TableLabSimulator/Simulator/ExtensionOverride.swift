// An extension of a UIKit class that declares again a member an extension of one of its
// UIKit superclasses declares (`extension UIView { var kind ... }` and `extension UILabel
// { var kind ... }`) overrides it. Swift allows that only through Objective-C: the
// superclass's member must be `@objc` (or in an `@objc extension`) and the subclass's say
// `override`. swiftc refuses the rest before anything runs; the interpreter, which looks
// a host object's extension members up along its class chain, would run them. TableLab
// plays UIKit on iOS, so the words are swiftc's with Objective-C interoperability on
// (the UIKit stub's `typecheck.sh --objc`).

import TableLabSyntax

enum ExtensionOverride {
    /// One computed property or method of an extension of a UIKit class.
    private struct Member {
        /// A property's name, a method's full name (what an override matches).
        var name: String
        /// As swiftc names it: a method whose parameters all lack labels by its base name alone.
        var spelled: String
        var isMethod: Bool
        var isStatic: Bool
        var modifiers: ClassMemberModifiers
        var inObjCExtension: Bool
        var nameLocation: SourceLocation

        var isObjC: Bool { modifiers.isObjC || inObjCExtension }

        var kind: String {
            let scope = isStatic ? (modifiers.isClassMember ? "class " : "static ") : (isMethod ? "instance " : "")
            return scope + (isMethod ? "method" : "property")
        }

        func overrides(_ other: Member) -> Bool {
            name == other.name && isMethod == other.isMethod && isStatic == other.isStatic
        }
    }

    /// The members of an extension or class that an override could match.
    private static func members(_ members: TypeMembers, modifiers: [SourceLocation: ClassMemberModifiers],
                                objc: Bool, file: SourceFile) -> [Member] {
        var found: [Member] = members.methods.map { f in
            Member(name: f.fullName, spelled: !f.parameters.isEmpty && f.parameters.allSatisfy({ $0.label == nil }) ? f.name : f.fullName,
                   isMethod: true, isStatic: f.isStatic,
                   modifiers: modifiers[f.location] ?? ClassMemberModifiers(), inObjCExtension: objc,
                   nameLocation: DelegateNearMiss.nameLocation(f))
        }
        for p in members.properties where p.getter != nil {
            guard let n = p.name else { continue }
            found.append(Member(name: n, spelled: n, isMethod: false, isStatic: p.isStatic,
                                modifiers: modifiers[p.location] ?? ClassMemberModifiers(), inObjCExtension: objc,
                                nameLocation: p.location))
        }
        return found
    }

    /// The errors, in source order. A script's subclass (`class NameCell: UITableViewCell`,
    /// directly or through the script's classes) that declares again an extension's member of
    /// a UIKit class it inherits from gets the same errors as a UIKit class's extension.
    static func errors(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        var extensions: [(type: String, members: [Member])] = []
        var classes: [(superclass: String, members: [Member])] = []
        var superclassOf: [String: String] = [:]
        for s in unit.statements {
            switch s.kind {
            case .declaration(.extension(let name, let members, let location)):
                guard UIKitCatalogueData.types[name]?.superclass != nil else { continue }
                let found = Self.members(members, modifiers: unit.memberModifiers, objc: unit.objcTypes.contains(location), file: file)
                extensions.append((name, found))
            case .declaration(.class(let c)):
                guard let superclass = c.inherited.first else { continue }
                superclassOf[c.name] = superclass
                classes.append((superclass, Self.members(c.members, modifiers: c.memberModifiers, objc: false, file: file)))
            default: continue
            }
        }
        guard !extensions.isEmpty else { return [] }
        var subjects = extensions.map { (superclasses: superclasses(of: $0.type), members: $0.members) }
        for c in classes {
            // The script's own superclasses first, then the UIKit class they reach and its superclasses.
            var name = c.superclass
            var seen: Set<String> = []
            while let next = superclassOf[name], seen.insert(name).inserted { name = next }
            guard UIKitCatalogueData.types[name] != nil else { continue }
            subjects.append(([name] + superclasses(of: name), c.members))
        }
        var out: [Diagnostic] = []
        for (superclasses, members) in subjects {
            for m in members {
                guard let (base, owner) = overridden(m, superclasses, extensions) else { continue }
                if !base.isObjC {
                    out.append(.error(SimulatorCheckMessage.declaredInExtension(kind: m.kind, name: m.spelled, extended: owner),
                                      at: m.nameLocation, in: file,
                                      notes: [.note(SimulatorCheckMessage.addObjCToOverride, at: base.nameLocation, in: file)]))
                } else if !m.modifiers.isOverride {
                    out.append(.error(SimulatorCheckMessage.overrideKeywordMissing, at: m.nameLocation, in: file,
                                      notes: [.note(SimulatorCheckMessage.overriddenHere, at: base.nameLocation, in: file)]))
                }
            }
        }
        return out.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    /// The member of the nearest superclass's extension that `m` declares again, and that class.
    private static func overridden(_ m: Member, _ superclasses: [String],
                                   _ extensions: [(type: String, members: [Member])]) -> (Member, String)? {
        for s in superclasses {
            for e in extensions where e.type == s {
                if let base = e.members.first(where: m.overrides) { return (base, s) }
            }
        }
        return nil
    }

    /// UIKit's superclasses of a class, nearest first.
    private static func superclasses(of name: String) -> [String] {
        var chain: [String] = []
        var next = UIKitCatalogueData.types[name]?.superclass
        while let s = next, !chain.contains(s), chain.count < 16 {
            chain.append(s)
            next = UIKitCatalogueData.types[s]?.superclass
        }
        return chain
    }
}
