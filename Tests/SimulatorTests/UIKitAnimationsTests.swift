import XCTest
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// The spellings of UIView's animation methods a call may have (defaulted parameters left
/// out, the first trailing closure's label dropped), and the axis roles of the anchors the
/// constraint layout reads.
final class UIKitAnimationsTests: XCTestCase {
    func testTrailingClosureSpellings() {
        XCTAssertEqual(UIKitAnimations.parameters(of: "animate(withDuration:_:)"), ["withDuration", "animations"])
        XCTAssertEqual(UIKitAnimations.parameters(of: "animate(withDuration:animations:_:)"),
                       ["withDuration", "animations", "completion"])
        XCTAssertEqual(UIKitAnimations.parameters(of: "animate(withDuration:_:completion:)"),
                       ["withDuration", "animations", "completion"])
        XCTAssertEqual(UIKitAnimations.parameters(of: "animate(withDuration:delay:options:_:)"),
                       ["withDuration", "delay", "options", "animations"])
        XCTAssertEqual(UIKitAnimations.parameters(of: "animate(withDuration:delay:animations:completion:)"),
                       ["withDuration", "delay", "animations", "completion"])
        XCTAssertEqual(UIKitAnimations.parameters(of: "transition(with:duration:options:animations:completion:)"),
                       ["with", "duration", "options", "animations", "completion"])
    }

    func testSpellingsSwiftRefuses() {
        // `animations` is not defaulted, and a label is never dropped before a trailing closure.
        XCTAssertNil(UIKitAnimations.parameters(of: "animate(withDuration:completion:)"))
        XCTAssertNil(UIKitAnimations.parameters(of: "animate(withDuration:)"))
        XCTAssertNil(UIKitAnimations.parameters(of: "animate(_:animations:)"))
        XCTAssertNil(UIKitAnimations.parameters(of: "animateKeyframes(withDuration:delay:options:animations:completion:)"))
    }

    func testAnchorRoles() {
        XCTAssertEqual(ConstraintAxis.horizontal.role("leadingAnchor"), .start)
        XCTAssertEqual(ConstraintAxis.horizontal.role("rightAnchor"), .end)
        XCTAssertEqual(ConstraintAxis.horizontal.role("widthAnchor"), .length)
        XCTAssertNil(ConstraintAxis.horizontal.role("topAnchor"))
        XCTAssertEqual(ConstraintAxis.vertical.role("centerYAnchor"), .center)
        XCTAssertEqual(ConstraintAxis.vertical.role("lastBaselineAnchor"), .baseline)
        XCTAssertNil(ConstraintAxis.vertical.role("heightAnchorX"))
    }
}
