import InterfaceBuilder

/// The fitted values the tests' own documents read, given here rather than fitted on the corpus, so
/// that the tests check how layout follows from the values, whatever a fit on the corpus gives (the
/// corpus tests check the built-in values against the fit). They are the lab's earlier hand-fitted
/// values for the controls the documents use.
enum TestValues {
    static let table: [String: Double] = [
        // UIKit: a switch's 2-point right inset; a slider's track in a 31-point frame; segmented
        // controls 29 high before iOS 13, 32 from it.
        "iOS/switch/*/inset.right": 2, "iOS/switch/ios26/frame.width": 63, "iOS/switch/ios26/frame.height": 28,
        "iOS/slider/*/inset.top": 1, "iOS/slider/*/inset.left": 2, "iOS/slider/*/inset.bottom": 1,
        "iOS/slider/*/inset.right": 2, "iOS/slider/*/frame.height": 31,
        "iOS/segmentedControl/ios7/frame.height": 29, "iOS/segmentedControl/*/frame.height": 32,
        // AppKit: Big Sur's push buttons, labels, pop-ups, boxes and checkboxes.
        "macOS/button.push.rounded.regular.bordered/*/inset.top": 5,
        "macOS/button.push.rounded.regular.bordered/*/inset.left": 7,
        "macOS/button.push.rounded.regular.bordered/*/inset.bottom": 7,
        "macOS/button.push.rounded.regular.bordered/*/inset.right": 7,
        "macOS/button.push.rounded.regular.bordered/*/frame.height": 32,
        "macOS/textField.label/*/inset.left": 2, "macOS/textField.label/*/inset.right": 2,
        "macOS/popUpButton.rounded.regular/*/inset.top": 1, "macOS/popUpButton.rounded.regular/*/inset.left": 3,
        "macOS/popUpButton.rounded.regular/*/inset.bottom": 4, "macOS/popUpButton.rounded.regular/*/inset.right": 3,
        "macOS/popUpButton.rounded.regular/*/frame.height": 26,
        "macOS/box.primary.top/*/inset.left": 3, "macOS/box.primary.top/*/inset.bottom": 4,
        "macOS/box.primary.top/*/inset.right": 3,
        "macOS/button.check.regular.titled/*/inset.top": 1, "macOS/button.check.regular.titled/*/inset.left": 2,
        "macOS/button.check.regular.titled/*/inset.bottom": 1, "macOS/button.check.regular.titled/*/frame.height": 18,
    ]
    static let values = FittedValues(table: table)
}
