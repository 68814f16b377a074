// The memory budget of a run (`--max-memory`): values that grow past it stop the run
// with `out of memory` at the script's own location, instead of the Swift runtime
// aborting the process when an allocation fails.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabFiles
import TableLabSyntax

public enum MemoryBudget {
    /// The machine's physical memory, in bytes (0 when unknown).
    public static var physicalMemory: Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        return pages > 0 && size > 0 ? pages.multipliedReportingOverflow(by: size).partialValue : 0
    }

    /// Half the physical memory (the rest is the system's and other programs'); 1 GiB
    /// when the machine does not say. Under an address-space limit (`ulimit -v`) or a
    /// control group's memory limit, half of the smallest of them: allocations fail at
    /// such a limit long before the machine is full, and a failed allocation is an abort
    /// the run cannot report, so the budget has to stop the run first.
    public static var defaultBudget: Int {
        let physical = physicalMemory
        var budget = physical > 0 ? physical / 2 : 1 << 30
        if let limit = addressSpaceLimit { budget = min(budget, limit / 2) }
        if let limit = controlGroupLimit { budget = min(budget, limit / 2) }
        return budget
    }

    /// The process's address-space limit (RLIMIT_AS) in bytes; nil when unlimited.
    static var addressSpaceLimit: Int? {
        var limit = rlimit()
        #if os(Linux)
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else { return nil }
        #else
        guard getrlimit(RLIMIT_AS, &limit) == 0 else { return nil }
        #endif
        // RLIM_INFINITY is all ones, which is also past Int.max.
        guard limit.rlim_cur < UInt64(Int.max) else { return nil }
        return Int(limit.rlim_cur)
    }

    /// The memory limit of the process's control group (cgroup v2 `memory.max`); nil when
    /// there is none or it cannot be read.
    static var controlGroupLimit: Int? {
        #if os(Linux)
        let fd = open("/sys/fs/cgroup/memory.max", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = readSome(fd, into: &buffer, count: 31)
        guard n > 0 else { return nil }
        // A number of bytes and a newline, or "max" when there is no limit.
        let digits = buffer[0..<n].prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard !digits.isEmpty, digits.count < 19 else { return nil }
        let bytes = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return bytes > 0 ? bytes : nil
        #else
        return nil
        #endif
    }

    /// What the process holds in memory now, in bytes; 0 when it cannot be read.
    static func residentBytes() -> Int {
        #if os(Linux)
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = readSome(fd, into: &buffer, count: 127)
        guard n > 0 else { return 0 }
        // "size resident shared ...", in pages.
        var fields: [Int] = [0]
        for b in buffer[0..<n] {
            if b == 0x20 { if fields.count == 2 { break }; fields.append(0) }
            else if b >= 0x30 && b <= 0x39 { fields[fields.count - 1] = fields[fields.count - 1] &* 10 &+ Int(b - 0x30) }
        }
        return fields.count == 2 ? fields[1] &* sysconf(Int32(_SC_PAGESIZE)) : 0
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #endif
    }

    /// `1.5 GiB`, `512 MiB`, `300 bytes`.
    public static func describe(_ bytes: Int) -> String { ByteCount.describe(bytes) }

    /// `512M`, `2G`, `1.5GiB`, `100000` (bytes): binary units; nil when not a size.
    public static func parse(_ text: String) -> Int? {
        var digits = Substring(text)
        var scale = 1.0
        for (suffixes, s) in [(["KiB", "KB", "K", "k"], 1024.0), (["MiB", "MB", "M", "m"], 1048576.0),
                              (["GiB", "GB", "G", "g"], 1073741824.0), (["TiB", "TB", "T", "t"], 1099511627776.0)] {
            if let sfx = suffixes.first(where: { text.hasSuffix($0) }) {
                digits = digits.dropLast(sfx.count); scale = s; break
            }
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(digits), value > 0 else { return nil }
        let bytes = value * scale
        guard bytes >= 1, bytes < 9.2e18 else { return nil }
        return Int(bytes)
    }
}

/// Bytes one element of an array takes.
let valueStride = MemoryLayout<Value>.stride

extension InterpreterCore {
    /// Throws `out of memory` unless `bytes` more fit in the budget with what the process
    /// holds now. Called before a value grows by a large step (`a += a`,
    /// `String(repeating:count:)`); small steps are left to the periodic check.
    @inline(__always)
    func reserve(_ bytes: Int, _ what: @autoclosure () -> String, at location: SourceLocation) throws {
        if bytes >= 1 << 20 { try reserveSlow(bytes, what(), at: location) }
    }

    @inline(never)
    func reserveSlow(_ bytes: Int, _ what: String, at location: SourceLocation) throws {
        // Making a large value costs time in proportion to its size: it counts against
        // --max-steps as one step per KiB, so `while true { a + a }` over a big array stops
        // at the limit in seconds, not hours (found by scripts/fuzz).
        let m = machine
        m.pointee.steps = m.pointee.steps.addingReportingOverflow(bytes >> 10).partialValue
        if m.pointee.steps < 0 { m.pointee.steps = Int.max - 1 }
        if m.pointee.steps >= m.pointee.nextCheck { try m.slowStepCheck(location) }
        let budget = memoryBudget
        let held = MemoryBudget.residentBytes()
        if bytes > budget {
            throw RuntimeError(LimitMessage.allocationOverBudget(what: what, needs: MemoryBudget.describe(bytes), budget: MemoryBudget.describe(budget)), at: location)
        }
        if held > budget - bytes {
            throw RuntimeError(LimitMessage.allocationOverRemaining(what: what, needs: MemoryBudget.describe(bytes), held: MemoryBudget.describe(held), budget: MemoryBudget.describe(budget)), at: location)
        }
    }

    /// Bytes an array of `count` elements needs; saturates instead of overflowing.
    func arrayBytes(_ count: Int) -> Int {
        count.multipliedReportingOverflow(by: valueStride).overflow ? Int.max : count * valueStride
    }
}

extension UnsafeMutablePointer where Pointee == Machine {
    /// The periodic check, every so many step checks: what the process holds against the
    /// budget, for growth in small steps (appends in a loop, a dictionary filled key by key).
    @inline(never) func memoryCheck(_ location: SourceLocation) throws {
        let budget = pointee.memoryBudget
        let held = MemoryBudget.residentBytes()
        if held > budget {
            throw RuntimeError(LimitMessage.memoryBudgetExceeded(budget: MemoryBudget.describe(budget)), at: location)
        }
    }
}
