import Dispatch
import Glibc
import TextHeight

/// Measures chunks of cases on N threads. Each worker keeps its own Shaper (HarfBuzz buffer, ICU
/// iterators and width cache are per thread); font faces are shared. Results come back in input
/// order, so output bytes do not depend on N.
final class WorkerPool: @unchecked Sendable {
    /// Cases read ahead: bounds memory and keeps every worker busy.
    static let chunkSize = 1024

    let jobs: Int
    let faces = FaceCache()
    private let shapers: [Shaper]

    init(jobs: Int) {
        self.jobs = max(1, jobs)
        shapers = (0..<self.jobs).map { _ in Shaper() }
    }

    static func availableCores() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `transform` over `items`, worker w taking items w, w + jobs, w + 2·jobs, …
    func map<T, R>(_ items: [T], _ transform: (T, Shaper) -> R) -> [R] {
        if jobs == 1 || items.count == 1 { return items.map { transform($0, shapers[0]) } }
        var results = [R?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { slots in
            withoutActuallyEscaping(transform) { transform in
                let work = Unchecked(items: items, slots: slots, transform: transform)
                DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                    var index = worker
                    while index < work.items.count {
                        // Each index is written by exactly one worker.
                        work.slots[index] = work.transform(work.items[index], shapers[worker])
                        index += jobs
                    }
                }
            }
        }
        // Every index was written by exactly one worker; compactMap keeps the types honest.
        return results.compactMap { $0 }
    }
}

/// Carries the chunk into concurrentPerform; WorkerPool.map gives each worker disjoint indices
/// and its own Shaper.
private struct Unchecked<T, R>: @unchecked Sendable {
    let items: [T]
    let slots: UnsafeMutableBufferPointer<R?>
    let transform: (T, Shaper) -> R
}
