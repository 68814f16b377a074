// URLSession as a device without a network connection runs it (docs/ARCHITECTURE.md,
// "Network and device data"): TableLab never reaches a server, and making up a response
// would be a different program. Offline, a data task's completion handler is called soon
// after `resume()` with no data, no response and URLError(.notConnectedToInternet); here it
// runs after the current event, as a block queued on the main queue does (TableLab has
// one thread, so URLSession's delegate queue is that queue too).

import TableLabInterpreter

enum URLSessionObjects {
    /// `URLSession.shared` and `JSONDecoder()`, which code that loads a table's rows from
    /// the network makes before its request goes out.
    static func install(_ interpreter: Interpreter) {
        let dataTask: ([Value]) throws -> Value = { [unowned interpreter] arguments in
            try makeDataTask(arguments, interpreter)
        }
        let session = UIKitNamespace("URLSession", methods: [
            "dataTask(with:completionHandler:)": dataTask, "dataTask(with:_:)": dataTask,
        ], isInstance: true)
        interpreter.setGlobal("URLSession", .object(UIKitNamespace("URLSession", members: ["shared": { .object(session) }])))
        interpreter.registerNativeFunction("JSONDecoder()") { _ in .object(JSONDecoderObject()) }
    }

    private static func makeDataTask(_ arguments: [Value], _ interpreter: Interpreter) throws -> Value {
        guard case .object(let url as URLObject)? = arguments.first.flatMap(CellObject.unwrapped) else {
            let type = arguments.first.map { interpreter.typeName(of: $0) } ?? "()"
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: type, to: "URL"))
        }
        return .object(DataTaskObject(url: url, handler: arguments[1], interpreter))
    }
}

/// A `URLSessionDataTask` made with a completion handler: `resume()` starts it once, and
/// offline it fails at once (the handler runs after the current event).
final class DataTaskObject: NativeObject {
    let url: URLObject
    let handler: Value
    private unowned let interpreter: Interpreter
    private var resumed = false

    init(url: URLObject, handler: Value, _ interpreter: Interpreter) {
        self.url = url
        self.handler = handler
        self.interpreter = interpreter
    }

    override var typeName: String { "URLSessionDataTask" }

    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("URLSessionDataTask.\(name)"))
    }

    enum Method: Int, CaseIterable, Sendable {
        case resume
        static let names = ["resume()"]
        static let table = HostMemberTable(names)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard Method(rawValue: Method.table[id]) == .resume else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("URLSessionDataTask.\(id.name)"))
        }
        // A task runs once: resuming a running or finished task does nothing.
        guard !resumed, case .function = handler else { return .void }
        resumed = true
        let handler = self.handler
        let failed = Interpreter.nativeFunctionValue(arity: 0) { [unowned interpreter] _ in
            _ = try interpreter.call(handler, [.nilValue, .nilValue, .wrapped(.object(URLErrorObject.notConnectedToInternet))])
            return .void
        }
        try interpreter.enqueueOnMainQueue(after: 0, failed)
        return .void
    }
}

/// Foundation's URLError with the code an offline device gives a request.
final class URLErrorObject: NativeObject {
    // A new object per failure: a program may keep each error it is given.
    static var notConnectedToInternet: URLErrorObject { URLErrorObject() }
    override var typeName: String { "URLError" }
    enum Member: Int, CaseIterable, Sendable {
        case localizedDescription, errorCode
        static let names = ["localizedDescription", "errorCode"]
        static let table = HostMemberTable(names)
    }
    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        // NSURLErrorNotConnectedToInternet's localized description (English).
        case .localizedDescription?: return .string("The Internet connection appears to be offline.")
        case .errorCode?: return .int(-1009)
        case nil: throw Interpreter.runtimeError(UIKitMessage.notSimulated("URLError.\(id.name)"))
        }
    }
}

/// `JSONDecoder()`: made, but decoding is not simulated (offline there is no data to decode).
final class JSONDecoderObject: NativeObject {
    override var typeName: String { "JSONDecoder" }
    override var textDescription: String { "Foundation.JSONDecoder" }
    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("JSONDecoder.\(name)"))
    }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("JSONDecoder.\(fullName)"))
    }
}
