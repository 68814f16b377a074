// The small part of XML that Interface Builder writes (.storyboard and .xib files):
// elements with attributes, nested, and the text of an element that holds no other (a
// label's long or multi-line text, `<string key="text">...</string>`). Hand-written so
// that the simulator needs no XML library (Foundation's needs libxml2 on Linux); anything
// it cannot read is an error with the line, never a guess.

/// An element of an Interface Builder document.
struct XMLNode {
    var name: String
    var attributes: [String: String]
    var children: [XMLNode]
    /// The line of its `<`, for messages.
    var line: Int
    /// Its character data, entities decoded, when it holds no element (empty otherwise).
    var text = ""

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// Every element below this one (depth first, in document order) named `name`.
    func descendants(named name: String) -> [XMLNode] {
        var out: [XMLNode] = []
        for c in children {
            if c.name == name { out.append(c) }
            out += c.descendants(named: name)
        }
        return out
    }

    /// Depth first, document order, stopping at (but including) elements for which
    /// `stop` is true: the elements that belong to this one and not to a nested scene.
    func walk(stoppingAt stop: (XMLNode) -> Bool, _ visit: (XMLNode) -> Void) {
        for c in children {
            visit(c)
            if !stop(c) { c.walk(stoppingAt: stop, visit) }
        }
    }
}

struct XMLScanError: Error, Equatable {
    var message: String
    var line: Int
}

/// Reads a whole document into its root element.
struct XMLScanner {
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    /// Interface Builder's documents are a few levels deep; a file nested deeper than
    /// this is not one, and a stack overflow must not be how that shows.
    static let maximumDepth = 200

    init(_ text: String) { bytes = Array(text.utf8) }

    static func parse(_ text: String) throws(XMLScanError) -> XMLNode {
        var scanner = XMLScanner(text)
        return try scanner.document()
    }

    private mutating func document() throws(XMLScanError) -> XMLNode {
        var root: XMLNode?
        while true {
            skipText()
            guard i < bytes.count else { break }
            if starts("<?") { try skip(past: "?>"); continue }
            if starts("<!--") { try skip(past: "-->"); continue }
            if starts("<!") { try skip(past: ">"); continue }
            guard root == nil else { throw fail("text after the document's element") }
            root = try element(depth: 0)
        }
        guard let root else { throw fail("no element in the document") }
        return root
    }

    private mutating func element(depth: Int) throws(XMLScanError) -> XMLNode {
        guard depth < Self.maximumDepth else { throw fail("elements nested more than \(Self.maximumDepth) deep") }
        let startLine = line
        i += 1 // <
        let name = try self.name()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard i < bytes.count else { throw fail("the document ends inside <\(name)>") }
            if starts("/>") { i += 2; return XMLNode(name: name, attributes: attributes, children: [], line: startLine) }
            if bytes[i] == UInt8(ascii: ">") { i += 1; break }
            let key = try self.name()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("expected '=' after attribute '\(key)'") }
            i += 1
            skipSpace()
            attributes[key] = try quoted()
        }
        var children: [XMLNode] = []
        var text: [UInt8] = []
        while true {
            let start = i
            skipText()
            if children.isEmpty { text += bytes[start..<i] }
            guard i < bytes.count else { throw fail("the document ends inside <\(name)> opened on line \(startLine)") }
            if starts("</") {
                i += 2
                let closing = try self.name()
                guard closing == name else { throw fail("</\(closing)> closes <\(name)> opened on line \(startLine)") }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("expected '>' after </\(closing)") }
                i += 1
                var node = XMLNode(name: name, attributes: attributes, children: children, line: startLine)
                if children.isEmpty { node.text = Self.decodeEntities(String(decoding: text, as: UTF8.self)) }
                return node
            }
            if starts("<!--") { try skip(past: "-->"); continue }
            if starts("<![CDATA[") { try skip(past: "]]>"); continue }
            children.append(try element(depth: depth + 1))
        }
    }

    private mutating func name() throws(XMLScanError) -> String {
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            let isNameByte = b >= 0x80 || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
                || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
            guard isNameByte else { break }
            i += 1
        }
        guard i > start else { throw fail("expected a name") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func quoted() throws(XMLScanError) -> String {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
            throw fail("expected a quoted attribute value")
        }
        let quote = bytes[i]
        i += 1
        let start = i
        while i < bytes.count, bytes[i] != quote {
            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
            i += 1
        }
        guard i < bytes.count else { throw fail("an attribute value is not closed") }
        let raw = String(decoding: bytes[start..<i], as: UTF8.self)
        i += 1
        return Self.decodeEntities(raw)
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and numeric references; an unknown one stays.
    static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += rest[amp...]
                return out
            }
            let entity = rest[rest.index(after: amp)..<semi]
            var replacement: String?
            switch entity {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if entity.hasPrefix("#x"), let n = UInt32(entity.dropFirst(2), radix: 16), let u = Unicode.Scalar(n) {
                    replacement = String(Character(u))
                } else if entity.hasPrefix("#"), let n = UInt32(entity.dropFirst()), let u = Unicode.Scalar(n) {
                    replacement = String(Character(u))
                }
            }
            if let replacement {
                out += replacement
            } else {
                out += rest[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    private func starts(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        return s.withUTF8Buffer { p in
            for k in 0..<n where bytes[i + k] != p[k] { return false }
            return true
        }
    }

    private mutating func skip(past s: StaticString) throws(XMLScanError) {
        while i < bytes.count {
            if starts(s) { i += s.utf8CodeUnitCount; return }
            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
            i += 1
        }
        throw fail("the document ends inside a comment or declaration")
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D {
            if bytes[i] == 0x0A { line += 1 }
            i += 1
        }
    }

    /// Character data between elements.
    private mutating func skipText() {
        while i < bytes.count, bytes[i] != UInt8(ascii: "<") {
            if bytes[i] == 0x0A { line += 1 }
            i += 1
        }
    }

    private func fail(_ message: String) -> XMLScanError { XMLScanError(message: message, line: line) }
}
