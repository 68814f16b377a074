// The fonts iOS itself has, by the names `UIFont(name:size:)` finds them under.

/// The PostScript names of the font families iOS installs (as `UIFont.familyNames` and
/// `fontNames(forFamilyName:)` list them on iOS 17), and a few full names apps commonly
/// write (`UIFont(name:)` takes a full name as well). A name not here is refused rather than
/// guessed: an app's own font exists only when its Info.plist registers the file, and a name
/// of iOS's own that this list lacks costs an error, never a wrong drawing.
enum SystemFonts {
    /// Made at the first `UIFont(name:size:)`, never at start-up.
    static let names: Set<String> = {
        var names: Set<String> = [
            "AcademyEngravedLetPlain", "AlNile", "AlNile-Bold", "AppleColorEmoji", "AppleSymbols", "ArialRoundedMTBold",
            "Arial Rounded MT Bold", "BodoniSvtyTwoITCTT-Book", "BodoniSvtyTwoITCTT-BookIta", "BodoniSvtyTwoITCTT-Bold",
            "BradleyHandITCTT-Bold", "Chalkduster", "DINAlternate-Bold", "DINCondensed-Bold", "PartyLetPlain", "SavoyeLetPlain",
            "Symbol", "ZapfDingbatsITC", "Zapfino", "Helvetica Neue", "Helvetica", "Georgia", "Verdana",
            "ArialMT", "Arial-ItalicMT", "Arial-BoldMT", "Arial-BoldItalicMT",
            "CourierNewPSMT", "CourierNewPS-ItalicMT", "CourierNewPS-BoldMT", "CourierNewPS-BoldItalicMT",
            "TimesNewRomanPSMT", "TimesNewRomanPS-ItalicMT", "TimesNewRomanPS-BoldMT", "TimesNewRomanPS-BoldItalicMT",
            "TrebuchetMS", "TrebuchetMS-Italic", "TrebuchetMS-Bold", "Trebuchet-BoldItalic",
            "MarkerFelt-Thin", "MarkerFelt-Wide", "Noteworthy-Light", "Noteworthy-Bold", "Papyrus", "Papyrus-Condensed",
        ]
        // Families whose faces are FAMILY-STYLE; "" is the family's name alone.
        let families: [(String, [String])] = [
            ("AmericanTypewriter", ["", "Light", "Semibold", "Bold", "Condensed", "CondensedLight", "CondensedBold"]),
            ("AppleSDGothicNeo", ["Regular", "Thin", "UltraLight", "Light", "Medium", "SemiBold", "Bold"]),
            ("ArialHebrew", ["", "Light", "Bold"]),
            ("Avenir", ["Book", "Roman", "BookOblique", "Oblique", "Light", "LightOblique", "Medium", "MediumOblique",
                        "Heavy", "HeavyOblique", "Black", "BlackOblique"]),
            ("AvenirNext", nextStyles), ("AvenirNextCondensed", nextStyles),
            ("Baskerville", ["", "Italic", "SemiBold", "SemiBoldItalic", "Bold", "BoldItalic"]),
            ("ChalkboardSE", ["Regular", "Light", "Bold"]),
            ("Charter", ["Roman", "Italic", "Bold", "BoldItalic", "Black", "BlackItalic"]),
            ("Cochin", ["", "Italic", "Bold", "BoldItalic"]), ("Copperplate", ["", "Light", "Bold"]),
            ("Didot", ["", "Italic", "Bold"]),
            ("Futura", ["Medium", "MediumItalic", "Bold", "CondensedMedium", "CondensedExtraBold"]),
            ("Georgia", ["Italic", "Bold", "BoldItalic"]),
            ("GillSans", ["", "Italic", "Light", "LightItalic", "SemiBold", "SemiBoldItalic", "Bold", "BoldItalic", "UltraBold"]),
            ("Helvetica", ["Oblique", "Light", "LightOblique", "Bold", "BoldOblique"]),
            ("HelveticaNeue", ["", "Italic", "UltraLight", "UltraLightItalic", "Thin", "ThinItalic", "Light", "LightItalic",
                               "Medium", "MediumItalic", "Bold", "BoldItalic", "CondensedBold", "CondensedBlack"]),
            ("HoeflerText", ["Regular", "Italic", "Black", "BlackItalic"]),
            ("Menlo", ["Regular", "Italic", "Bold", "BoldItalic"]),
            ("Optima", ["Regular", "Italic", "Bold", "BoldItalic", "ExtraBlack"]),
            ("Palatino", ["Roman", "Italic", "Bold", "BoldItalic"]),
            ("Rockwell", ["Regular", "Italic", "Bold", "BoldItalic"]),
            ("SnellRoundhand", ["", "Bold", "Black"]), ("Thonburi", ["", "Light", "Bold"]),
            ("Verdana", ["Italic", "Bold", "BoldItalic"]),
        ]
        for (family, styles) in families {
            for style in styles { names.insert(style.isEmpty ? family : family + "-" + style) }
        }
        return names
    }()

    private static let nextStyles = [
        "Regular", "Italic", "UltraLight", "UltraLightItalic", "Medium", "MediumItalic", "DemiBold", "DemiBoldItalic",
        "Bold", "BoldItalic", "Heavy", "HeavyItalic",
    ]
}
