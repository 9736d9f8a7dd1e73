/// What actually happened to a view in one resize step. The sweep records divergence causes from these
/// (`Cause` lists them), so they describe events, never guesses from the mask.
public struct ResizeNotes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The flexible parts summed to zero or less, or to a value within floating-point rounding of zero,
    /// so the proportional rule had no meaningful answer.
    public static let nonPositiveFlexibleSum = ResizeNotes(rawValue: 1 << 0)
    /// The change was split in equal shares (a ≤ 0 fallback, or a policy that always splits equally).
    public static let equalSplit = ResizeNotes(rawValue: 1 << 1)
    /// A negative width or height was set to 0.
    public static let clamped = ResizeNotes(rawValue: 1 << 2)
    /// Rounding to the pixel grid changed a coordinate.
    public static let rounded = ResizeNotes(rawValue: 1 << 3)
    /// A rounding error carried from an earlier resize was taken back before this one.
    public static let carriedError = ResizeNotes(rawValue: 1 << 4)
    /// The policy divided by zero (or otherwise produced a non-finite coordinate).
    public static let nonFinite = ResizeNotes(rawValue: 1 << 5)
    /// A policy-specific fallback for a degenerate mask and frame was taken (WinObjC).
    public static let fallback = ResizeNotes(rawValue: 1 << 6)
    /// A negative size was made positive by moving the origin (`CGRectStandardize`, WinObjC).
    public static let standardized = ResizeNotes(rawValue: 1 << 7)
    /// The policy's Float32 arithmetic gave another (floored) frame than the same formulas in Double
    /// (WinObjC, where CGFloat is float).
    public static let float32 = ResizeNotes(rawValue: 1 << 8)

    /// Names, for tables and the results database.
    public static let names: [(ResizeNotes, String)] = [
        (.nonPositiveFlexibleSum, "non-positive-flexible-sum"), (.equalSplit, "equal-split"), (.clamped, "clamp"),
        (.rounded, "rounding"), (.carriedError, "carried-error"), (.nonFinite, "non-finite"), (.fallback, "fallback"),
        (.standardized, "standardised"), (.float32, "float32"),
    ]

    public var nameList: [String] { Self.names.filter { contains($0.0) }.map(\.1) }
}
