/// The per-segment values of a prepared text (a segment is the text between two break
/// opportunities), a column each, all in one allocation: as six arrays they cost six allocations,
/// six gathering loops and six releases a text (BENCHMARKS.md item 37).
///
/// Written only while its text is prepared (`SegmentColumns`, then `measureJoins` and
/// `applyHanKerning` through the columns' pointers), before any copy of the text exists; read-only
/// afterwards, hence `@unchecked Sendable`. Its fields are `let`: a `var` in a class costs an
/// exclusivity check per access.
final class SegmentTable: @unchecked Sendable {
    /// Segment i covers [ends[i-1], ends[i]); its content ends at contentEnds[i], after which white
    /// space and line-break characters hang.
    let ends: UnsafeMutableBufferPointer<Int32>
    let contentEnds: UnsafeMutableBufferPointer<Int32>
    let contentWidths: UnsafeMutableBufferPointer<Double>
    let trailingWidths: UnsafeMutableBufferPointer<Double>
    /// What segment i and i + 1 gain or lose by being shaped together on one line; meaningful only
    /// when `PreparedText.hasJoinAdjustments` (zeroed then, not before).
    let joinAdjustments: UnsafeMutableBufferPointer<Double>
    let flags: UnsafeMutableBufferPointer<SegmentFlags>
    /// The fonts each segment uses (bit i = fonts.fonts[i]), for per-line heights.
    let fontMasks: UnsafeMutableBufferPointer<UInt32>
    /// Shaping done inside the text's over-wide words while laying out, kept for the next layout:
    /// here, in the text's one object, rather than in an object of its own.
    let wordBreaks = WordBreakMemo()
    private let storage: UnsafeMutableRawPointer?

    /// Takes `storage`, laid out by `SegmentColumns.Layout` for `capacity` segments, of which the
    /// first `count` are set.
    fileprivate init(storage: UnsafeMutableRawPointer?, capacity: Int, count: Int) {
        self.storage = storage
        let layout = SegmentColumns.Layout(capacity: capacity)
        func column<T>(_ offset: Int, _ type: T.Type) -> UnsafeMutableBufferPointer<T> {
            UnsafeMutableBufferPointer(start: storage.map { ($0 + offset).assumingMemoryBound(to: T.self) },
                                       count: count)
        }
        ends = column(layout.ends, Int32.self)
        contentEnds = column(layout.contentEnds, Int32.self)
        contentWidths = column(layout.contentWidths, Double.self)
        trailingWidths = column(layout.trailingWidths, Double.self)
        joinAdjustments = column(layout.joinAdjustments, Double.self)
        flags = column(layout.flags, SegmentFlags.self)
        fontMasks = column(layout.fontMasks, UInt32.self)
    }

    deinit { storage?.deallocate() }

    /// The table of a text with no segment, shared.
    static let empty = SegmentTable(storage: nil, capacity: 0, count: 0)
}

/// The segments of a text being prepared, appended column by column into room for `capacity`,
/// then handed over as a `SegmentTable` without a copy.
struct SegmentColumns {
    /// Byte offsets of the columns for `capacity` segments: the 8-byte columns first, so that each
    /// is aligned.
    fileprivate struct Layout {
        let contentWidths = 0, trailingWidths: Int, joinAdjustments: Int
        let ends: Int, contentEnds: Int, fontMasks: Int, flags: Int, byteCount: Int

        @inline(__always)
        init(capacity: Int) {
            trailingWidths = 8 * capacity
            joinAdjustments = 16 * capacity
            ends = 24 * capacity
            contentEnds = 28 * capacity
            fontMasks = 32 * capacity
            flags = 36 * capacity
            byteCount = 37 * capacity
        }
    }

    private var storage: UnsafeMutableRawPointer
    private var layout: Layout
    private var capacity: Int
    private(set) var count = 0
    /// The columns `append` writes, found once per allocation rather than from the layout per value.
    private var columns: Columns

    private struct Columns {
        let ends: UnsafeMutablePointer<Int32>, contentEnds: UnsafeMutablePointer<Int32>
        let fontMasks: UnsafeMutablePointer<UInt32>, flags: UnsafeMutablePointer<SegmentFlags>
        let contentWidths: UnsafeMutablePointer<Double>, trailingWidths: UnsafeMutablePointer<Double>

        init(_ storage: UnsafeMutableRawPointer, _ layout: Layout) {
            ends = (storage + layout.ends).assumingMemoryBound(to: Int32.self)
            contentEnds = (storage + layout.contentEnds).assumingMemoryBound(to: Int32.self)
            fontMasks = (storage + layout.fontMasks).assumingMemoryBound(to: UInt32.self)
            flags = (storage + layout.flags).assumingMemoryBound(to: SegmentFlags.self)
            contentWidths = (storage + layout.contentWidths).assumingMemoryBound(to: Double.self)
            trailingWidths = (storage + layout.trailingWidths).assumingMemoryBound(to: Double.self)
        }
    }

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        layout = Layout(capacity: self.capacity)
        storage = SegmentColumns.allocate(layout, capacity: self.capacity)
        columns = Columns(storage, layout)
    }

    /// Room laid out by `layout`, each column's memory bound to its type.
    private static func allocate(_ layout: Layout, capacity: Int) -> UnsafeMutableRawPointer {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: layout.byteCount, alignment: 8)
        (storage + layout.contentWidths).bindMemory(to: Double.self, capacity: capacity)
        (storage + layout.trailingWidths).bindMemory(to: Double.self, capacity: capacity)
        (storage + layout.joinAdjustments).bindMemory(to: Double.self, capacity: capacity)
        (storage + layout.ends).bindMemory(to: Int32.self, capacity: capacity)
        (storage + layout.contentEnds).bindMemory(to: Int32.self, capacity: capacity)
        (storage + layout.fontMasks).bindMemory(to: UInt32.self, capacity: capacity)
        (storage + layout.flags).bindMemory(to: SegmentFlags.self, capacity: capacity)
        return storage
    }

    mutating func append(end: Int32, contentEnd: Int32, mask: UInt32, flags: SegmentFlags, contentWidth: Double,
                         trailingWidth: Double) {
        if count == capacity { grow() }
        let columns = columns, row = count
        columns.ends[row] = end
        columns.contentEnds[row] = contentEnd
        columns.fontMasks[row] = mask
        columns.flags[row] = flags
        columns.contentWidths[row] = contentWidth
        columns.trailingWidths[row] = trailingWidth
        count = row &+ 1
    }

    /// Twice the room, each column copied to its new place (the join adjustments are written only
    /// once the table is made).
    private mutating func grow() {
        resize(to: capacity * 2)
    }

    private mutating func resize(to newCapacity: Int) {
        let moved = Layout(capacity: newCapacity)
        let movedStorage = SegmentColumns.allocate(moved, capacity: newCapacity)
        func move(_ from: Int, _ to: Int, _ width: Int) {
            (movedStorage + to).copyMemory(from: storage + from, byteCount: width * count)
        }
        move(layout.contentWidths, moved.contentWidths, 8)
        move(layout.trailingWidths, moved.trailingWidths, 8)
        move(layout.ends, moved.ends, 4)
        move(layout.contentEnds, moved.contentEnds, 4)
        move(layout.fontMasks, moved.fontMasks, 4)
        move(layout.flags, moved.flags, 1)
        storage.deallocate()
        storage = movedStorage
        layout = moved
        capacity = newCapacity
        columns = Columns(movedStorage, moved)
    }

    /// The table, owning the storage from now on. The room is kept with the text: up to about twice
    /// its segments (a 160-unit message: 57 rows of 37 bytes, 2.1 KB, against about 1.2 KB for the six
    /// exact arrays before), but a text with far fewer segments than its room (a long URL, a run of
    /// base64: up to 4,096 rows for one segment) is first moved into room of its size.
    consuming func table() -> SegmentTable {
        if capacity > 2 * count + 64 { resize(to: max(count, 1)) }
        return SegmentTable(storage: storage, capacity: capacity, count: count)
    }
}
