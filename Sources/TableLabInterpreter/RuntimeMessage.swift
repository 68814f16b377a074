// The interpreter's messages that code reacts to (where an error is placed, which notes
// it gets, whether a host lookup treats it as "no such member"), in swiftc's words, and
// the one place their text is made; with the catalogues in Messages/, every diagnostic
// the interpreter makes is one of their cases (none is made from text).

import TableLabSyntax

enum RuntimeMessage: DiagnosticMessage, Hashable {
    /// `parameter` is the label, or nil for an unlabelled one at 1-based `position`.
    case missingArgument(parameter: String?, position: Int)
    /// Several: their labels (nil for an unlabelled one, named by its 1-based position).
    case missingArguments([String?], firstPosition: Int)
    /// The labels of the arguments written without them (swiftc lists them all).
    case missingArgumentLabel([String])
    case extraneousArgumentLabel(String)
    case incorrectArgumentLabels(have: String, expected: String, plural: Bool)
    /// The same four for a subscript's arguments, which swiftc words "in subscript".
    case subscriptMissingArgument(parameter: String?, position: Int)
    case subscriptMissingArgumentLabel([String])
    case subscriptExtraneousArgumentLabel(String)
    case subscriptIncorrectArgumentLabels(have: String, expected: String, plural: Bool)
    case extraArguments(plural: Bool)
    /// One argument more than the parameters: swiftc names its label when it has one.
    case extraArgument(label: String?)
    /// 1-based positions of the arguments past the parameters.
    case extraArgumentsAtPositions([Int])
    /// Arguments given to a function, method or initializer that has no parameters.
    case argumentsToNullaryCall
    /// `reason`: swiftc's explanation after the colon ("'xs' is a 'let' constant").
    case mutatingMemberOnImmutableValue(reason: String)
    case optionalMustBeUnwrapped(optionalType: String, member: String, wrappedType: String)
    case typeHasNoMember(type: String, member: String)
    case valueHasNoMember(type: String, member: String)
    /// swiftc's own words for a tuple: "value of tuple type '(Int, String)' has no member".
    case tupleHasNoMember(type: String, member: String)
    /// `case 1...3` over a value no `~=` of that range takes.
    case expressionPatternCannotMatch(pattern: String, subject: String)
    /// `print("x")(1)`: the called value is of a type no call applies to.
    case callOfNonFunction(type: String)
    /// `.foo` where nothing gives it a type.
    case implicitMemberWithoutContext(member: String)
    /// A second type of one name in the same block (`func f() { enum E {}; enum E {} }`).
    case invalidRedeclaration(String)
    /// Its note, at the first declaration.
    case previouslyDeclaredHere(String)
    /// An Optional where its wrapped type is wanted (`o == .b` through `E`'s own `==`).
    case optionalNotUnwrapped(optional: String, wrapped: String)
    /// Its two notes.
    case unwrapWithDefault, unwrapWithForce
    /// A name Swift 5 made unavailable, in the words of the toolchain's own modules
    /// (StandardLibraryMemberData.unavailable): "'characters' is unavailable: Please use String directly".
    case unavailable(text: String)
    /// `"é".localizedCompare("f")`: Foundation's order of text outside ASCII (Unicode
    /// normalization, case folding, a locale's collation) is not modelled.
    case comparisonOutsideASCII(method: String)
    /// An enum redeclared with other cases that `switches` live switches no longer cover.
    case enumRedeclaredWithOtherCases(name: String, switches: Int)
    /// Its note at each such switch: its function (nil at the top level), the cases it
    /// misses, whether it needs a default clause, and the cases it names that are gone.
    case switchNoLongerCovers(function: String?, missing: [String], needsDefault: Bool, removed: [String])
    /// `string == nil` for a non-optional String.
    case comparingNonOptionalStringToNil
    /// A text asked for as one expression that holds something else.
    case expectedAnExpression
    /// `return`/`break`/`continue`/`fallthrough` out of an `if` or `switch` expression.
    case transferOutOfValueBranch(keyword: String)
    /// A parse failure that came with no diagnostic (ParseFailure always has one).
    case syntaxErrorWithoutDiagnostic
    /// An error that is neither a Diagnostic nor a RuntimeError, as Swift describes it
    /// (nothing the interpreter or its hosts throw is one).
    case foreignError(String)

    var id: DiagnosticID {
        switch self {
        case .enumRedeclaredWithOtherCases: return DiagnosticID("tablelab_enum_redeclared_with_other_cases")
        case .switchNoLongerCovers: return DiagnosticID("tablelab_switch_no_longer_covers")
        case .comparingNonOptionalStringToNil: return DiagnosticID("nonoptional_compare_to_nil")
        case .expectedAnExpression: return DiagnosticID("tablelab_expected_an_expression")
        case .transferOutOfValueBranch: return DiagnosticID("cannot_transfer_out_of_value_branch")
        case .syntaxErrorWithoutDiagnostic: return DiagnosticID("tablelab_syntax_error_without_diagnostic")
        case .foreignError: return DiagnosticID("tablelab_foreign_error")
        case .missingArgument: return .missingArgument
        case .missingArguments: return DiagnosticID("missing_arguments_in_call")
        case .missingArgumentLabel: return DiagnosticID("missing_argument_labels")
        case .extraneousArgumentLabel: return DiagnosticID("extra_argument_labels")
        case .incorrectArgumentLabels: return DiagnosticID("wrong_argument_labels")
        case .subscriptMissingArgument: return DiagnosticID("missing_argument_in_subscript")
        case .subscriptMissingArgumentLabel: return DiagnosticID("missing_argument_labels_in_subscript")
        case .subscriptExtraneousArgumentLabel: return DiagnosticID("extra_argument_labels_in_subscript")
        case .subscriptIncorrectArgumentLabels: return DiagnosticID("wrong_argument_labels_in_subscript")
        case .extraArguments: return DiagnosticID("extra_argument_positional")
        case .extraArgument: return DiagnosticID("extra_argument_named")
        case .extraArgumentsAtPositions: return DiagnosticID("extra_arguments_in_call")
        case .argumentsToNullaryCall: return DiagnosticID("extra_argument_to_nullary_call")
        case .mutatingMemberOnImmutableValue: return .mutatingMemberOnImmutableValue
        case .optionalMustBeUnwrapped: return .optionalBaseNotUnwrapped
        case .typeHasNoMember: return .typeHasNoMember
        case .valueHasNoMember: return .valueHasNoMember
        case .tupleHasNoMember: return DiagnosticID("could_not_find_tuple_member")
        case .expressionPatternCannotMatch: return DiagnosticID("cannot_match_expr_pattern_with_value")
        case .callOfNonFunction: return DiagnosticID("cannot_call_non_function_value")
        case .implicitMemberWithoutContext: return DiagnosticID("unresolved_member_no_inference")
        case .unavailable: return DiagnosticID("availability_decl_unavailable")
        case .comparisonOutsideASCII: return DiagnosticID("tablelab_comparison_outside_ascii")
        case .invalidRedeclaration: return .invalidRedeclaration
        case .previouslyDeclaredHere: return DiagnosticID("invalid_redecl_prev")
        case .optionalNotUnwrapped: return DiagnosticID("optional_not_unwrapped")
        case .unwrapWithDefault: return DiagnosticID("unwrap_with_default_value")
        case .unwrapWithForce: return DiagnosticID("unwrap_with_force_value")
        }
    }

    var text: String {
        switch self {
        case .missingArgument(let p, let i):
            return "missing argument for parameter \(p.map { "'\($0)'" } ?? "#\(i)") in call"
        case .missingArguments(let ps, let first):
            let names = ps.enumerated().map { $0.element.map { "'\($0)'" } ?? "#\(first + $0.offset)" }
            return "missing arguments for parameters " + names.joined(separator: ", ") + " in call"
        case .missingArgumentLabel(let l): return "missing argument label\(l.count > 1 ? "s" : "") '\(l.map { $0 + ":" }.joined())' in call"
        case .extraneousArgumentLabel(let l): return "extraneous argument label '\(l):' in call"
        case .incorrectArgumentLabels(let have, let expected, let plural):
            return "incorrect argument label\(plural ? "s" : "") in call (have '\(have)', expected '\(expected)')"
        case .subscriptMissingArgument(let p, let i):
            return "missing argument for parameter \(p.map { "'\($0)'" } ?? "#\(i)") in subscript"
        case .subscriptMissingArgumentLabel(let l): return "missing argument label\(l.count > 1 ? "s" : "") '\(l.map { $0 + ":" }.joined())' in subscript"
        case .subscriptExtraneousArgumentLabel(let l): return "extraneous argument label '\(l):' in subscript"
        case .subscriptIncorrectArgumentLabels(let have, let expected, let plural):
            return "incorrect argument label\(plural ? "s" : "") in subscript (have '\(have)', expected '\(expected)')"
        case .extraArguments(let plural): return plural ? "extra arguments in call" : "extra argument in call"
        case .extraArgument(let label): return label.map { "extra argument '\($0)' in call" } ?? "extra argument in call"
        case .extraArgumentsAtPositions(let ps):
            return "extra arguments at positions " + ps.map { "#\($0)" }.joined(separator: ", ") + " in call"
        case .argumentsToNullaryCall: return "argument passed to call that takes no arguments"
        case .mutatingMemberOnImmutableValue(let reason): return "cannot use mutating member on immutable value: \(reason)"
        case .optionalMustBeUnwrapped(let o, let m, let w):
            return "value of optional type '\(o)' must be unwrapped to refer to member '\(m)' of wrapped base type '\(w)'"
        case .typeHasNoMember(let t, let m): return "type '\(t)' has no member '\(m)'"
        case .valueHasNoMember(let t, let m): return "value of type '\(t)' has no member '\(m)'"
        case .tupleHasNoMember(let t, let m): return "value of tuple type '\(t)' has no member '\(m)'"
        case .expressionPatternCannotMatch(let p, let t):
            return "expression pattern of type '\(p)' cannot match values of type '\(t)'"
        case .callOfNonFunction(let t): return "cannot call value of non-function type '\(t)'"
        case .implicitMemberWithoutContext(let m): return "cannot infer contextual base in reference to member '\(m)'"
        case .invalidRedeclaration(let n): return "invalid redeclaration of '\(n)'"
        case .previouslyDeclaredHere(let n): return "'\(n)' previously declared here"
        case .optionalNotUnwrapped(let o, let w): return "value of optional type '\(o)' must be unwrapped to a value of type '\(w)'"
        case .unwrapWithDefault: return "coalesce using '??' to provide a default when the optional value contains 'nil'"
        case .unwrapWithForce: return "force-unwrap using '!' to abort execution if the optional value contains 'nil'"
        case .unavailable(let text): return text
        case .comparisonOutsideASCII(let method):
            return "'\(method)' of text outside ASCII is not supported in TableLab (its order follows Unicode normalization and the locale's collation)"
        case .enumRedeclaredWithOtherCases(let name, let switches):
            let count = switches == 1 ? "1 switch" : "\(switches) switches"
            return "enum '\(name)' was redeclared with other cases: \(count) no longer cover\(switches == 1 ? "s" : "") it"
        case .switchNoLongerCovers(let function, let missing, let needsDefault, let removed):
            var parts: [String] = []
            if !missing.isEmpty { parts.append("is missing " + missing.map { "'\($0)'" }.joined(separator: ", ")) }
            if needsDefault { parts.append("needs a default clause") }
            if !removed.isEmpty { parts.append("names " + removed.map { "'.\($0)'" }.joined(separator: ", ") + ", no longer a case") }
            let place = function.map { "switch in '\($0)'" } ?? "switch at the top level"
            return place + " " + parts.joined(separator: " and ")
        case .comparingNonOptionalStringToNil: return "comparing non-optional value of type 'String' to 'Optional.none' always returns false"
        case .expectedAnExpression: return "expected an expression"
        case .transferOutOfValueBranch(let keyword): return "cannot use '\(keyword)' to transfer control out of an 'if' or 'switch' expression"
        case .syntaxErrorWithoutDiagnostic: return "syntax error"
        case .foreignError(let description): return description
        }
    }

    /// Whether this says that a member does not exist (a host's lookup answers "none").
    var isNoSuchMember: Bool {
        switch self {
        case .typeHasNoMember, .valueHasNoMember, .tupleHasNoMember: return true
        default: return false
        }
    }
}

extension RuntimeMessage {
    /// swiftc adds "'f(a:b:)' declared here" to these call mismatches.
    var namesDeclaration: Bool {
        switch self {
        case .missingArgument, .missingArguments, .extraArgumentsAtPositions: return true
        default: return false
        }
    }
}

extension DiagnosticID {
    public static let missingArgument = DiagnosticID("missing_argument_named")
    public static let invalidRedeclaration = DiagnosticID("invalid_redecl")
    public static let mutatingMemberOnImmutableValue = DiagnosticID("cannot_pass_rvalue_mutating")
    public static let optionalBaseNotUnwrapped = DiagnosticID("optional_base_not_unwrapped")
    public static let typeHasNoMember = DiagnosticID("could_not_find_type_member")
    public static let valueHasNoMember = DiagnosticID("could_not_find_value_member")
}

extension RuntimeMessage {
    /// A call's argument-label error as swiftc words it for a subscript ("... in
    /// subscript"); nil for a message that is not one.
    var inSubscript: RuntimeMessage? {
        switch self {
        case .missingArgument(let p, let i): return .subscriptMissingArgument(parameter: p, position: i)
        case .missingArgumentLabel(let l): return .subscriptMissingArgumentLabel(l)
        case .extraneousArgumentLabel(let l): return .subscriptExtraneousArgumentLabel(l)
        case .incorrectArgumentLabels(let have, let expected, let plural):
            return .subscriptIncorrectArgumentLabels(have: have, expected: expected, plural: plural)
        default: return nil
        }
    }
}
