import Dispatch

/// `body` applied to `0..<count` on up to `jobs` threads, results in index order: the parts of a sweep
/// that are independent per item but happen before the first unit or outside the runner (generating a
/// source's trees, writing the scenarios' JSON), so on many cores they do not stay on one.
///
/// Worker `w` of `n` takes every n-th index from its `w`-th; below eight items per worker it is not
/// worth a thread, and the map runs on the caller's.
public func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let workers = max(1, min(jobs, count / 8))
    if workers == 1 { return (0..<count).map(body) }
    let parts = Locked([[T]](repeating: [], count: workers))
    DispatchQueue.concurrentPerform(iterations: workers) { w in
        let mine = stride(from: w, to: count, by: workers).map(body)
        parts.update { $0[w] = mine }
    }
    let done = parts.load()
    return (0..<count).map { done[$0 % workers][$0 / workers] }
}
