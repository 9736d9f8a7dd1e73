import Geometry

/// What `check-ib` says about one view of an Interface Builder document: IB's stored frame,
/// the lab's solved frame and one status.
public struct IBViewResult: Hashable, Sendable {
    /// Every view gets exactly one.
    public enum Status: String, Sendable, CaseIterable {
        /// The lab's frame is IB's, within `IBCheck.tolerance` on every edge.
        case agree
        /// The lab determined the frame and it is elsewhere.
        case disagree
        /// The lab's constraints leave the frame undetermined (no answer to compare).
        case ambiguous
        /// IB itself marks the view `misplaced="YES"`: its stored frame is not where its constraints
        /// put it, so it is no oracle.
        case misplaced
        /// The frame is given, not computed: the view is in a document laid out with masks only, or
        /// Xcode pins it at its stored frame at build time (`fixedFrame`).
        case input
        /// The view translates its autoresizing mask in a document laid out with constraints: the
        /// translation is made from its own stored frame and its parent's size, so at the design size
        /// it comes back where IB stored it by construction. An input, like `input`.
        case translated
        /// IB marks the view `ambiguous="YES"`: Xcode found its constraints ambiguous too.
        case ibAmbiguous = "ib-ambiguous"
    }

    public var file: String
    public var scene: String
    public var view: String
    /// The IB element (`label`, `button`, `view`, …).
    public var element: String
    public var status: Status
    /// IB's frame, in the parent's coordinates (top-left origin).
    public var stored: Rect
    /// The lab's frame, when it solved one.
    public var solved: Rect?
    /// Why a disagreement happened, given only when the lab can show it; otherwise `unexplained`.
    public var cause: String?
    /// The view's size stands for an intrinsic size the lab cannot measure (text-driven content:
    /// labels, buttons with titles), so it was read from the stored frame.
    public var sizeFromStoredFrame: Bool
    public var platform: IBImport.Platform
    /// For a disagreeing or ambiguous view: its constraints read on the stored frames.
    public var explanation: IBExplanation?
    /// The view's `alignmentRectInsets`: constraints placed the solved frame's alignment rect, and the
    /// frame is that rect grown by these (AppKit controls, UISwitch, UISlider).
    public var alignmentRectInsets: EdgeInsets = .zero

    /// The alignment rect the lab solved (the solved frame less the insets).
    public var solvedAlignmentRect: Rect? {
        solved.map {
            Rect(
                x: $0.x + alignmentRectInsets.left, y: $0.y + alignmentRectInsets.top,
                width: $0.width - alignmentRectInsets.left - alignmentRectInsets.right,
                height: $0.height - alignmentRectInsets.top - alignmentRectInsets.bottom)
        }
    }

    public init(
        file: String, scene: String, view: String, element: String, status: Status, stored: Rect, solved: Rect?,
        cause: String? = nil, sizeFromStoredFrame: Bool = false, platform: IBImport.Platform
    ) {
        self.file = file
        self.scene = scene
        self.view = view
        self.element = element
        self.status = status
        self.stored = stored
        self.solved = solved
        self.cause = cause
        self.sizeFromStoredFrame = sizeFromStoredFrame
        self.platform = platform
    }
}

/// Counts of statuses, and the headline agreement: agree / (agree + disagree + ambiguous). Views
/// whose frames are inputs (given, or translated from their own stored frames), misplaced in IB or
/// ambiguous in IB are not in the denominator: there is nothing to compare (misplaced, input,
/// translated) or Xcode itself could not say (ib-ambiguous). `derived` counts the same statuses over
/// the views whose size the lab derived itself (not `size_from_stored_frame`): the second headline.
public struct IBTally: Hashable, Sendable {
    public var counts: [IBViewResult.Status: Int] = [:]
    /// The statuses of the views whose intrinsic size was not read from their stored frame.
    public var derivedCounts: [IBViewResult.Status: Int] = [:]

    public init() {}

    public init<S: Sequence>(_ results: S) where S.Element == IBViewResult {
        for r in results { add(r.status, derived: !r.sizeFromStoredFrame) }
    }

    public mutating func add(_ status: IBViewResult.Status, _ n: Int = 1, derived: Bool) {
        counts[status, default: 0] += n
        if derived { derivedCounts[status, default: 0] += n }
    }

    public mutating func add(_ other: IBTally) {
        for (s, n) in other.counts { counts[s, default: 0] += n }
        for (s, n) in other.derivedCounts { derivedCounts[s, default: 0] += n }
    }

    /// The same counts over the views whose size the lab derived itself.
    public var derived: IBTally {
        var t = IBTally()
        t.counts = derivedCounts
        t.derivedCounts = derivedCounts
        return t
    }

    public subscript(status: IBViewResult.Status) -> Int { counts[status] ?? 0 }

    public var views: Int { counts.values.reduce(0, +) }
    /// Views the lab had to determine: the headline's denominator.
    public var determinable: Int { self[.agree] + self[.disagree] + self[.ambiguous] }
    public var agreement: Double { determinable == 0 ? 0 : Double(self[.agree]) / Double(determinable) }
    /// The older figure: agreement among the views the lab determined (ambiguous ones left out).
    public var agreementAmongDetermined: Double {
        let n = self[.agree] + self[.disagree]
        return n == 0 ? 0 : Double(self[.agree]) / Double(n)
    }
}
