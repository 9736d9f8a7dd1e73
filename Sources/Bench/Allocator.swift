// How the benchmark process's allocator treats freed memory: by default freed memory stays in the
// process, as in a long-running program, so samples on fresh solvers do not pay the kernel's
// first-touch page faults for memory the previous sample returned (why: Sources/Bench/README.md,
// "Memory"). `--malloc-defaults` leaves glibc as it is.

import Foundation

/// Keep freed memory in the process: never trim the heap, and serve blocks up to 32 MiB (glibc's
/// largest mmap threshold) from it. Returns false when the C library has no `mallopt` (not glibc).
func keepFreedMemory() -> Bool {
    #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1
        let mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD (malloc.h)
        return mallopt(trimThreshold, Int32.max) == 1 && mallopt(mmapThreshold, 32 << 20) == 1
    #else
        return false
    #endif
}
