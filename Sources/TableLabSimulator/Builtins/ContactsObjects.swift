// Contacts as a device on which the app has just been installed runs it (docs/ARCHITECTURE.md,
// "Network and device data"): the app has not asked for access yet
// (`authorizationStatus(for: .contacts)` is `.notDetermined`), and the phone holds no
// contacts (a new iPhone's; Xcode's Simulator comes with six sample cards, which TableLab
// does not make up). `requestAccess(for:completionHandler:)` shows the system's alert,
// "Don't Allow" / "OK" (iOS 17), and its handler runs only when the user answers
// (`:alert OK`): until then the app goes on without it, as on the device. Once answered,
// the status stays, and later requests are answered at once, after the current event.
// Fetching before access is granted (UIKit throws CNError's authorizationDenied) and every
// other member is refused by name.

import TableLabInterpreter

/// The app's Contacts authorization on the device, shared by every CNContactStore.
final class ContactsAccess {
    /// `CNAuthorizationStatus`'s case: notDetermined until the user answers the alert.
    var status = "notDetermined"
    /// Completion handlers of requests waiting for the user's answer, in order.
    var waiting: [Value] = []
}

enum ContactsObjects {
    /// CNAuthorizationStatus's cases in the order of their C values (iOS 17's Contacts).
    static let statuses = ["notDetermined", "restricted", "denied", "authorized"]
    /// The names a script writes as Contacts' implicit members.
    static let caseNames = Set(statuses + ["contacts"])

    static func status(_ name: String) -> Value {
        .object(HostEnumValue(swiftTypeName: "CNAuthorizationStatus", cTypeName: "CNAuthorizationStatus", caseName: name,
                              rawValue: statuses.firstIndex(of: name)))
    }

    /// Declares Contacts' names at the first `import Contacts` (or ContactsUI, which
    /// re-exports it): a script that imports neither has none, as in Swift.
    static func imported(_ path: String, _ interpreter: Interpreter, _ host: UIKitHost) {
        let module = path.split(separator: ".", maxSplits: 1).first.map(String.init) ?? path
        guard module == "Contacts" || module == "ContactsUI", host.contactsAccess == nil else { return }
        let access = ContactsAccess()
        host.contactsAccess = access
        // NSString adopts CNKeyDescriptor: the keys are strings (`keys as [CNKeyDescriptor]`).
        interpreter.hostStringConformances.insert("CNKeyDescriptor")
        interpreter.registerNativeFunction("CNContactStore()") { [unowned host] _ in .object(ContactStoreObject(host: host, access: access)) }
        interpreter.setGlobal("CNContactStore", .object(UIKitNamespace("CNContactStore", methods: [
            "authorizationStatus(for:)": { arguments in
                try entityType(arguments[0], "authorizationStatus(for:)")
                return status(access.status)
            },
        ])))
        var cases: [String: () -> Value] = [:]
        for name in statuses { cases[name] = { status(name) } }
        interpreter.setGlobal("CNAuthorizationStatus", .object(UIKitNamespace("CNAuthorizationStatus", members: cases)))
        interpreter.setGlobal("CNEntityType", .object(UIKitNamespace("CNEntityType", members: [
            "contacts": { .object(HostEnumValue(swiftTypeName: "CNEntityType", cTypeName: "CNEntityType", caseName: "contacts", rawValue: 0)) },
        ])))
        interpreter.registerNativeFunction("CNContactFetchRequest(keysToFetch:)") { arguments in
            .object(UIKitObject("CNContactFetchRequest", properties: [
                "keysToFetch": arguments[0], "unifyResults": .bool(true), "predicate": .nilValue,
            ]))
        }
        // The keys are the names of CNContact's properties (Contacts' CNContact.h).
        for (name, key) in [("CNContactGivenNameKey", "givenName"), ("CNContactFamilyNameKey", "familyName"),
                            ("CNContactMiddleNameKey", "middleName"), ("CNContactNicknameKey", "nickname"),
                            ("CNContactPhoneNumbersKey", "phoneNumbers"), ("CNContactEmailAddressesKey", "emailAddresses"),
                            ("CNContactIdentifierKey", "identifier"), ("CNContactOrganizationNameKey", "organizationName"),
                            ("CNContactImageDataKey", "imageData"), ("CNContactThumbnailImageDataKey", "thumbnailImageData"),
                            ("CNContactPostalAddressesKey", "postalAddresses"), ("CNContactBirthdayKey", "birthday"),
                            ("CNContactJobTitleKey", "jobTitle")] {
            interpreter.setGlobal(name, .string(key))
        }
    }

    /// The entity a Contacts call names: `.contacts` is its only case.
    static func entityType(_ value: Value, _ method: String) throws {
        guard UIKitValue.caseName(value) == "contacts" else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertUntypedValueFor(to: "CNEntityType", what: method))
        }
    }
}

/// `CNContactStore()`: requests access and fetches from the device's (empty) contacts.
final class ContactStoreObject: NativeObject {
    unowned let host: UIKitHost
    let access: ContactsAccess

    init(host: UIKitHost, access: ContactsAccess) {
        self.host = host
        self.access = access
    }

    override var typeName: String { "CNContactStore" }

    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("CNContactStore.\(name)"))
    }

    enum Method: Int, CaseIterable, Sendable {
        case requestAccessHandler, requestAccess, enumerateContactsBlock, enumerateContacts, unifiedContacts
        static let names = [
            "requestAccess(for:completionHandler:)", "requestAccess(for:_:)", "enumerateContacts(with:usingBlock:)",
            "enumerateContacts(with:_:)", "unifiedContacts(matching:keysToFetch:)",
        ]
        static let table = HostMemberTable(names)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard let method = Method(rawValue: Method.table[id]) else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("CNContactStore.\(id.name)"))
        }
        switch method {
        case .requestAccessHandler, .requestAccess:
            try ContactsObjects.entityType(arguments[0], "requestAccess(for:completionHandler:)")
            try requestAccess(handler: arguments[1])
            return .void
        case .enumerateContactsBlock, .enumerateContacts:
            try requireAccess("enumerateContacts(with:usingBlock:)")
            // The device holds no contacts: the block is never called.
            return .void
        case .unifiedContacts:
            try requireAccess(id.name)
            return .array([])
        }
    }

    /// Fetching without access: UIKit throws CNError's authorizationDenied, which TableLab
    /// does not make (its domain and user info are Foundation's).
    private func requireAccess(_ method: String) throws {
        guard access.status == "authorized" else {
            throw Interpreter.runtimeError(UIKitMessage.contactsWithoutAccess(method: method, status: access.status))
        }
    }

    private func requestAccess(handler: Value) throws {
        switch access.status {
        case "notDetermined":
            access.waiting.append(handler)
            // One alert answers every request made while it is up.
            guard access.waiting.count == 1 else { return }
            if let shown = host.presentedAlert, shown.permissionService == nil {
                throw Interpreter.runtimeError(UIKitMessage.notSimulated("the system's alert asking for access to Contacts over an alert the app presented"))
            }
            let alert = AlertControllerObject(title: nil, message: nil, preferredStyle: "alert", isPad: { false })
            alert.permissionService = "Contacts"
            alert.actions = [answer("Don't Allow", granted: false), answer("OK", granted: true)]
            host.presentedAlert = alert
            host.simulator.record(alert.effect)
        default:
            try complete(handler, granted: access.status == "authorized")
        }
    }

    /// A button of the system's alert: the status is the answer, then each waiting handler runs.
    private func answer(_ title: String, granted: Bool) -> AlertActionObject {
        let handler = host.interpreter.nativeClosure(arity: 1) { [access, unowned self] _ in
            access.status = granted ? "authorized" : "denied"
            let waiting = access.waiting
            access.waiting = []
            for handler in waiting { try complete(handler, granted: granted) }
            return .void
        }
        return AlertActionObject(title: title, style: "default", handler: handler)
    }

    /// The completion handler runs on a queue of Contacts' own, after the call or the
    /// answer: TableLab has one thread, so it runs after the current event.
    private func complete(_ handler: Value, granted: Bool) throws {
        guard let function = CellObject.unwrapped(handler), case .function = function else { return }
        let error: Value = granted ? .nilValue : .wrapped(.object(ContactsErrorObject()))
        let interpreter = host.interpreter
        let call = Interpreter.nativeFunctionValue(arity: 0) { [unowned interpreter] _ in
            _ = try interpreter.call(function, [.bool(granted), error])
            return .void
        }
        try interpreter.enqueueOnMainQueue(after: 0, call)
    }
}

/// The CNError a denied request is answered with (code 100, authorizationDenied).
final class ContactsErrorObject: NativeObject {
    override var typeName: String { "CNError" }
    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("CNError.\(name)"))
    }
}
