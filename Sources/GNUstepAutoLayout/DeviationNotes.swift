/// What each deviation is, where GNUstep master does it (libs-gui at the commit
/// Engines/appkit/build-gnustep-master.sh pins), and what Apple documents instead. The report
/// (`layoutlab engine-report`) prints these beside each deviation's counts and minimal case.
public struct DeviationNote: Sendable {
    public var deviation: Deviation
    /// The deviation in a line.
    public var title: String
    /// Where GNUstep does it: file and method.
    public var gnustep: String
    /// Apple's documented behaviour, and where it is documented.
    public var apple: String
}

extension Deviation {
    public var note: DeviationNote {
        switch self {
        case .yUp:
            DeviationNote(
                deviation: self, title: "`top` and `bottom` are y-up, even in flipped views",
                gnustep: "`Source/GSAutoLayoutEngine.m`, `-addInternalTopConstraintForView:constraint:` ties `top` to "
                    + "the view's `maxY` and `-addInternalBottomConstraintForView:constraint:` `bottom` to `minY`; "
                    + "`-pinContentView:` pins the content view's `bottom`; `Source/GSAutoLayoutVFLParser.m` negates "
                    + "vertical spacing to match.",
                apple: "`NSLayoutConstraint.Attribute.top`: the top of the object's alignment rectangle, whatever "
                    + "the view's flippedness (Auto Layout Guide, \"Anatomy of a Constraint\").")
        case .sharedCoordinates:
            DeviationNote(
                deviation: self, title: "nested views' constraints read in one coordinate space",
                gnustep: "`Source/GSAutoLayoutEngine.m`, `-solverConstraintForRelationalConstraint:` relates the two "
                    + "attributes' variables as they are, while `-[NSView layout]` (`Source/NSView.m`) sets each "
                    + "subview's frame from its variables as if they were in its own superview's coordinates.",
                apple: "`NSView.frame` is in the superview's coordinate system; a constraint relates its items' "
                    + "alignment rectangles wherever they sit in the hierarchy (Auto Layout Guide, \"Anatomy of a "
                    + "Constraint\").")
        case .priorityWeights:
            DeviationNote(
                deviation: self, title: "priorities are linear weights",
                gnustep: "`Source/GSAutoLayoutEngine.m` gives each solver constraint `[GSCSStrength initWithName:nil "
                    + "strength:[constraint priority]]`; `Source/GSCassowarySolver.m`, `-addErrorVariable:strength:`, "
                    + "makes the objective Σ priority × error.",
                apple: "`NSLayoutConstraint.priority` (NSLayoutConstraint.h): higher-priority constraints are met "
                    + "before lower-priority ones; a constraint below required is optional.")
        case .contentCap:
            DeviationNote(
                deviation: self, title: "hugging and compression resistance above 750 act as 750",
                gnustep: "`Source/GSAutoLayoutEngine.m`, `-addSupportingIntrinsicSizeConstraintsToView:…` holds the "
                    + "intrinsic size in a variable with `+[GSCSConstraint editConstraintWithVariable:]` (strength "
                    + "strong, 750) and relates the size to that variable.",
                apple: "`contentHuggingPriority(for:)` and `contentCompressionResistancePriority(for:)` are layout "
                    + "priorities like any other: 751 is met before 750.")
        case .float32:
            DeviationNote(
                deviation: self, title: "tableau coefficients and solved values are 32-bit floats",
                gnustep: "`Source/GSCSLinearExpression.m`, `-coefficientForTerm:` reads every coefficient with "
                    + "`-floatValue` and `-addVariable:coefficient:` stores `numberWithFloat:`; "
                    + "`Source/GSCSSolution.m`, "
                    + "`-setResult:forVariable:` stores each value with `numberWithFloat:`.",
                apple: "`NSLayoutConstraint.multiplier` and `constant` are `CGFloat`, a double on 64-bit systems.")
        case .emptyMask:
            DeviationNote(
                deviation: self, title: "a mask of 0 translates into no constraint",
                gnustep: "`Source/NSAutoresizingMaskLayoutConstraint.m`, "
                    + "`+constraintsWithAutoresizingMask:subitem:frame:superitem:bounds:` returns an empty array for "
                    + "`NSViewNotSizable`.",
                apple: "`translatesAutoresizingMaskIntoConstraints`: the system makes constraints that duplicate the "
                    + "autoresizing mask's behaviour and fully specify the view's size and position; a mask of 0 "
                    + "keeps the frame.")
        case .untrackedZero:
            DeviationNote(
                deviation: self, title: "views the engine does not track get the zero rectangle",
                gnustep: "`Source/NSView.m`, `-layout` sets every subview's frame to `-[GSAutoLayoutEngine "
                    + "alignmentRectForView:]`, which is `NSZeroRect` for a view without variables.",
                apple: "Auto Layout sets the frames of the views its constraints place; a view no constraint names "
                    + "keeps its frame.")
        case .springs:
            DeviationNote(
                deviation: self, title: "autoresizing still runs under Auto Layout, floored on the pixel grid",
                gnustep: "`Source/NSView.m`, `-setFrame:` and `-setFrameSize:` call `-resizeSubviewsWithOldSize:` "
                    + "(`-resizeWithOldSuperviewSize:` floors each edge in window coordinates) before "
                    + "`-_autoLayoutContentViewResized`; `-layout` resets only the subviews of views a changed "
                    + "alignment rectangle marked; `Source/GSWindowDecorationView.m`, `-setFrame:` autoresizes the "
                    + "content view before setting its frame.",
                apple: "`translatesAutoresizingMaskIntoConstraints`: the mask's behaviour becomes constraints; a "
                    + "view placed by constraints takes the engine's frame, not an autoresized one.")
        case .clamp:
            DeviationNote(
                deviation: self, title: "negative sizes are clamped to 0",
                gnustep: "`Source/NSView.m`, `-setFrame:`, `-setFrameSize:` and `-initWithFrame:` set a negative "
                    + "width or height to 0 (\"given negative width\").",
                apple: "Not documented for Auto Layout; the lab keeps the engine's negative size, as its "
                    + "`autolayout/appkit` does.")
        case .leadingIsLeft:
            DeviationNote(
                deviation: self, title: "leading and trailing are always left and right",
                gnustep: "`Source/GSAutoLayoutEngine.m`, `-addInternalLeadingConstraintForView:constraint:` ties "
                    + "`leading` to `minX` whatever the direction; `Source/NSView.m`, "
                    + "`-setUserInterfaceLayoutDirection:` is a no-op and the getter returns left-to-right.",
                apple: "`NSLayoutConstraint.Attribute.leading`: the leading edge is the left edge in left-to-right "
                    + "layouts and the right edge in right-to-left ones (`userInterfaceLayoutDirection`).")
        case .ignoredChanges:
            DeviationNote(
                deviation: self, title: "a constant changed after installation is ignored",
                gnustep: "`Source/GSAutoLayoutEngine.m` has `-addObserverToConstraint:` (KVO on `constant`) but never "
                    + "calls it; `Source/NSLayoutConstraint.m`, `-setConstant:` only stores the value.",
                apple: "`NSLayoutConstraint.constant` (NSLayoutConstraint.h): the constant may be modified after the "
                    + "constraint is made, and the layout follows.")
        case .conflictRaises:
            DeviationNote(
                deviation: self, title: "an unsatisfiable required constraint raises",
                gnustep: "`Source/GSCassowarySolver.m`, `-addWithArtificialVariable:` raises "
                    + "`NSInvalidArgumentException` \"Cannot satisfy the required constraints\" out of "
                    + "`-addConstraint:`, `-layoutSubtreeIfNeeded` or `-setContentSize:`.",
                apple: "Auto Layout Guide, \"Unsatisfiable Layouts\": the system breaks one of the conflicting "
                    + "constraints, logs the conflict (\"Will attempt to recover by breaking constraint\") and lays "
                    + "the views out.")
        case .degenerateRatio:
            DeviationNote(
                deviation: self, title: "a mask with both margins flexible and no room divides by zero",
                gnustep: "`Source/NSAutoresizingMaskLayoutConstraint.m`, `+_xConstraintForAutoresizingMask:…` (and "
                    + "`_y…`) computes `(x − bx)/(W − w)` even when `W == w`: a NaN or infinite multiplier.",
                apple: "`autoresizingMask`: with no room the flexible margins share a change of 0 and the view keeps "
                    + "its place; a constraint's multiplier and constant are finite numbers.")
        case .maskForms:
            DeviationNote(
                deviation: self, title: "a flexible size with a flexible margin translates into GNUstep's own forms",
                gnustep: "`Source/NSAutoresizingMaskLayoutConstraint.m` writes a flexible min margin and a flexible "
                    + "width as the same equation (`superview.width == view.maxX + R`), so `&&-` is underdetermined, "
                    + "`-&&` keeps the max margin fixed and `&&&` builds its ratio from the old width.",
                apple: "`autoresizingMask`: a superview's size change is shared among the flexible parts of an axis "
                    + "in proportion to their sizes; the translated constraints must do the same.")
        }
    }
}
