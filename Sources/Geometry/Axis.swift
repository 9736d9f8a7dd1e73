/// The two axes of a layout. Springs, translation and the solver all work one axis at a time, because
/// autoresizing never couples x with y.
public enum Axis: CaseIterable, Hashable, Sendable {
    case horizontal
    case vertical
}
