import XCTest
@testable import TableLabInterpreter
@testable import TableLabSimulator

/// UIKit's views and controls made in code answer their members by ID (issue 8): their
/// properties are kept by ID, their methods found in tables; a name they do not answer is
/// refused with the error it had when they were found by name.
final class UIKitObjectMemberTests: XCTestCase {
    func testMethodTablesFindEachNamesCase() {
        checkMemberTable(ControlObject.ControlMethod.self, ControlObject.ControlMethod.names, ControlObject.ControlMethod.table)
        checkMemberTable(ButtonObject.ButtonMethod.self, ButtonObject.ButtonMethod.names, ButtonObject.ButtonMethod.table)
        checkMemberTable(SearchBarObject.Method.self, SearchBarObject.Method.names, SearchBarObject.Method.table)
    }

    /// Each ID kept in a `static let` is its own name (one typed under another's would
    /// read or write the wrong property).
    func testKeptIDsAreTheirNames() {
        typealias K = UIKitObject.Key
        let keys: [(HostMemberID, String)] = [
            (K.frame, "frame"), (K.bounds, "bounds"), (K.layer, "layer"), (K.subviews, "subviews"),
            (K.gestureRecognizers, "gestureRecognizers"), (K.tintColor, "tintColor"), (K.state, "state"),
            (K.delegate, "delegate"), (K.isEnabled, "isEnabled"), (K.isSelected, "isSelected"),
            (K.isHighlighted, "isHighlighted"), (K.isOn, "isOn"), (K.isRefreshing, "isRefreshing"),
            (K.attributedTitle, "attributedTitle"), (K.buttonType, "buttonType"), (K.titleLabel, "titleLabel"),
            (K.imageView, "imageView"), (K.configuration, "configuration"), (K.currentTitle, "currentTitle"),
            (K.currentImage, "currentImage"), (K.image, "image"), (K.title, "title"), (K.target, "target"),
            (K.action, "action"), (K.layoutMargins, "layoutMargins"), (K.arrangedSubviews, "arrangedSubviews"),
            (K.progress, "progress"), (K.progressViewStyle, "progressViewStyle"), (K.text, "text"),
            (K.placeholder, "placeholder"), (K.attributedPlaceholder, "attributedPlaceholder"),
            (K.showsCancelButton, "showsCancelButton"), (K.isActive, "isActive"),
            (K.searchResultsUpdater, "searchResultsUpdater"), (K.searchBar, "searchBar"),
            (K.numberOfLines, "numberOfLines"), (K.font, "font"), (K.contentView, "contentView"),
            (K.refreshControl, "refreshControl"), (K.string, "string"), (K.contentSize, "contentSize"),
            (K.contentOffset, "contentOffset"), (K.contentInset, "contentInset"),
            (K.backgroundColor, "backgroundColor"), (K.backgroundView, "backgroundView"),
            (K.selectedBackgroundView, "selectedBackgroundView"), (K.allowsSelection, "allowsSelection"),
            (K.allowsMultipleSelection, "allowsMultipleSelection"), (K.isScrollEnabled, "isScrollEnabled"),
            (K.isPagingEnabled, "isPagingEnabled"), (K.bounces, "bounces"), (K.alwaysBounceVertical, "alwaysBounceVertical"),
            (K.alwaysBounceHorizontal, "alwaysBounceHorizontal"), (K.showsVerticalScrollIndicator, "showsVerticalScrollIndicator"),
            (K.showsHorizontalScrollIndicator, "showsHorizontalScrollIndicator"), (K.itemSize, "itemSize"),
            (K.estimatedItemSize, "estimatedItemSize"), (K.minimumInteritemSpacing, "minimumInteritemSpacing"),
            (K.minimumLineSpacing, "minimumLineSpacing"), (K.sectionInset, "sectionInset"),
            (K.scrollDirection, "scrollDirection"), (K.headerReferenceSize, "headerReferenceSize"),
            (K.footerReferenceSize, "footerReferenceSize"),
            (K.sectionHeadersPinToVisibleBounds, "sectionHeadersPinToVisibleBounds"),
            (K.sectionFootersPinToVisibleBounds, "sectionFootersPinToVisibleBounds"),
        ]
        typealias C = UIKitObject.Call
        let calls: [(HostMemberID, String)] = [
            (C.setOn, "setOn(_:animated:)"), (C.beginRefreshing, "beginRefreshing()"), (C.endRefreshing, "endRefreshing()"),
            (C.addTarget, "addTarget(_:action:)"), (C.addArrangedSubview, "addArrangedSubview(_:)"),
            (C.setProgress, "setProgress(_:animated:)"), (C.becomeFirstResponder, "becomeFirstResponder()"),
            (C.resignFirstResponder, "resignFirstResponder()"),
        ]
        for (id, name) in keys + calls {
            XCTAssertEqual(id.name, name)
            XCTAssertEqual(id, HostMemberID(name))
        }
        XCTAssertEqual(SearchControllerObject.getOnlyIDs, [HostMemberID("searchBar"), HostMemberID("searchResultsController")])
    }

    /// A literal is the ID of its name.
    func testLiteralIsTheNamesID() {
        let id: HostMemberID = "subviews"
        XCTAssertEqual(id, UIKitObject.Key.subviews)
        XCTAssertEqual(id.name, "subviews")
    }

    /// Every anchor and layout guide is found by ID, each as its own kind of object.
    func testAnchorsAndGuidesByID() {
        let view = ViewObject("UIView", frame: .nilValue)
        for name in LayoutAnchorObject.names {
            guard case .object(let anchor as LayoutAnchorObject)? = LayoutMembers.member(id: HostMemberID(name), of: view) else {
                return XCTFail(name)
            }
            XCTAssertEqual(anchor.name, name)
            XCTAssertTrue(anchor.item === view)
        }
        for name in LayoutAnchorObject.guideNames {
            guard case .object(let guide as LayoutGuideObject)? = LayoutMembers.member(id: HostMemberID(name), of: view) else {
                return XCTFail(name)
            }
            XCTAssertEqual(guide.guide, name)
        }
        XCTAssertNil(LayoutMembers.member(id: HostMemberID("frame"), of: view))
        XCTAssertEqual(LayoutMembers.Member.names.count, LayoutAnchorObject.names.count + LayoutAnchorObject.guideNames.count)
    }

    /// The message of the error `body` throws; nil when it throws none.
    private func thrown(_ body: () throws -> Any?) -> (message: String, isUnset: Bool)? {
        do {
            _ = try body()
            return nil
        } catch let error as RuntimeError {
            return (error.diagnostic.message, error.isUnsetHostValue)
        } catch {
            return ("\(error)", false)
        }
    }

    func testViewReadsAndWritesPropertiesByID() throws {
        let view = ViewObject("UIView", frame: .int(7))
        XCTAssertEqual(try view.member(id: HostMemberID("tag")), .int(0))
        XCTAssertEqual(try view.member(id: UIKitObject.Key.frame), .int(7))
        XCTAssertEqual(try view.member(id: UIKitObject.Key.bounds), .int(7))
        XCTAssertTrue(try view.setMember(id: HostMemberID("tag"), .int(3)))
        XCTAssertEqual(try view.member("tag"), .int(3))
        // A CGFloat property given an integer holds a CGFloat.
        XCTAssertTrue(try view.setMember(id: HostMemberID("alpha"), .int(0)))
        XCTAssertEqual(view.properties["alpha"], .double(0))
        // Each view has its own layer.
        guard case .object(let a)? = try view.member(id: UIKitObject.Key.layer),
              case .object(let b)? = try ViewObject("UIView", frame: .nilValue).member(id: UIKitObject.Key.layer) else {
            return XCTFail("no layer")
        }
        XCTAssertFalse(a === b)
        // A view's methods keep its subviews by ID.
        let child = ViewObject("UIView", frame: .nilValue)
        _ = try view.callMethod(id: HostMemberID("addSubview(_:)"), [.object(child)])
        guard case .array(let subviews)? = try view.member("subviews") else { return XCTFail("no subviews") }
        XCTAssertEqual(subviews.count, 1)
    }

    func testUnknownAndUnsetMembersAreRefusedAsBefore() throws {
        let view = ViewObject("UIView", frame: .nilValue)
        let notSimulated = UIKitMessage.notSimulated("UIView.accessibilityHint").text
        XCTAssertEqual(thrown { try view.member(id: HostMemberID("accessibilityHint")) }?.message, notSimulated)
        XCTAssertEqual(thrown { try view.setMember(id: HostMemberID("accessibilityHint"), .nilValue) }?.message, notSimulated)
        XCTAssertEqual(thrown { try view.callMethod(id: HostMemberID("removeFromSuperview()"), []) }?.message,
                       UIKitMessage.notSimulated("UIView.removeFromSuperview()").text)
        // tintColor: refused until set, then read back.
        let unset = thrown { try view.member(id: UIKitObject.Key.tintColor) }
        XCTAssertEqual(unset?.message, UIKitMessage.defaultNotSimulated("UIView.tintColor").text)
        XCTAssertEqual(unset?.isUnset, true)
        XCTAssertTrue(try view.setMember(id: UIKitObject.Key.tintColor, .string("red")))
        XCTAssertEqual(try view.member(id: UIKitObject.Key.tintColor), .string("red"))
        // A layer's shadow colour likewise; its corner radius is stored.
        let layer = LayerObject()
        XCTAssertEqual(thrown { try layer.member(id: HostMemberID("shadowColor")) }?.message,
                       UIKitMessage.defaultNotSimulated("CALayer.shadowColor").text)
        XCTAssertTrue(try layer.setMember(id: HostMemberID("cornerRadius"), .int(8)))
        XCTAssertEqual(try layer.member("cornerRadius"), .double(8))
    }

    func testSubclassesAnswerTheirOwnMembersByID() throws {
        let stack = StackViewObject(arrangedSubviews: [], zeros: .undeclared)
        _ = try stack.callMethod(id: UIKitObject.Call.addArrangedSubview, [.int(1)])
        XCTAssertEqual(try stack.member(id: UIKitObject.Key.arrangedSubviews), .array([.int(1)]))
        XCTAssertEqual(try stack.member(id: UIKitObject.Key.subviews), .array([.int(1)]))
        XCTAssertEqual(thrown { try stack.member(id: UIKitObject.Key.layoutMargins) }?.message,
                       UIKitMessage.defaultNotSimulated("UIStackView.layoutMargins").text)

        let progress = ProgressViewObject(frame: .nilValue, progress: 2)
        XCTAssertEqual(progress.progress, 1)
        XCTAssertTrue(try progress.setMember(id: UIKitObject.Key.progress, .double(0.25)))
        XCTAssertEqual(try progress.member("progress"), .float(0.25))
        _ = try progress.callMethod(id: UIKitObject.Call.setProgress, [.int(-1), .bool(true)])
        XCTAssertEqual(progress.progress, 0)

        let bar = SearchBarObject(frame: .nilValue)
        XCTAssertEqual(try bar.callMethod(id: HostMemberID("becomeFirstResponder()"), []), .bool(true))
        XCTAssertEqual(try bar.callMethod(id: HostMemberID("sizeToFit()"), []), .void)
        _ = try bar.callMethod(id: HostMemberID("setShowsCancelButton(_:animated:)"), [.bool(true), .bool(false)])
        XCTAssertEqual(try bar.member("showsCancelButton"), .bool(true))
        XCTAssertTrue(try bar.setMember(id: UIKitObject.Key.text, .wrapped(.string("tea"))))
        XCTAssertEqual(bar.text, "tea")
    }
}
