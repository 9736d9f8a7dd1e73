import AutoLayout
import ConstraintModel

/// A conflict the lab broke in a scene at its design size, read against the frames Interface Builder
/// stored: which members of the conflicting set those frames violate. Where they violate exactly one,
/// that is the constraint IB's engine broke, so the lab's choice can be checked against it without
/// any log.
public struct IBConflict: Sendable {
    public var file: String
    public var scene: String
    /// The conflicting set, as UIKit would list it (`appleDescription`).
    public var conflicting: [String]
    /// The index in `conflicting` of the constraint the lab broke.
    public var labBroke: Int
    /// Indices of the members the stored frames violate (by more than `IBCheck.tolerance`).
    public var storedViolates: [Int]
    /// Members the stored frames do not let the lab read (a scroll view's content, an importer's guide).
    public var unreadable: [Int]

    /// The constraint IB's engine broke, where the stored frames single one out.
    public var ibBroke: Int? { storedViolates.count == 1 && unreadable.isEmpty ? storedViolates[0] : nil }
}

extension IBCheck {
    /// Every conflict the lab breaks in the document's scenes (IB's placeholder constraints applied, as
    /// `check` solves them), with what the stored frames say of each member.
    public static func conflicts(_ doc: IBImport) -> [IBConflict] {
        guard doc.usesAutoLayout else { return [] }
        var out: [IBConflict] = []
        for scene in doc.scenes {
            let solution = solve(scene)
            guard !solution.conflicts.isEmpty else { continue }
            let evaluation = StoredFrameEvaluation(
                tree: scene.scenario.tree, stored: scene.storedFrames, root: scene.rootInsets)
            for c in solution.conflicts {
                let verdicts = c.conflicting.map { evaluation.violates($0) }
                out.append(
                    IBConflict(
                        file: doc.file, scene: scene.name, conflicting: c.conflicting.map(\.appleDescription),
                        labBroke: c.conflicting.firstIndex(of: c.broken) ?? c.conflicting.count - 1,
                        storedViolates: verdicts.indices.filter { verdicts[$0] == true },
                        unreadable: verdicts.indices.filter { verdicts[$0] == nil }))
            }
        }
        return out
    }
}
