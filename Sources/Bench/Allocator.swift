// How the benchmark process's allocator treats freed memory.
//
// Most solver benchmarks build a fresh solver for every sample. Under glibc's defaults the previous
// sample's memory is handed back to the kernel (the heap top is trimmed; blocks of 128 KiB and more
// are unmapped), so the next sample's large buffers are new pages the kernel must fault in and zero.
// Whether a buffer crosses that line depends on its size, not on the algorithm: chain add_edit at
// n = 1,000 stays under it and at 10,000 does not, which bent the chain's log-log slope by page
// faults alone. A long-running program reuses what it freed, so by default the harness keeps freed
// memory in the process (glibc's trim and mmap thresholds raised, `mallopt`), and every workload is
// measured in that steady state. `--malloc-defaults` measures with glibc's defaults instead.

import Foundation

/// Keep freed memory in the process: never trim the heap, and serve blocks up to 32 MiB (glibc's
/// largest mmap threshold) from it. Returns false when the C library has no `mallopt` (not glibc).
func keepFreedMemory() -> Bool {
    #if os(Linux)
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD (malloc.h)
    return mallopt(trimThreshold, Int32.max) == 1 && mallopt(mmapThreshold, 32 << 20) == 1
    #else
    return false
    #endif
}
