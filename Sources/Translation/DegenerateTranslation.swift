import Geometry

/// A mask whose translation divides by zero for this frame (e.g. L+R with S == W): the form is
/// undefined, and the lab says so instead of producing NaN. The view is then held where it is on that
/// axis (as if no part were flexible there) so layout can go on.
public struct DegenerateTranslation: Error, Hashable, Sendable, CustomStringConvertible {
    public var viewID: String
    public var maskNotation: String
    public var axis: Axis
    /// The flexible parts, as letters (L W R for x; T H B for y).
    public var parts: String
    /// The denominator that is zero, spelled out (e.g. "S − W").
    public var denominator: String

    public var description: String {
        "degenerate translation: view \"\(viewID)\" (\(maskNotation)): \(parts) divides by \(denominator) = 0 on the "
            + "\(axis == .horizontal ? "horizontal" : "vertical") axis"
    }
}
