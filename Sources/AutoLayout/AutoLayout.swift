import ConstraintModel
import Geometry
import Translation
import ViewTree

/// The Auto Layout backend as a value-in, value-out function.
public enum AutoLayout {
    /// Lays `tree` out at each size in turn (each step starting from the previous one).
    public static func layout(_ tree: ViewTree, constraints: [LayoutConstraint], through sizes: [Size],
                              configuration: AutoLayoutConfiguration) -> [AutoLayoutStep] {
        let engine = AutoLayoutEngine(tree: tree, constraints: constraints, configuration: configuration)
        return sizes.map(engine.resize)
    }

    /// Every constraint the backend would install for this tree, translated and hand-written, in
    /// installation order; and the masks that could not be translated.
    public static func explain(_ tree: ViewTree, constraints: [LayoutConstraint], translation: TranslationPolicy)
        -> (constraints: [LayoutConstraint], degenerate: [DegenerateTranslation])
    {
        let results = MaskTranslation.translateAll(tree, policy: translation).map(\.result)
        return (results.flatMap(\.constraints) + constraints, results.flatMap(\.degenerate))
    }
}
