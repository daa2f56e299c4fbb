import Foundation
import MapDrawing
import MapUIKit
import OpenMapsTesting
import Testing

/// Text fields, text views and pickers, drawn like iOS 17, in light and dark: one column
/// normal, one being edited (caret or selection), one disabled (not editable for text
/// views). Re-record with `OPENMAPS_RECORD_GOLDENS=1 swift test --filter TextInputGoldenTests`
/// and review the images in `__Goldens__`.
@MainActor
@Suite struct TextInputGoldenTests {
    final class Wheels: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
        func numberOfComponents(in pickerView: UIPickerView) -> Int { 2 }
        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { component == 0 ? 5 : 22 }
        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            component == 0 ? ["Normal", "Satellite", "Hybrid", "Terrain", "None"][row] : "Zoom \(row)"
        }
    }

    enum Column { case normal, editing, disabled }

    /// One cell: a view in a window of its own (one first responder each), drawn to an image.
    func cell(_ column: Column, size: CGSize, style: UIUserInterfaceStyle, make: () -> UIView, edit: (UIView) -> Void) -> UIImage {
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.overrideUserInterfaceStyle = style
        window.backgroundColor = .secondarySystemBackground
        let view = make()
        var fitted = view.intrinsicContentSize
        if fitted.width < 0 { fitted.width = view.frame.width }
        if fitted.height < 0 { fitted.height = view.frame.height }
        view.frame = CGRect(x: (size.width - fitted.width) / 2, y: (size.height - fitted.height) / 2, width: fitted.width, height: fitted.height)
        window.addSubview(view)
        window.layoutIfNeeded()
        switch column {
        case .normal: break
        case .editing: edit(view)
        case .disabled:
            (view as? UIControl)?.isEnabled = false
            (view as? UITextView)?.isEditable = false
        }
        window.layoutIfNeeded()
        return window.renderedImage(scale: 2)
    }

    func sheet(_ style: UIUserInterfaceStyle) -> UIView {
        typealias Row = (height: CGFloat, make: () -> UIView, edit: (UIView) -> Void)
        func field(_ border: UITextField.BorderStyle, text: String?, placeholder: String? = nil) -> () -> UIView {
            {
                let field = UITextField(frame: CGRect(x: 0, y: 0, width: 240, height: 0))
                field.borderStyle = border
                field.text = text
                field.placeholder = placeholder
                field.clearButtonMode = .whileEditing
                return field
            }
        }
        let caret: (UIView) -> Void = { $0.becomeFirstResponder() }
        let rows: [Row] = [
            (64, field(.roundedRect, text: nil, placeholder: "Search places"), caret),
            (64, field(.roundedRect, text: "Senate Square, Helsinki"), caret),
            (
                64, field(.line, text: "Esplanadi"),
                { view in
                    guard let field = view as? UITextField, field.becomeFirstResponder(),
                        let end = field.position(from: field.beginningOfDocument, offset: 5)
                    else { return }
                    field.selectedTextRange = field.textRange(from: field.beginningOfDocument, to: end)
                }
            ),
            (64, field(.bezel, text: "Bezel"), caret),
            (
                64,
                {
                    let field = field(.none, text: "secret")() as! UITextField
                    field.isSecureTextEntry = true
                    return field
                }, caret
            ),
            (
                120,
                {
                    let notes = UITextView(frame: CGRect(x: 0, y: 0, width: 240, height: 100))
                    notes.font = .systemFont(ofSize: 17)
                    notes.text = "Ferry to Suomenlinna at 9:20, back by the 14:40 boat from the main quay."
                    return notes
                }, caret
            ),
        ]
        let columnWidth: CGFloat = 280
        let pickerHeight: CGFloat = 236
        let height = rows.reduce(0) { $0 + $1.height } + pickerHeight
        let root = UIView(frame: CGRect(x: 0, y: 0, width: columnWidth * 3, height: height))
        var y: CGFloat = 0
        for row in rows {
            for (index, column) in [Column.normal, .editing, .disabled].enumerated() {
                let image = cell(column, size: CGSize(width: columnWidth, height: row.height), style: style, make: row.make, edit: row.edit)
                let view = UIImageView(image: image)
                view.frame = CGRect(x: CGFloat(index) * columnWidth, y: y, width: columnWidth, height: row.height)
                root.addSubview(view)
            }
            y += row.height
        }
        let wheels = Wheels()
        let picker = cell(.normal, size: CGSize(width: columnWidth * 3, height: pickerHeight), style: style, make: {
            let picker = UIPickerView()
            picker.dataSource = wheels
            picker.delegate = wheels
            picker.selectRow(1, inComponent: 0, animated: false)
            picker.selectRow(15, inComponent: 1, animated: false)
            return picker
        }, edit: { _ in })
        let pickerView = UIImageView(image: picker)
        pickerView.frame = CGRect(x: 0, y: y, width: columnWidth * 3, height: pickerHeight)
        root.addSubview(pickerView)
        return root
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func textInputsInEveryState(_ style: UIUserInterfaceStyle) {
        let name = style == .dark ? "text-inputs-dark" : "text-inputs-light"
        let result = GoldenImage.check(sheet(style).renderedImage(scale: 2).bitmap, named: name)
        #expect(result.passed, "\(result.message)")
    }
}
