// The commands that describe the loaded code: :enums, :type, :info, :check, :help.

import TableLabSyntax
import TableLabInterpreter

extension Explorer {
    func enums(_ arguments: String, _ context: CommandContext) throws {
        try requireNoArguments(arguments, context)
        let enums = interpreter.enums
        guard !enums.isEmpty else {
            write("no enums\n")
            return
        }
        write(enums.map { "enum \(LocalTypeNames.display($0.name)) { case \($0.cases.joined(separator: ", ")) }\n" }.joined())
    }

    func type(_ arguments: String, _ context: CommandContext) throws {
        guard !arguments.isEmpty else { throw context.usage() }
        // Columns in errors count from the expression's start; lines are the command's.
        let file = SourceFile(name: context.file.name, text: arguments, lineOffset: context.location.line - 1)
        // Asking a type runs nothing: the answer comes from declarations, as swiftc's.
        let answer: StaticTypeAnswer
        do {
            answer = try interpreter.staticTypeInSessionScope(file)
        } catch {
            throw Self.placedInCommandLine(error, expression: file, context)
        }
        switch answer {
        case .known(let name): write(name + "\n")
        case .unknown(let why):
            throw context.error(ExplorerMessage.typeNotKnownWithoutRunning(expression: arguments, reason: why))
        }
    }

    /// An error in a command's own expression (`:type nosuch`) is a complaint about what
    /// the command was given: one line at its place in the command line, as swiftc would
    /// point into it, with no quote of the line just typed and no `in <top level>` under
    /// it. An error raised deeper (in a function the expression calls) keeps its trace.
    static func placedInCommandLine(_ error: Diagnostic, expression: SourceFile, _ context: CommandContext) -> Diagnostic {
        guard error.file?.name == expression.name, error.location.line == context.location.line,
              error.trace.count <= 1, error.notes.allSatisfy({ $0.location.line == context.location.line }) else { return error }
        var d = error
        // The expression's columns count from its start; the command line's from the `:`.
        var shift = 0
        if let line = context.file.line(context.location.line) {
            let bytes = Array(line.utf8), wanted = Array(context.arguments.utf8)
            // The arguments follow the `:` and the command's name (a comment may repeat them).
            let after = max(context.location.column, 1) + context.name.utf8.count
            if !wanted.isEmpty, bytes.count >= wanted.count, after <= bytes.count - wanted.count,
               let start = (after...(bytes.count - wanted.count)).first(where: { bytes[$0..<($0 + wanted.count)].elementsEqual(wanted) }) {
                shift = start
            }
        }
        d.location.column += shift
        for i in d.notes.indices { d.notes[i].location.column += shift }
        d.file = context.file
        d.quotesSource = false
        d.trace = []
        return d
    }

    func info(_ arguments: String, _ context: CommandContext) throws {
        let words = Self.words(arguments)
        guard words.count == 1 else { throw context.usage() }
        var name = words[0]
        var owner: String?
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            owner = String(name[..<dot])
            name = String(name[name.index(after: dot)...])
        }
        let index = SourceIndex(sources: sources)
        var found = index.declarations(of: name).filter { owner == nil || $0.owner == owner }
        if owner == nil, let current = interpreter.currentTableName {
            // Inside a table its own members come first, as they do in scope.
            found.sort { ($0.owner == current ? 0 : 1) < ($1.owner == current ? 0 : 1) }
        }
        var out = ""
        // Functions of one base name with other labels are each listed by their full name.
        var overloads: [String: Int] = [:]
        for d in found where d.kind == "func" { overloads[d.owner ?? "", default: 0] += 1 }
        for d in found {
            let shown = d.kind == "func" && overloads[d.owner ?? "", default: 0] > 1 ? d.fullName ?? name : name
            let qualified = d.owner.map { "\($0).\(shown)" } ?? shown
            let place = d.file.displayedPlace(ofLine: d.location.line)
            out += "\(d.kind) \(qualified)  \(place.name):\(place.line):\(d.location.column)"
            out += d.scopedName == nil ? "\n" : "  (local)\n"
            // A local type is known to the interpreter by its scoped name.
            let known = d.scopedName ?? name
            if d.kind == "enum", d.owner == nil, let cases = interpreter.enumCases(known) {
                out += "  cases: " + cases.joined(separator: ", ") + "\n"
                let sites = interpreter.loadedSwitches(over: known).filter { $0.file.name != "<prelude>" }
                if sites.isEmpty {
                    out += "  no switch over \(name)\n"
                } else {
                    out += "  switches over \(name):\n"
                    for site in sites {
                        let at = site.statement.location
                        let place = site.file.displayedPlace(ofLine: at.line)
                        out += "    \(place.name):\(place.line):\(at.column)"
                        let qualified = site.function.map { f in site.ownerType.map { "\(LocalTypeNames.display($0)).\(f)" } ?? f }
                        out += qualified.map { "  in \($0)" } ?? "  at the top level"
                        out += "\n"
                    }
                }
            }
            if d.kind == "table", d.owner == nil {
                let methods = interpreter.methodNames(ofType: name)
                let properties = interpreter.propertyNames(ofType: name)
                if !properties.isEmpty { out += "  properties: " + properties.joined(separator: ", ") + "\n" }
                if !methods.isEmpty { out += "  methods: " + methods.joined(separator: ", ") + "\n" }
            }
        }
        if out.isEmpty {
            if let builtin = Self.builtinInfo[name] {
                out = builtin + "\n"
            } else {
                throw context.error(ExplorerMessage.cannotFindInScope(words[0]))
            }
        }
        write(out)
    }

    static let builtinInfo: [String: String] = [
        "IndexPath": "struct IndexPath  built in: IndexPath(row:section:), .row, .section",
        "Section": "struct Section  built in: Section(type:items:title:footer:) (a script's own struct Section replaces it)",
        "Cell": "Cell (UITableViewCell)  built in: dequeueReusableCell(withIdentifier:for:) returns one",
        "UITableViewCell": "Cell (UITableViewCell)  built in: dequeueReusableCell(withIdentifier:for:) returns one",
        "tableView": "tableView  built in: the simulated UITableView",
        "screenWidth": "screenWidth  built in: the device's width in points (:device changes it)",
        "screenHeight": "screenHeight  built in: the device's height in points (:device changes it)",
        "print": "func print(_:separator:terminator:)  built in",
    ]

    func check(_ arguments: String, _ context: CommandContext) throws {
        try requireNoArguments(arguments, context)
        let outcome = checkLoadedCode()
        for d in outcome.diagnostics { interpreter.warningHandler(d) }
        var lines = outcome.checkedAtRunTime.map { String(DiagnosticRenderer().render($0).dropLast()) } + [outcome.summary]
        if let script = stoppedScript {
            lines.append("\(DiagnosticRenderer.terminalSafe(script)) stopped at an error when it last ran: only what ran before it is loaded and checked")
        }
        write(lines.joined(separator: "\n") + "\n")
        // The script goes on, and ends with status 1 (Driver, PlainSession).
        if outcome.errorCount > 0 { errorsReported = true }
    }

    func help(_ arguments: String) {
        let topic = arguments.trimmingTrailingSpaces().lowercased()
        if topic.isEmpty || topic == "commands" {
            let width = Self.commands.map(\.usage.count).max() ?? 0
            var out = "Commands (index paths are S R or [S, R]):\n"
            for c in Self.commands {
                out += "  " + DisplayWidth.fit(c.usage, width: width) + "  " + c.summary + "\n"
            }
            // Answered by the line editor itself (it owns the history), so not in `commands`.
            out += "  " + DisplayWidth.fit(":history [N]", width: width) + "  the interactive session's history (at a terminal)\n"
            out += "Topics: :help " + HelpTopics.all.map(\.name).joined(separator: ", ") + "\n"
            write(out)
            return
        }
        let name = topic.hasPrefix(":") ? String(topic.dropFirst()) : topic
        let entry = HelpTopics.all.first(where: { $0.name == name })
        // A topic may share its name with a command (`tables`): the bare word is the topic
        // that `:help` lists, `:help :tables` the command.
        if let entry, !topic.hasPrefix(":") {
            write(entry.text + (entry.text.hasSuffix("\n") ? "" : "\n"))
            return
        }
        if let command = Self.command(named: name) {
            var out = "\(command.usage)\n  \(command.summary)\n"
            if command.names.count > 1 { out += "  also: " + command.names.dropFirst().map { ":" + $0 }.joined(separator: ", ") + "\n" }
            write(out)
            return
        }
        if let entry {
            write(entry.text + (entry.text.hasSuffix("\n") ? "" : "\n"))
            return
        }
        write("no help on '\(DiagnosticRenderer.terminalSafe(arguments))'; topics: " + HelpTopics.all.map(\.name).joined(separator: ", ") + "\n")
    }
}

/// `:help TOPIC` texts on the language and the simulator.
enum HelpTopics {
    static let all: [(name: String, text: String)] = [
        ("switch", """
        switch must be exhaustive, as in Swift, and TableLab checks it every time a switch runs:
          switch item {
          case .manageAccounts, .aboutMe: return "BasicCell"
          case .rateApp where reviewCount != nil: ...
          default: ...
          }
        Patterns: .case, Type.case, several per case, default, _, let x, where guards, literals,
        ranges (0..<10), optionals (nil, .some(.a), .a?), tuples ((.account, _)).
        A where clause never counts as covering a case. :check reports every switch statically.
        """),
        ("tables", """
        table Settings { ... } is a view controller: state (var) and data-source methods.
          var sections = [Section(type: .account, items: [.manageAccounts], title: "Account")]
          func cellForRow(at indexPath: IndexPath) -> Cell { ... }
          func didSelectRow(at indexPath: IndexPath) { ... }
        UIKit's spellings work too: func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int.
        Absent methods get UIKit's defaults: sections.count, sections[s].items.count, 44 points, ...
        Settings.sections reads the state from anywhere; after :use Settings its members are in scope.
        """),
        ("cells", """
        let cell = tableView.dequeueReusableCell(withIdentifier: "SubtitleCell", for: indexPath)
        Prototypes: BasicCell (.default), SubtitleCell (.subtitle), RightDetailCell (.value1),
        LeftDetailCell (.value2), as a storyboard table has them (a UITableView(frame:style:)
        made in code has none); register("Id", style: .subtitle) adds more.
        cell.textLabel?.text, cell.detailTextLabel?.text (nil on .default cells), .textAlignment,
        .textColor, .alpha; cell.accessoryType = .disclosureIndicator / .checkmark / .detailButton /
        .detailDisclosureButton / .none; cell.selectionStyle.
        """),
        ("effects", """
        performSegue(withIdentifier:sender:), tableView.deselectRow(at:animated:), selectRow,
        reloadData(), reloadRows(at:with:), insertRows/deleteRows(at:with:),
        present(UIAlertController(...), animated: true), alert(title:message:), open(url:)
        are recorded and printed as they happen by whichever command ran the code: :select,
        :move, :delete, and :show for a viewDidLoad or viewWillAppear it runs (not by a file's
        top level: that is the program). A segue whose identifier names a table pushes it;
        :back pops. screenWidth and screenHeight follow :device.
        A UISearchController(searchResultsController: nil) in navigationItem.searchController
        (or its searchBar as the table's tableHeaderView) is drawn by :show above the rows;
        :search TEXT types TEXT into it (isActive becomes true and updateSearchResults(for:)
        runs, then searchBar(_:textDidChange:) and updateSearchResults(for:) again), and
        :search alone taps Cancel (text "", isActive false, updateSearchResults(for:)).
        """),
        ("views", """
        A screen may show several scroll views: table views and UICollectionViews. :show draws
        them all. Every row command (:select, :cell, :height, :heights, :toggle, :move,
        :delete, :swipe, :accessory, :refresh, :style) acts on the screen's one scroll view;
        on a screen with several, name the one meant by the view controller's property:
          :select collectionView 0 1   collectionView(_:didSelectItemAt:) on item 1
          :cell tableView 0 0          the cell tableView.cellForRow(at:) returns
          :delete bottom 0 2           swipe-delete row 2 of the table view in `bottom`
          :heights Screen.bottom       the heights of the table view in Screen's `bottom`
        Without a name such a command is refused with the names to choose from. On a
        collection view, :select taps an item, :cell shows the cell cellForItem(at:) returns,
        :toggle flips a switch in an item's cell and :refresh pulls its refreshControl; the
        others are refused, saying what a collection view lacks or what is not simulated.
        """),
        ("language", """
        A Swift subset: enums (raw values, allCases, methods, computed properties), structs
        (memberwise init, mutating methods), functions with labels, closures, if/guard/switch,
        for-in, while, optionals, arrays, dictionaries, tuples, string interpolation.
        Annotations are checked when a value arrives. A bare expression prints its value.
        """),
        ("keys", """
        Tab completes commands, names and members (a second Tab lists the choices); Ctrl-R
        searches the history; Up and Down move between the lines of an entry, then through
        history; Ctrl-C drops the entry being typed or interrupts running code; Ctrl-D at
        ...> drops the unfinished entry, on an empty line it leaves. Pasted code is text:
        its tabs and line ends are typed as they are, and Enter runs it.
        """),
    ]
}
