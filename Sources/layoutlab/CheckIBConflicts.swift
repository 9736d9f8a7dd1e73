import ArgumentParser
import InterfaceBuilder
import LabJSON

/// `layoutlab check-ib --conflicts`: the conflicts the lab breaks at each scene's design size, and
/// whether it breaks the constraint IB's engine broke (the one member the stored frames violate).
extension CheckIBCommand {
    func printConflicts(_ values: FittedValues) throws {
        var all: [IBConflict] = []
        let failed = eachDocument(values) { _, doc in
            let found = IBCheck.conflicts(doc)
            all += found
            if format == .json { for c in found { print(JSONWriter.write(Self.json(c))) } }
        }
        let singled = all.filter { $0.ibBroke != nil }
        let same = singled.filter { $0.ibBroke == $0.labBroke }
        switch format {
        case .json:
            let total: [(String, JSONValue)] = [
                ("conflicts", .number(Double(all.count))), ("ib_broke_known", .number(Double(singled.count))),
                ("lab_breaks_the_same", .number(Double(same.count))),
            ]
            print(JSONWriter.write(.object([("total", .object(total))])))
        case .table:
            for c in all {
                let verdict =
                    c.ibBroke.map { $0 == c.labBroke ? "the same as IB" : "IB broke \($0 + 1)" } ?? "IB's unknown"
                print("\(c.file) \(c.scene): the lab broke \(c.labBroke + 1) of \(c.conflicting.count), \(verdict)")
                for (i, d) in c.conflicting.enumerated() {
                    let mark = c.storedViolates.contains(i) ? "violated" : c.unreadable.contains(i) ? "unread" : "holds"
                    print("  \(i + 1). [\(mark)] \(d)")
                }
            }
            print(
                "\(all.count) conflicts; IB's stored frames single out the broken constraint in \(singled.count), "
                    + "and the lab breaks that one in \(same.count)")
        }
        try Self.exitIfUnread(failed)
    }

    static func json(_ c: IBConflict) -> JSONValue {
        .object([
            ("file", .string(c.file)), ("scene", .string(c.scene)),
            ("conflicting", .array(c.conflicting.map(JSONValue.string))),
            ("lab_broke", .number(Double(c.labBroke))),
            ("stored_violates", .array(c.storedViolates.map { .number(Double($0)) })),
            ("unreadable", .array(c.unreadable.map { .number(Double($0)) })),
            ("ib_broke", c.ibBroke.map { .number(Double($0)) } ?? .null),
        ])
    }
}
