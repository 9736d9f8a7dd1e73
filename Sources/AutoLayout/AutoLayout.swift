import ConstraintModel
import Geometry
import Margins
import Translation
import ViewTree

/// The Auto Layout backend as a value-in, value-out function.
public enum AutoLayout {
    /// Lays `tree` out at each size in turn (each step starting from the previous one).
    public static func layout(
        _ tree: ViewTree, constraints: [LayoutConstraint], through sizes: [Size],
        configuration: AutoLayoutConfiguration
    ) -> [AutoLayoutStep] {
        let engine = AutoLayoutEngine(
            tree: tree, constraints: constraints, configuration: configuration,
            root: RootInsets(safeAreaInsets: tree.root.safeAreaInsets))
        return sizes.map { engine.resize(to: $0) }
    }

    /// Lays `tree` out through steps that each give the root a size and what the environment gives
    /// it (safe area, system minimum margins).
    public static func layout(
        _ tree: ViewTree, constraints: [LayoutConstraint], through steps: [(size: Size, root: RootInsets)],
        configuration: AutoLayoutConfiguration
    ) -> [AutoLayoutStep] {
        let engine = AutoLayoutEngine(
            tree: tree, constraints: constraints, configuration: configuration,
            root: steps.first?.root ?? RootInsets(safeAreaInsets: tree.root.safeAreaInsets))
        return steps.map { engine.resize(to: $0.size, root: $0.root) }
    }

    /// Every constraint the backend would install for this tree, translated and hand-written, in
    /// installation order; and the masks that could not be translated.
    public static func explain(
        _ tree: ViewTree, constraints: [LayoutConstraint], translation: TranslationPolicy
    )
        -> (constraints: [LayoutConstraint], degenerate: [DegenerateTranslation])
    {
        let results = MaskTranslation.translateAll(tree, policy: translation).map(\.result)
        return (
            results.flatMap(\.constraints) + ContentSize.constraints(tree) + constraints, results.flatMap(\.degenerate)
        )
    }
}
