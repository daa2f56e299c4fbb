import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

/// Text fields and text views on a hosted screen: first responder, the host's keys, the
/// delegate's and the events' order, UTF-16 positions.
@MainActor
@Suite struct TextInputTests {
    /// Records every delegate call and control event of a field, in order.
    final class FieldLog: NSObject, UITextFieldDelegate {
        var calls: [String] = []
        var refuse: Set<String> = []
        func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
            calls.append("shouldBegin")
            return !refuse.contains("shouldBegin")
        }
        func textFieldDidBeginEditing(_ textField: UITextField) { calls.append("didBegin") }
        func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
            calls.append("shouldEnd")
            return !refuse.contains("shouldEnd")
        }
        func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
            calls.append("didEnd(\(reason == .committed ? "committed" : "cancelled"))")
        }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            calls.append("shouldChange(\(range.location),\(range.length),\(string))")
            return !refuse.contains("shouldChange")
        }
        func textFieldDidChangeSelection(_ textField: UITextField) { calls.append("didChangeSelection") }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            calls.append("shouldReturn")
            return !refuse.contains("shouldReturn")
        }
        func textFieldShouldClear(_ textField: UITextField) -> Bool {
            calls.append("shouldClear")
            return true
        }
    }

    /// A search field over the top of the screen and a notes view under it.
    final class FormScreen: UIViewController {
        let field = UITextField()
        let notes = UITextView()
        let log = FieldLog()

        override func viewDidLoad() {
            super.viewDidLoad()
            field.borderStyle = .roundedRect
            field.placeholder = "Search"
            field.delegate = log
            for (event, name) in [
                (UIControl.Event.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"),
                (.editingDidEndOnExit, "editingDidEndOnExit"), (.primaryActionTriggered, "primaryActionTriggered"),
            ] {
                field.addAction(UIAction { [unowned self] _ in log.calls.append(name) }, for: event)
            }
            notes.font = .systemFont(ofSize: 17)
            for subview in [field, notes] as [UIView] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(subview)
            }
            NSLayoutConstraint.activate([
                field.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
                field.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                field.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                notes.topAnchor.constraint(equalTo: field.bottomAnchor, constant: 8),
                notes.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                notes.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                notes.heightAnchor.constraint(equalToConstant: 120),
            ])
        }
    }

    @MainActor final class Recorded {
        var items: [String] = []
    }

    /// A custom view that takes keys, as apps write for their own input.
    final class KeyCounter: UIView, UIKeyInput {
        var inserted = 0
        override var canBecomeFirstResponder: Bool { true }
        var hasText: Bool { inserted > 0 }
        func insertText(_ text: String) { inserted += 1 }
        func deleteBackward() {}
    }

    func key(_ code: UIKeyboardHIDUsage, _ flags: UIKeyModifierFlags = []) -> UIKey {
        UIKey(keyCode: code, modifierFlags: flags)
    }

    @Test func rule49ATapOnATextFieldMakesItFirstResponderAndTheHostsKeysTypeIntoIt() {
        let screen = FormScreen()
        let host = ScreenHost(rootViewController: screen)
        #expect(host.firstResponder == nil)
        host.tap(screen.field, wait: 0.5)
        #expect(screen.field.isFirstResponder)
        #expect(screen.field.isEditing)
        #expect(host.firstResponder === screen.field)
        host.typeText("Helsinkj")
        host.press(key(.keyboardDeleteOrBackspace))
        host.typeText("i")
        #expect(screen.field.text == "Helsinki")
        // Arrows move the caret; shift extends the selection; command goes to the ends.
        host.press(key(.keyboardLeftArrow, .command))
        host.press(key(.keyboardRightArrow, .shift))
        host.press(key(.keyboardRightArrow, .shift))
        #expect(screen.field.text(in: screen.field.selectedTextRange!) == "He")
        host.typeText("X")
        #expect(screen.field.text == "Xlsinki")
        // Command-A, C, then V at the end.
        host.press(UIKey(keyCode: .keyboardA, characters: "a", modifierFlags: .command))
        host.press(UIKey(keyCode: .keyboardC, characters: "c", modifierFlags: .command))
        host.press(key(.keyboardRightArrow))
        host.press(UIKey(keyCode: .keyboardV, characters: "v", modifierFlags: .command))
        #expect(screen.field.text == "XlsinkiXlsinki")
        // A tap on the notes moves first responder there; the field ends editing.
        host.tap(screen.notes, wait: 0.5)
        #expect(screen.notes.isFirstResponder)
        #expect(!screen.field.isEditing)
        host.typeText("Ferry\nat 9")
        #expect(screen.notes.text == "Ferry\nat 9")
        // Up keeps the caret's x ("at 9" is narrower than "Ferry"); command-right ends the line.
        host.press(key(.keyboardUpArrow))
        host.press(key(.keyboardRightArrow, .command))
        host.typeText("!")
        #expect(screen.notes.text == "Ferry!\nat 9")
    }

    @Test func rule49FirstResponderNeedsAWindowAndLeavesWithItsView() {
        let loose = UITextField()
        #expect(!loose.becomeFirstResponder(), "no window")
        let screen = FormScreen()
        let host = ScreenHost(rootViewController: screen)
        host.rootView.layoutIfNeeded()
        #expect(screen.field.becomeFirstResponder())
        screen.field.isEnabled = true
        #expect(screen.notes.becomeFirstResponder())
        #expect(!screen.field.isFirstResponder, "one first responder a window")
        screen.notes.removeFromSuperview()
        #expect(host.firstResponder == nil, "a view leaving its window resigns")
        #expect(!screen.notes.isFirstResponder)
        let disabled = UITextField()
        disabled.isEnabled = false
        host.rootView.addSubview(disabled)
        #expect(!disabled.becomeFirstResponder())
    }

    @Test func rule50TextFieldEditsInUIKitsOrder() {
        let screen = FormScreen()
        let host = ScreenHost(rootViewController: screen)
        let notifications = Recorded()
        let center = NotificationCenter.default
        let names = [
            UITextField.textDidBeginEditingNotification, UITextField.textDidChangeNotification, UITextField.textDidEndEditingNotification,
        ]
        let observers = names.map { name in
            center.addObserver(forName: name, object: screen.field, queue: nil) { note in
                let name = note.name.rawValue
                MainActor.assumeIsolated { notifications.items.append(name) }
            }
        }
        defer { observers.forEach(center.removeObserver) }
        host.tap(screen.field, wait: 0.5)
        #expect(screen.log.calls == ["shouldBegin", "didBegin", "editingDidBegin", "didChangeSelection"])
        screen.log.calls = []
        host.typeText("a")
        #expect(screen.log.calls == ["shouldChange(0,0,a)", "didChangeSelection", "editingChanged"])
        screen.log.calls = []
        screen.log.refuse = ["shouldChange"]
        host.typeText("b")
        #expect(screen.field.text == "a", "the delegate refused")
        screen.log.refuse = []
        screen.log.calls = []
        // Return: the delegate is asked, then the primary action and "did end on exit";
        // an action on the latter dismisses the keyboard.
        host.typeText("\n")
        #expect(
            screen.log.calls == [
                "shouldReturn", "primaryActionTriggered", "editingDidEndOnExit", "shouldEnd", "didEnd(committed)", "editingDidEnd",
            ])
        #expect(!screen.field.isFirstResponder)
        #expect(
            notifications.items == [
                "UITextFieldTextDidBeginEditingNotification", "UITextFieldTextDidChangeNotification", "UITextFieldTextDidEndEditingNotification",
            ])
        // Setting the text from code sends nothing.
        screen.log.calls = []
        screen.field.text = "Espoo"
        #expect(screen.log.calls.isEmpty)
        #expect(screen.field.text == "Espoo")
        screen.field.text = nil
        #expect(screen.field.text == "")
    }

    @Test func rule50ARefusedEndKeepsEditingUnlessForced() {
        let screen = FormScreen()
        let host = ScreenHost(rootViewController: screen)
        host.tap(screen.field, wait: 0.5)
        screen.log.refuse = ["shouldEnd"]
        #expect(!screen.field.resignFirstResponder())
        #expect(!screen.view.endEditing(false))
        #expect(screen.field.isEditing)
        #expect(screen.view.endEditing(true))
        #expect(!screen.field.isEditing)
        #expect(host.firstResponder == nil)
    }

    @Test func rule51PositionsAreUTF16UnitsOnCharacterBoundaries() {
        let screen = FormScreen()
        let host = ScreenHost(rootViewController: screen)
        host.tap(screen.field, wait: 0.5)
        host.typeText("🇫🇮 é")
        // The flag is 4 UTF-16 units, "é" typed as one scalar.
        #expect(screen.field.offset(from: screen.field.beginningOfDocument, to: screen.field.endOfDocument) == 6)
        let inside = screen.field.position(from: screen.field.beginningOfDocument, offset: 1)!
        let range = screen.field.textRange(from: screen.field.beginningOfDocument, to: inside)!
        #expect(range.isEmpty, "a position inside the flag moves to its start")
        host.press(key(.keyboardLeftArrow, .command))
        host.press(key(.keyboardRightArrow))
        host.press(key(.keyboardDeleteOrBackspace))
        #expect(screen.field.text == " é", "backspace deletes the whole flag")
        #expect(screen.field.position(from: screen.field.endOfDocument, offset: 1) == nil)
        #expect(screen.field.position(from: screen.field.beginningOfDocument, offset: Int.max) == nil)
    }

    @Test func aSecureFieldShowsDotsAndIsNotCopied() {
        let screen = FormScreen()
        screen.loadViewIfNeeded()
        screen.field.isSecureTextEntry = true
        let host = ScreenHost(rootViewController: screen)
        host.tap(screen.field, wait: 0.5)
        host.typeText("pässword")
        UIPasteboard.general.string = "before"
        host.press(UIKey(keyCode: .keyboardA, characters: "a", modifierFlags: .command))
        host.press(UIKey(keyCode: .keyboardC, characters: "c", modifierFlags: .command))
        #expect(UIPasteboard.general.string == "before")
        #expect(screen.field.text == "pässword")
    }

    @Test func theClearButtonClearsAfterAskingTheDelegate() {
        let screen = FormScreen()
        screen.loadViewIfNeeded()
        screen.field.clearButtonMode = .always
        screen.field.text = "Vantaa"
        let host = ScreenHost(rootViewController: screen)
        host.rootView.layoutIfNeeded()
        let button = screen.field.clearButtonRect(forBounds: screen.field.bounds)
        host.tap(screen.field, at: CGPoint(x: button.midX, y: button.midY), wait: 0.5)
        #expect(screen.field.text == "")
        #expect(screen.log.calls.contains("shouldClear"))
        #expect(screen.log.calls.contains("editingChanged"))
    }

    @Test func aDoubleTapSelectsAWord() {
        let screen = FormScreen()
        screen.loadViewIfNeeded()
        screen.field.text = "Senate Square"
        let host = ScreenHost(rootViewController: screen)
        host.tap(screen.field, wait: 0.5)
        let field = screen.field
        let caret = field.caretRect(for: field.position(from: field.beginningOfDocument, offset: 9)!)
        let point = field.convert(CGPoint(x: caret.midX, y: field.bounds.midY), to: host.rootView)
        let start = host.time + 0.1
        for (index, time) in [start, start + 0.15].enumerated() {
            host.send(MapTouch(id: 10 + index, phase: .began, location: point, timestamp: time))
            host.send(MapTouch(id: 10 + index, phase: .ended, location: point, timestamp: time + 0.05))
        }
        #expect(field.text(in: field.selectedTextRange!) == "Square")
    }

    @Test func aTextFieldsIntrinsicHeightIsUIKits() {
        let field = UITextField()
        field.borderStyle = .roundedRect
        #expect(field.intrinsicContentSize.height == 34)
        field.borderStyle = .none
        #expect(field.intrinsicContentSize.height == 20)
        field.placeholder = "Where to?"
        #expect(field.intrinsicContentSize.width > 60)
    }

    @Test func aTextViewWithoutScrollingIsAsTallAsItsText() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        view.font = .systemFont(ofSize: 17)
        view.isScrollEnabled = false
        view.text = "One"
        let one = view.intrinsicContentSize.height
        view.text = "One\nTwo\nThree"
        let three = view.intrinsicContentSize.height
        #expect(abs(one - (UIFont.systemFont(ofSize: 17).lineHeight + 16)) <= 1.5)
        #expect(three > one * 2)
        view.isScrollEnabled = true
        #expect(view.intrinsicContentSize.height == UIView.noIntrinsicMetric)
    }

    @Test func aTextViewKeepsTheCaretInView() {
        let screen = FormScreen()
        let host = ScreenHost(rootViewController: screen)
        host.tap(screen.notes, wait: 0.5)
        host.typeText(String(repeating: "line\n", count: 20))
        let notes = screen.notes
        #expect(notes.contentSize.height > notes.bounds.height)
        #expect(notes.contentOffset.y > 0)
        let caret = notes.caretRect(for: notes.endOfDocument)
        #expect(notes.bounds.contains(CGPoint(x: caret.midX, y: caret.midY)))
        host.press(key(.keyboardUpArrow, .command))
        #expect(notes.selectedRange == NSRange(location: 0, length: 0))
        #expect(notes.contentOffset.y <= 0)
    }

    @Test func limitTextEditingIsCutAtItsLimitWithoutLosingWhatFits() {
        let screen = FormScreen()
        let host = ScreenHost(rootViewController: screen)
        host.tap(screen.notes, wait: 0.5)
        screen.notes.text = String(repeating: "a", count: 19_998)
        screen.notes.selectedRange = NSRange(location: 19_998, length: 0)
        UIPasteboard.general.string = "bcdef"
        host.press(UIKey(keyCode: .keyboardV, characters: "v", modifierFlags: .command))
        #expect(screen.notes.text.utf16.count == 20_000)
        #expect(screen.notes.text.hasSuffix("aabc"))
        // The caret at the very end is drawn where the text ends (all of it is laid out).
        let end = screen.notes.caretRect(for: screen.notes.endOfDocument)
        #expect(end.minY > 1_000)
        screen.notes.text = "a\0b"
        #expect(screen.notes.text == "a\u{FFFD}b", "NUL, which layout cannot take, is replaced")
        screen.notes.selectedRange = NSRange(location: NSNotFound, length: 1)
        #expect(screen.notes.selectedRange == NSRange(location: 3, length: 0))
    }

    @Test func limitTypedTextStopsAtItsLimit() {
        let counter = KeyCounter(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let host = ScreenHost(rootView: counter)
        #expect(counter.becomeFirstResponder())
        host.typeText(String(repeating: "x", count: ScreenHost.maximumTypedCharacters + 5))
        #expect(counter.inserted == ScreenHost.maximumTypedCharacters)
    }

    /// A tap-to-dismiss recognizer on the controller's view, as apps add.
    @Test func aTapRecognizerAboveLeavesTextViewsTheirTaps() {
        let screen = FormScreen()
        let host = ScreenHost(rootViewController: screen)
        var dismissals = 0
        screen.view.addGestureRecognizer(UITapGestureRecognizer { _ in
            dismissals += 1
            screen.view.endEditing(true)
        })
        host.tap(screen.notes, wait: 0.5)
        #expect(screen.notes.isFirstResponder)
        #expect(dismissals == 0)
        host.tap(screen.view, at: CGPoint(x: 200, y: 700), wait: 0.5)
        #expect(dismissals == 1)
        #expect(host.firstResponder == nil)
    }

    @Test func aFieldMovedWithinItsWindowKeepsEditing() {
        let screen = FormScreen()
        let host = ScreenHost(rootViewController: screen)
        host.tap(screen.field, wait: 0.5)
        screen.view.addSubview(screen.field)
        #expect(screen.field.isFirstResponder, "moved to the front")
        let elsewhere = UIView()
        elsewhere.addSubview(screen.field)
        #expect(!screen.field.isFirstResponder, "out of the window")
        #expect(host.firstResponder == nil)
    }

    @Test func returnAndTabAsUIKitTypesThem() {
        let screen = FormScreen()
        let host = ScreenHost(rootViewController: screen)
        host.tap(screen.field, wait: 0.5)
        host.typeText("a\tb")
        #expect(screen.field.text == "ab", "Tab moves on; a field does not type it")
        host.typeText("\r\n")
        #expect(!screen.field.isFirstResponder, "CR LF is Return")
        #expect(UIKey(typing: "\n").characters == "\r")
        host.tap(screen.notes, wait: 0.5)
        host.typeText("x\ty")
        #expect(screen.notes.text == "x\ty")
    }

    @Test func clearsOnInsertionReplacesTheTextAtTheFirstKey() {
        let screen = FormScreen()
        screen.loadViewIfNeeded()
        screen.notes.text = "Old notes"
        screen.notes.clearsOnInsertion = true
        let host = ScreenHost(rootViewController: screen)
        host.tap(screen.notes, wait: 0.5)
        #expect(screen.notes.text == "Old notes", "editing alone keeps it")
        host.typeText("New")
        #expect(screen.notes.text == "New")
    }
}
