// Foundation's `Scanner` as table code uses it: reading a colour's hex digits
// (`Scanner(string: hex).scanHexInt64(&rgb)`, `scanLocation = 1` past a `#`, iOS 13's
// `scanUInt64(representation: .hexadecimal)`). Its answers are swift-corelibs-foundation's
// (compiled and run with swiftc): leading `charactersToBeSkipped` (whitespace and
// newlines until set) are skipped, a `0x` prefix is taken, too many digits give the
// type's largest value, and a scan that finds no digit answers false and writes 0.
// Any other member of Scanner is refused by name.

import TableLabSyntax

final class ScannerObject: NativeObject {
    let text: String
    /// The string as UTF-16 units: `scanLocation` counts them, as NSString does.
    let units: [UInt16]
    var location = 0
    /// nil after `charactersToBeSkipped = nil`: nothing is skipped.
    var skipped: CharacterSetObject? = CharacterSetObject.named("whitespacesAndNewlines")

    init(_ text: String) {
        self.text = text
        units = Array(text.utf16)
    }

    override var typeName: String { "Scanner" }
    override var textDescription: String { "<NSScanner>" }

    enum Member: Int, CaseIterable, Sendable {
        case string, scanLocation, isAtEnd, charactersToBeSkipped
        static let table = HostMemberTable(["string", "scanLocation", "isAtEnd", "charactersToBeSkipped"])
    }

    /// The methods whose parameter is a pointer Swift passes `&v` to.
    static let pointerMethods: Set<String> = ["scanHexInt64", "scanHexInt32"]

    enum Method: Int, CaseIterable, Sendable {
        case scanHexInt64, scanHexInt32, scanUInt64
        static let table = HostMemberTable(["scanHexInt64(_:)", "scanHexInt32(_:)", "scanUInt64(representation:)"])
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .string?: return .string(text)
        case .scanLocation?: return .int(location)
        case .isAtEnd?: return .bool(afterSkipping(location) == units.count)
        case .charactersToBeSkipped?: return skipped.map { .wrapped(.object($0)) } ?? .nilValue
        case nil: throw RuntimeError(UnsupportedMessage.scannerMemberNotSimulated(id.name), at: .unknown)
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .scanLocation?:
            guard case .int(let n) = value.unboxed else { return false }
            guard n >= 0, n <= units.count else {
                throw RuntimeError(UnsupportedMessage.scannerLocationOutOfRange(location: n, length: units.count), at: .unknown)
            }
            location = n
            return true
        case .charactersToBeSkipped?:
            switch value.unboxed {
            case .nilValue: skipped = nil
            case .object(let o as CharacterSetObject), .wrapped(.object(let o as CharacterSetObject)): skipped = o
            default: return false
            }
            return true
        default:
            throw RuntimeError(UnsupportedMessage.scannerMemberNotSimulated(id.name), at: .unknown)
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch Method(rawValue: Method.table[id]) {
        case .scanHexInt64?: return scanHex(into: arguments[0], .uint64)
        case .scanHexInt32?: return scanHex(into: arguments[0], .uint32)
        case .scanUInt64?:
            guard case .string(let representation) = arguments[0].unboxed, representation == "hexadecimal" || representation == "decimal" else {
                throw RuntimeError(UnsupportedMessage.scannerMemberNotSimulated("scanUInt64(representation:)"), at: .unknown)
            }
            return scanDigits(radix: representation == "hexadecimal" ? 16 : 10, max: UInt64.max).map { .wrapped(.fixed(FixedInt(.uint64, Int128($0)))) } ?? .nilValue
        case nil: throw RuntimeError(UnsupportedMessage.scannerMemberNotSimulated(id.name), at: .unknown)
        }
    }

    /// `scanHexInt64(&v)`: the number into the `inout` box (0 when there is none).
    private func scanHex(into argument: Value, _ kind: IntKind) -> Value {
        let found = scanDigits(radix: 16, max: kind == .uint64 ? UInt64.max : UInt64(UInt32.max))
        if case .box(let b) = argument { b.value = .fixed(FixedInt(kind, Int128(found ?? 0))) }
        return .bool(found != nil)
    }

    /// The first index at or after `i` not in `charactersToBeSkipped`.
    private func afterSkipping(_ i: Int) -> Int {
        guard let skipped else { return i }
        var i = i
        while i < units.count, let s = Unicode.Scalar(units[i]), skipped.contains(Character(s)) { i += 1 }
        return i
    }

    /// Digits of `radix` after the skipped characters (and a hex `0x`), saturated at `max`;
    /// nil, with the location unmoved, when there is none.
    private func scanDigits(radix: UInt64, max: UInt64) -> UInt64? {
        var i = afterSkipping(location)
        func digit(_ j: Int) -> UInt64? {
            guard j < units.count, let s = Unicode.Scalar(units[j]) else { return nil }
            return Character(s).hexDigitValue.map(UInt64.init).flatMap { $0 < radix ? $0 : nil }
        }
        if radix == 16, i + 2 < units.count + 1, units[i...].starts(with: [48, 120]) || units[i...].starts(with: [48, 88]), digit(i + 2) != nil {
            i += 2
        }
        guard digit(i) != nil else { return nil }
        var value: UInt64 = 0
        while let d = digit(i) {
            let (shifted, o1) = value.multipliedReportingOverflow(by: radix)
            let (sum, o2) = shifted.addingReportingOverflow(d)
            value = o1 || o2 || sum > max ? max : sum
            i += 1
        }
        location = i
        return value
    }
}
