// Where a scroll view made with `.zero` (a table view, a collection view) stands when its
// active constraints place it against the screen's view: each axis of its frame from the
// equalities that tie its anchors to the root view's (or, across the screen, the root's
// safe area's, whose side insets are 0 on every device TableLab has in portrait), with
// their multipliers and constants: `leading = view.leading + 16`, `trailing = view.trailing
// - 16` make it 32 points narrower than the screen; `width = view.width × 0.5` half as wide.
// What its constraints tie it to beyond that (another view, the layout margins, the safe
// area's top and bottom, which depend on the bars) is not solved: reading an axis that
// depends on it is an error naming it, never the screen's size in its place.

import TableLabSyntax
import TableLabInterpreter

/// One axis of a frame: where it starts and how long it is; `originTiedTo`: its start is
/// tied to what is not solved (described), though its length is known.
struct AxisPlacement: Equatable {
    var origin: Double
    var length: Double
    var originTiedTo: String? = nil
}

enum ConstraintAxis {
    case horizontal, vertical

    /// The role an anchor plays on this axis, nil for the other axis's anchors.
    func role(_ anchor: String) -> AnchorRole? {
        switch (self, anchor) {
        case (.horizontal, "leadingAnchor"), (.horizontal, "leftAnchor"), (.vertical, "topAnchor"): return .start
        case (.horizontal, "trailingAnchor"), (.horizontal, "rightAnchor"), (.vertical, "bottomAnchor"): return .end
        case (.horizontal, "centerXAnchor"), (.vertical, "centerYAnchor"): return .center
        case (.horizontal, "widthAnchor"), (.vertical, "heightAnchor"): return .length
        case (.vertical, "firstBaselineAnchor"), (.vertical, "lastBaselineAnchor"): return .baseline
        default: return nil
        }
    }

    var lengthName: String { self == .horizontal ? "width" : "height" }
}

enum AnchorRole: Hashable { case start, end, center, length, baseline }

/// The outcome of placing one axis.
enum AxisLayout: Equatable {
    /// No active constraint names this axis of the view.
    case unconstrained
    case placed(AxisPlacement)
    /// Its constraints tie it to what TableLab does not lay out (described as Swift names it).
    case unsolved(String)
}

extension TableSimulator {
    /// One axis of `view`'s frame as its active constraints place it in a screen's view
    /// (the device's size).
    func constrainedAxis(_ axis: ConstraintAxis, of view: any ConstrainedView) -> AxisLayout {
        let rootLength = axis == .horizontal ? screenWidth : screenHeight
        var known: [AnchorRole: Double] = [:]
        var blocker: String?
        var named = false
        for c in view.layoutConstraints where c.isActive {
            guard let first = c.first else { continue }
            // `mine` is the view's anchor; `other` the one it is tied to (nil: a constant).
            let forward = first.item === view && first.guide == nil
            guard let mine = forward ? first : c.second, mine.item === view, mine.guide == nil,
                  let role = axis.role(mine.name) else { continue }
            named = true
            let other = forward ? c.second : first
            guard c.relation == "equal", !c.systemSpacing, role != .baseline else {
                blocker = blocker ?? describe(c, mine)
                continue
            }
            guard let value = anchorValue(other, axis: axis, rootLength: rootLength) else {
                blocker = blocker ?? other.map(describe) ?? describe(c, mine)
                continue
            }
            guard forward || c.multiplier != 0 else { continue }
            known[role] = forward ? value * c.multiplier + c.constant : (value - c.constant) / c.multiplier
        }
        guard named else { return .unconstrained }
        let start = known[.start], end = known[.end], center = known[.center]
        var length = known[.length]
        if length == nil, let start, let end { length = end - start }
        if length == nil, let center, let end { length = 2 * (end - center) }
        if length == nil, let center, let start { length = 2 * (center - start) }
        guard let length else { return .unsolved(blocker ?? "its \(axis.lengthName), which its constraints leave open") }
        // No position named at all: UIKit's ambiguous layout leaves it at 0.
        let origin = start ?? end.map { $0 - length } ?? center.map { $0 - length / 2 }
        return .placed(AxisPlacement(origin: origin ?? 0, length: length, originTiedTo: origin == nil ? blocker : nil))
    }

    /// Where an anchor of the root view (or its safe area, across the screen) stands; a
    /// constant's side (nil anchor) is 0; nil for anything else.
    private func anchorValue(_ anchor: LayoutAnchorObject?, axis: ConstraintAxis, rootLength: Double) -> Double? {
        guard let anchor else { return 0 }
        guard let item = anchor.item, isScreenRootView(item), let role = axis.role(anchor.name) else { return nil }
        switch anchor.guide {
        case nil: break
        case "safeAreaLayoutGuide" where axis == .horizontal: break
        default: return nil
        }
        switch role {
        case .start: return 0
        case .end, .length: return rootLength
        case .center: return rootLength / 2
        case .baseline: return nil
        }
    }

    private func describe(_ anchor: LayoutAnchorObject) -> String {
        let owner = anchor.item.map { isScreenRootView($0) ? "view" : $0.typeName } ?? "a view"
        return "\(owner).\(anchor.guide.map { $0 + "." } ?? "")\(anchor.name)"
    }

    private func describe(_ c: LayoutConstraintObject, _ mine: LayoutAnchorObject) -> String {
        if c.systemSpacing { return "the system spacing of its \(mine.name)" }
        if c.relation != "equal" { return "an inequality on its \(mine.name)" }
        return "its \(mine.name)"
    }

    /// The frame a scroll view made with `.zero` reads: each axis as its constraints place
    /// it, the screen's where none names it (TableLab's assumption for a view laid out
    /// without a frame: the one a screen shows fills it); reading an axis tied to what
    /// TableLab does not lay out is an error naming it.
    func constrainedFrame(of view: any ConstrainedView) -> RectObject {
        var problems: [String: UIKitMessage] = [:]
        func problem(_ what: String, _ tiedTo: String) -> UIKitMessage {
            UIKitMessage.notSimulated("the \(what) of a \(view.typeName) laid out by constraints tied to \(tiedTo)")
        }
        func placement(_ axis: ConstraintAxis, _ full: Double, origin: String) -> AxisPlacement {
            switch constrainedAxis(axis, of: view) {
            case .unconstrained: return AxisPlacement(origin: 0, length: full)
            case .placed(let p):
                if let tiedTo = p.originTiedTo { problems[origin] = problem("position (\(origin))", tiedTo) }
                return p
            case .unsolved(let tiedTo):
                problems[axis.lengthName] = problem(axis.lengthName, tiedTo)
                problems[origin] = problem("position (\(origin))", tiedTo)
                return AxisPlacement(origin: 0, length: full)
            }
        }
        let h = placement(.horizontal, screenWidth, origin: "x")
        let v = placement(.vertical, screenHeight, origin: "y")
        return RectObject(x: h.origin, y: v.origin, width: h.length, height: v.length, problems: problems, interpreter: interpreter)
    }

    /// Whether `view` is a screen's view (its `loadView`'s), which spans the device.
    func isScreenRootView(_ view: NativeObject) -> Bool {
        screens.values.contains { if case .object(let root)? = $0.rootView?.unboxedOptional { root === view } else { false } }
    }
}
