import Dispatch
import Glibc
import TextHeight

/// Measures chunks of cases on N threads. Each worker keeps its own Shaper (HarfBuzz buffer, ICU
/// iterators and width cache are per thread) and output; font faces are shared. Results come back
/// in input order, so output bytes do not depend on N.
final class WorkerPool: @unchecked Sendable {
    /// Cases read ahead: bounds memory and keeps every worker busy.
    static let chunkSize = 1024

    /// What one thread keeps between cases; only that thread touches it during a `map`.
    final class Worker: @unchecked Sendable {
        let index: Int
        let shaper = Shaper()
        /// The bytes written for this worker's cases of a chunk (`batch`).
        let output = OutputBuffer()

        init(index: Int) { self.index = index }
    }

    let jobs: Int
    let faces = FaceCache()
    let workers: [Worker]

    init(jobs: Int) {
        self.jobs = max(1, jobs)
        workers = (0..<self.jobs).map { Worker(index: $0) }
    }

    static func availableCores() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `transform` over `items` with the worker's Shaper.
    func map<T, R>(_ items: [T], _ transform: (T, Shaper) -> R) -> [R] {
        map(items, byWorker: { transform($0, $1.shaper) })
    }

    /// `transform` over `items`, worker w taking items w, w + jobs, w + 2·jobs, … in turn (worker 0
    /// takes all of them when there is one job or one item).
    func map<T, R>(_ items: [T], byWorker transform: (T, Worker) -> R) -> [R] {
        if jobs == 1 || items.count == 1 { return items.map { transform($0, workers[0]) } }
        var results = [R?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { slots in
            withoutActuallyEscaping(transform) { transform in
                let work = Unchecked(items: items, slots: slots, transform: transform)
                DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                    var index = worker
                    while index < work.items.count {
                        // Each index is written by exactly one worker.
                        work.slots[index] = work.transform(work.items[index], workers[worker])
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
/// and its own Worker.
private struct Unchecked<T, R>: @unchecked Sendable {
    let items: [T]
    let slots: UnsafeMutableBufferPointer<R?>
    let transform: (T, WorkerPool.Worker) -> R
}

/// Bytes appended in place, kept between chunks: a case's lines are written straight into
/// its spare room (no array per case, no copy).
final class OutputBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1 << 16) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit { base.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    func removeAll() { count = 0 }

    /// `body` writes at most `bound` bytes at the end and returns how many it wrote.
    func write(upTo bound: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        if capacity - count < bound {
            capacity = max(capacity * 2, count + bound)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.initialize(from: base, count: count)
            base.deallocate()
            base = grown
        }
        count += body(UnsafeMutableBufferPointer(start: base + count, count: bound))
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { source in
            write(upTo: source.count) { room in
                if let from = source.baseAddress, let to = room.baseAddress { to.initialize(from: from, count: source.count) }
                return source.count
            }
        }
    }
}
