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

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        layout = Layout(capacity: self.capacity)
        storage = .allocate(byteCount: layout.byteCount, alignment: 8)
    }

    @inline(__always)
    private func store<T>(_ value: T, _ offset: Int) {
        (storage + offset).assumingMemoryBound(to: T.self)[count] = value
    }

    mutating func append(end: Int32, contentEnd: Int32, mask: UInt32, flags: SegmentFlags, contentWidth: Double,
                         trailingWidth: Double) {
        if count == capacity { grow() }
        store(end, layout.ends)
        store(contentEnd, layout.contentEnds)
        store(mask, layout.fontMasks)
        store(flags, layout.flags)
        store(contentWidth, layout.contentWidths)
        store(trailingWidth, layout.trailingWidths)
        count += 1
    }

    /// Twice the room, each column copied to its new place (the join adjustments are written only
    /// once the table is made). The room is kept with the text: up to twice its segments, about a
    /// kilobyte for a 160-unit message, against six exact arrays and their headers before.
    private mutating func grow() {
        let grown = Layout(capacity: capacity * 2)
        let moved = UnsafeMutableRawPointer.allocate(byteCount: grown.byteCount, alignment: 8)
        func move(_ from: Int, _ to: Int, _ width: Int) {
            (moved + to).copyMemory(from: storage + from, byteCount: width * count)
        }
        move(layout.contentWidths, grown.contentWidths, 8)
        move(layout.trailingWidths, grown.trailingWidths, 8)
        move(layout.ends, grown.ends, 4)
        move(layout.contentEnds, grown.contentEnds, 4)
        move(layout.fontMasks, grown.fontMasks, 4)
        move(layout.flags, grown.flags, 1)
        storage.deallocate()
        storage = moved
        layout = grown
        capacity *= 2
    }

    /// The table, owning the storage from now on.
    consuming func table() -> SegmentTable {
        SegmentTable(storage: storage, capacity: capacity, count: count)
    }
}
