// JUnit XML for CI systems (Jenkins, GitLab, GitHub's test reporters): one testsuite, one
// testcase per file, a failure element with the first line of the report as its message
// and the whole report as its text.

struct JUnitCase {
    var name: String
    var seconds: Double
    /// The failure's report lines; empty when the file passed.
    var failure: [String]
}

enum JUnitReport {
    static func xml(suite: String, cases: [JUnitCase], seconds: Double) -> String {
        let failures = cases.filter { !$0.failure.isEmpty }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuite name=\"\(escape(suite))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(time(seconds))\">\n"
        for c in cases {
            let head = "  <testcase classname=\"\(escape(suite))\" name=\"\(escape(c.name))\" time=\"\(time(c.seconds))\""
            if c.failure.isEmpty {
                out += head + "/>\n"
            } else {
                out += head + ">\n"
                out += "    <failure message=\"\(escape(c.failure[0]))\">\(escape(c.failure.joined(separator: "\n"), attribute: false))</failure>\n"
                out += "  </testcase>\n"
            }
        }
        out += "</testsuite>\n"
        return out
    }

    /// XML text and attribute escaping; characters XML 1.0 cannot carry at all (most
    /// control characters, such as the ESC of a colour code) are dropped.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += attribute ? "&#9;" : "\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Seconds with millisecond precision, as JUnit readers expect (`0.012`).
    static func time(_ seconds: Double) -> String {
        let ms = Int((max(0, seconds) * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
