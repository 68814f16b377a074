import XCTest
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// The logic of the UIKit values: Objective-C selector names, which unknown names are
/// Apple's, how an alert's buttons print.
final class UIKitValuesTests: XCTestCase {
    func testObjectiveCNames() {
        XCTAssertEqual(SelectorObject.objectiveCName(base: "refresh", labels: []), "refresh")
        XCTAssertEqual(SelectorObject.objectiveCName(base: "tap", labels: [nil]), "tap:")
        XCTAssertEqual(SelectorObject.objectiveCName(base: "tap", labels: ["sender"]), "tapWithSender:")
        XCTAssertEqual(SelectorObject.objectiveCName(base: "tableView", labels: [nil, "didSelectRowAt"]), "tableView:didSelectRowAt:")
        XCTAssertEqual(SelectorObject.objectiveCName(base: "init", labels: ["frame"]), "initWithFrame:")
        XCTAssertEqual(SelectorObject.objectiveCName(base: "move", labels: [nil, nil]), "move::")
    }

    func testSelectorReferences() {
        let typed = SelectorObject(reference: "Screen.tap(_:sender:)")
        XCTAssertEqual(typed.baseName, "tap")
        XCTAssertEqual(typed.typePrefix, "Screen")
        XCTAssertEqual(typed.fullName, "tap(_:sender:)")
        XCTAssertEqual(typed.textDescription, "tap:sender:")
        let bare = SelectorObject(reference: "refresh")
        XCTAssertNil(bare.labels)
        XCTAssertNil(bare.fullName)
        XCTAssertEqual(bare.textDescription, "refresh")
        bare.resolvedFullName = "refresh(_:)"
        XCTAssertEqual(bare.textDescription, "refresh:")
        XCTAssertEqual(SelectorObject.labels(ofFullName: "a(_:b:)"), [nil, "b"])
    }

    func testAppleFrameworkNames() {
        for name in ["UIRefreshControl", "UIStackView", "NSLayoutConstraint", "CATransition", "UserDefaults", "UUID", "Date", "NSURL"] {
            XCTAssertTrue(UIKitValue.isAppleFrameworkName(name), name)
        }
        for name in ["UI", "UIX", "Uid", "UIKIT", "Item", "NSection", "CGFLOAT", "settingsUI"] {
            XCTAssertFalse(UIKitValue.isAppleFrameworkName(name), name)
        }
    }

    func testAlertEffectText() {
        let effect = TableEffect.alert(title: "Delete?", message: nil, buttons: [
            AlertButton(title: "Delete", style: "destructive"), AlertButton(title: "OK", style: "default"),
        ])
        XCTAssertEqual(effect.description, #"alert "Delete?" buttons "Delete" .destructive, "OK""#)
        XCTAssertEqual(TableEffect.alert(title: nil, message: "m").description, #"alert "m""#)
    }
}
