// `--png`: the SVG picture rasterised by librsvg's `rsvg-convert` (Debian's librsvg2-bin),
// the renderer GNOME uses for SVG. TableLab draws no pixels itself: a converter that
// renders real SVG is the honest way to a PNG, and where none is installed `--png` says so.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabFiles

public enum PNGConverter {
    /// The converter's name, looked up on PATH.
    public static let tool = "rsvg-convert"

    /// True when `rsvg-convert` is on PATH.
    public static var isAvailable: Bool { executablePath() != nil }

    static func executablePath() -> String? {
        guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + tool
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The PNG bytes of `svg` at `scale` (2 for a Retina picture), or the reason it failed.
    public static func convert(_ svg: String, scale: Double = 1) -> Result<[UInt8], ConversionError> {
        guard let executable = executablePath() else {
            return .failure(.converterMissing)
        }
        // Scratch files, not pipes: the converter reads all of its input before it writes,
        // and files cannot fill up while the other side waits.
        guard let input = scratchFile(suffix: ".svg") else { return .failure(scratchError()) }
        defer { unlink(input.path) }
        let written = FileAccess.writeAll(Array(svg.utf8), to: input.fd)
        close(input.fd)
        guard written == 0 else { return .failure(.cannotWriteScratchFile(SystemError(written))) }
        guard let output = scratchFile(suffix: ".png") else { return .failure(scratchError()) }
        close(output.fd)
        defer { unlink(output.path) }
        guard let errors = scratchFile(suffix: ".txt") else { return .failure(scratchError()) }
        defer { close(errors.fd); unlink(errors.path) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errors.fd, 2)
        let arguments = [executable, "--format=png", "--zoom=\(scale)", "--output=\(output.path)", input.path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard started == 0 else {
            return .failure(.cannotStart(SystemError(started)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            let report = readBytes(errors.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return .failure(.converterFailed(report: report.split(separator: "\n").first.map(String.init), status: status >> 8))
        }
        guard let bytes = readBytes(output.path), bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            return .failure(.noPNGWritten)
        }
        return .success(bytes)
    }

    /// Why there is no PNG, as data; `message` words it.
    public enum ConversionError: Error, Hashable, Sendable {
        case converterMissing
        case cannotCreateScratchFile(SystemError)
        case cannotWriteScratchFile(SystemError)
        case cannotStart(SystemError)
        /// The converter's exit status, and the first line it wrote to standard error (its
        /// own words), if any.
        case converterFailed(report: String?, status: Int32)
        case noPNGWritten

        public var message: String {
            switch self {
            case .converterMissing: return "--png needs '\(tool)' on PATH (Debian: apt-get install librsvg2-bin); --svg works without it"
            case .cannotCreateScratchFile(let error): return "cannot create a scratch file: \(error)"
            case .cannotWriteScratchFile(let error): return "cannot write a scratch file: \(error)"
            case .cannotStart(let error): return "cannot start \(tool): \(error)"
            case .converterFailed(let report, let status): return "\(tool) failed: \(report ?? "exit status \(status)")"
            case .noPNGWritten: return "\(tool) wrote no PNG"
            }
        }
    }

    static func scratchError() -> ConversionError { .cannotCreateScratchFile(.current) }

    static func scratchFile(suffix: String) -> (fd: Int32, path: String)? {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/tablelab-png-XXXXXX" + suffix).utf8CString)
        let fd = makeUniqueFile(&template, suffixLength: Int32(suffix.utf8.count))
        guard fd >= 0 else { return nil }
        return (fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    static func readBytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = readSome(fd, into: &buffer, count: buffer.count)
            if n > 0 { bytes.append(contentsOf: buffer[0..<n]); continue }
            if n < 0 && errno == EINTR { continue }
            return n == 0 ? bytes : nil
        }
    }
}
