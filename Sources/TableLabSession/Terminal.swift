import Glibc
import TableLabFiles

/// Small terminal helpers on file descriptors, keeping Foundation off the start-up path.
enum Terminal {
    /// Writes through C stdio's stdout, the stream libedit and `print` also use, so the
    /// three keep their order.
    static func write(_ text: String) {
        print(text, terminator: "")
        fflush(nil)
    }

    static func writeError(_ text: String) {
        fflush(nil)
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = writeSome(2, bytes, from: offset)
            if written < 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
        bytes.removeAll()
    }

    /// Terminals that ignore `\e[?2004h` do no harm, but a dumb one would print it.
    static var supportsBracketedPaste: Bool {
        guard let term = getenv("TERM").map({ String(cString: $0) }) else { return false }
        return !term.isEmpty && term != "dumb"
    }

    /// The terminal's columns, 80 when unknown.
    static func width() -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// libedit decodes input by the C locale: without a UTF-8 LC_CTYPE it mangles
    /// non-ASCII input. Take the user's locale, or C.UTF-8 when that is not UTF-8.
    static func useUTF8Locale() {
        if setlocale(LC_CTYPE, "") != nil, let codeset = nl_langinfo(nl_item(CODESET)),
           String(cString: codeset) == "UTF-8" {
            return
        }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
}
