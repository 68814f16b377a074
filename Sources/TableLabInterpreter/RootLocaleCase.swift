// Foundation's locale-aware case mappings (`localizedCapitalized`, `localizedLowercase`,
// `lowercased(with: nil)`, ...) go through ICU with the root locale on Linux, which differs
// from the standard library's `lowercased()` and from `capitalized`: a final capital sigma
// lowercases to "ς", and title case starts each word as ICU's word boundaries (Unicode's
// UAX #29) find them, so "3rd" and "o'neil" are one word each while "x-ray" is two.

extension InterpreterCore {
    /// ICU's root-locale lower case: each scalar's full mapping, Σ at a word's end as "ς".
    static func rootLowercased(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        var out = String.UnicodeScalarView()
        for i in scalars.indices { out.append(contentsOf: lowercase(scalars, at: i).unicodeScalars) }
        return String(out)
    }

    /// ICU's root-locale title case: in each word the first letter, number, symbol or
    /// private-use scalar takes its title case, the ones after it their lower case, the
    /// ones before it (punctuation) stay as they are.
    static func rootTitlecased(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        var out = String.UnicodeScalarView()
        var titled = false
        var previous: WordClass? = nil
        for i in scalars.indices {
            let c = WordClass(scalars[i])
            if c != .extend, let p = previous, wordBreak(scalars, before: i, previous: p, current: c) { titled = false }
            if c != .extend { previous = c }
            if titled {
                out.append(contentsOf: lowercase(scalars, at: i).unicodeScalars)
            } else if startsTitle(scalars[i]) {
                out.append(contentsOf: scalars[i].properties.titlecaseMapping.unicodeScalars)
                titled = true
            } else {
                out.append(scalars[i])
            }
        }
        return String(out)
    }

    /// ICU's default title-case adjustment: the first scalar of these categories is titled.
    private static func startsTitle(_ u: Unicode.Scalar) -> Bool {
        switch u.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
             .privateUse: return true
        default: return false
        }
    }

    /// The lower case of `scalars[i]`, with Unicode's Final_Sigma condition for "Σ".
    private static func lowercase(_ scalars: [Unicode.Scalar], at i: Int) -> String {
        let u = scalars[i]
        guard u == "\u{03A3}" else { return u.properties.lowercaseMapping }
        func casedNext(_ range: some Sequence<Int>) -> Bool {
            for j in range {
                let p = scalars[j].properties
                if p.isCaseIgnorable { continue }
                return p.isCased
            }
            return false
        }
        let final = casedNext((0 ..< i).reversed()) && !casedNext(i + 1 ..< scalars.count)
        return final ? "\u{03C2}" : "\u{03C3}"
    }

    /// The classes of UAX #29's word-boundary rules that matter to where a word starts.
    private enum WordClass: Equatable {
        case letter, numeric, midLetter, midNum, midNumLet, extendNumLet, extend, other

        init(_ u: Unicode.Scalar) {
            let p = u.properties
            // CLDR's root tailoring of UAX #29, as ICU applies it: a colon never joins
            // ("a:b" is two words) and a full stop joins numbers only ("a.b" is two, "1.5" one).
            switch u.value {
            case 0xB7, 0x387, 0x5F4, 0x2027, 0xFE13: self = .midLetter; return
            case 0x2C, 0x2E, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x66C, 0x7F8, 0x2044, 0xFE10, 0xFE14, 0xFE50, 0xFE54, 0xFF0C, 0xFF1B:
                self = .midNum; return
            case 0x3A, 0xFE55, 0xFF1A: self = .other; return
            case 0x27, 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E: self = .midNumLet; return
            case 0x200D: self = .extend; return
            default: break
            }
            switch p.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format: self = .extend
            case .decimalNumber: self = .numeric
            case .connectorPunctuation: self = .extendNumLet
            default: self = p.isAlphabetic && !p.isIdeographic ? .letter : .other
            }
        }
    }

    /// Whether a word boundary falls before `scalars[i]` (UAX #29's WB5–WB13b; Extend and
    /// Format scalars belong to the scalar before them, WB4).
    private static func wordBreak(_ scalars: [Unicode.Scalar], before i: Int, previous: WordClass, current: WordClass) -> Bool {
        func neighbour(_ from: Int, _ step: Int) -> WordClass? {
            var j = from
            while j >= 0, j < scalars.count {
                let c = WordClass(scalars[j])
                if c != .extend { return c }
                j += step
            }
            return nil
        }
        let word: Set<WordClass> = [.letter, .numeric]
        switch (previous, current) {
        case (.letter, .letter), (.numeric, .numeric), (.letter, .numeric), (.numeric, .letter): return false
        case (.extendNumLet, .extendNumLet), (.letter, .extendNumLet), (.numeric, .extendNumLet): return false
        case (.extendNumLet, .letter), (.extendNumLet, .numeric): return false
        case (.letter, .midLetter), (.letter, .midNumLet):
            return neighbour(i + 1, 1) != .letter
        case (.numeric, .midNum), (.numeric, .midNumLet):
            return neighbour(i + 1, 1) != .numeric
        case (.midLetter, .letter), (.midNumLet, .letter):
            guard let before = precedingClass(scalars, i) else { return true }
            return before != .letter
        case (.midNum, .numeric), (.midNumLet, .numeric):
            guard let before = precedingClass(scalars, i) else { return true }
            return before != .numeric
        default:
            return !(word.contains(previous) && current == .extend)
        }
    }

    /// The class of the scalar two before `i` (skipping Extend ones): the letter or number
    /// that a middle punctuation mark before `i` would join to.
    private static func precedingClass(_ scalars: [Unicode.Scalar], _ i: Int) -> WordClass? {
        var seen = 0
        var j = i - 1
        while j >= 0 {
            let c = WordClass(scalars[j])
            if c != .extend {
                seen += 1
                if seen == 2 { return c }
            }
            j -= 1
        }
        return nil
    }
}
