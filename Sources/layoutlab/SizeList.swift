import ArgumentParser
import Foundation
import Geometry

/// A comma-separated list of superview sizes, `WxH` each (`200x100,50x100,0x100`). Negative sizes are
/// accepted on purpose: what a policy does with them (GNUstep clamps at 0) is part of what the lab shows.
struct SizeList: ExpressibleByArgument {
    var sizes: [Size]

    init?(argument: String) {
        var sizes: [Size] = []
        for item in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.trimmingCharacters(in: .whitespaces).split(
                separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
                return nil
            }
            sizes.append(Size(width: w, height: h))
        }
        guard !sizes.isEmpty else { return nil }
        self.sizes = sizes
    }

    static var defaultValueDescription: String { "WxH[,WxH…]" }
}
