/// The fields a measurement writes (`appendMeasurement`), over two writers: `JSONObject`, which
/// grows as it goes, and `JSONBytes`, which writes into memory reserved up front.
protocol JSONFields {
    mutating func add(_ key: StaticString, _ value: Double)
    mutating func add(_ key: StaticString, _ value: Double?)
    mutating func add(_ key: StaticString, _ value: Int)
    mutating func add(_ key: StaticString, _ value: Bool)
    mutating func add(_ key: StaticString, objects: [JSONObject])
    mutating func add(fields: [UInt8])
}

extension JSONObject: JSONFields {}

/// JSON objects written through a pointer into a buffer reserved for them: the batch's output,
/// where appending to an array field by field cost about 200 instructions a field, more than
/// the layout of a short text. A write past the end is not made: `overflowed` tells the caller
/// to write the object the plain way.
struct JSONBytes: JSONFields {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0
    private(set) var overflowed = false
    /// No field yet in the object open: the next one takes no comma.
    private var opened = false
    /// The writing thread's own, or none.
    private let numbers: NumberTexts?

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>, numbers: NumberTexts? = nil) {
        self.buffer = buffer
        self.numbers = numbers
    }

    mutating func byte(_ b: UInt8) {
        guard count < buffer.count else { return overflowed = true }
        buffer[count] = b
        count += 1
    }

    mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        guard let from = source.baseAddress, let to = buffer.baseAddress, source.count <= buffer.count - count else {
            if !source.isEmpty { overflowed = true }
            return
        }
        (to + count).update(from: from, count: source.count)
        count += source.count
    }

    mutating func open() {
        byte(UInt8(ascii: "{"))
        opened = true
    }

    mutating func close() { byte(UInt8(ascii: "}")) }

    /// `,"key":` with one bound check (the keys are this program's ASCII literals).
    private mutating func key(_ key: StaticString) {
        let length = key.utf8CodeUnitCount
        guard let base = buffer.baseAddress, buffer.count - count >= length + 4 else { return overflowed = true }
        var p = base + count
        if !opened {
            p.pointee = UInt8(ascii: ",")
            p += 1
        }
        opened = false
        p.pointee = UInt8(ascii: "\"")
        (p + 1).update(from: key.utf8Start, count: length)
        p[length + 1] = UInt8(ascii: "\"")
        p[length + 2] = UInt8(ascii: ":")
        count = base.distance(to: p) + length + 3
    }

    mutating func add(_ key: StaticString, _ value: Double) {
        self.key(key)
        guard value.isFinite else { return add(literal: "null") }
        if value == value.rounded(), abs(value) < 1e15 { return integer(Int64(value)) }
        // Swift's shortest round-trip form, as JSONObject.number writes it.
        if let numbers { return numbers.withText(of: value) { bytes($0) } }
        var text = value.description
        text.withUTF8 { bytes($0) }
    }

    mutating func add(_ key: StaticString, _ value: Double?) { if let value { add(key, value) } }

    mutating func add(_ key: StaticString, _ value: Int) {
        self.key(key)
        integer(Int64(value))
    }

    mutating func add(_ key: StaticString, _ value: Bool) {
        self.key(key)
        add(literal: value ? "true" : "false")
    }

    mutating func add(_ key: StaticString, raw: UnsafeBufferPointer<UInt8>) {
        self.key(key)
        bytes(raw)
    }

    mutating func add(_ key: StaticString, objects: [JSONObject]) {
        self.key(key)
        byte(UInt8(ascii: "["))
        var all: [UInt8] = []
        for (i, object) in objects.enumerated() {
            if i > 0 { all.append(UInt8(ascii: ",")) }
            object.append(to: &all)
        }
        all.withUnsafeBufferPointer { bytes($0) }
        byte(UInt8(ascii: "]"))
    }

    mutating func add(fields: [UInt8]) {
        guard !fields.isEmpty else { return }
        if !opened { byte(UInt8(ascii: ",")) }
        opened = false
        fields.withUnsafeBufferPointer { bytes($0) }
    }

    private mutating func add(literal: StaticString) { literal.withUTF8Buffer { bytes($0) } }

    /// Decimal digits, as `String(value)` writes them.
    private mutating func integer(_ value: Int64) {
        // A sign and at most 19 digits.
        guard let base = buffer.baseAddress, buffer.count - count >= 20 else { return overflowed = true }
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var power: UInt64 = 10
        while digits < 19 && magnitude >= power {
            digits += 1
            power &*= 10
        }
        var p = base + count + digits
        repeat {
            p -= 1
            p.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count += digits
    }
}

/// `Double.description`'s bytes remembered by bit pattern, for one thread: a batch writes the
/// same heights again and again (one line height and its multiples), and `description` costs
/// about 600 instructions with its String.
final class NumberTexts {
    // 512 slots of 32 bytes (a description is at most 24), each with its key and length.
    private let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: 512)
    private let lengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
    private let texts = UnsafeMutablePointer<UInt8>.allocate(capacity: 512 * 32)

    init() { lengths.initialize(repeating: 0, count: 512) }  // 0: empty

    deinit {
        keys.deallocate()
        lengths.deallocate()
        texts.deallocate()
    }

    func withText(of value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let bits = value.bitPattern
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 55)  // the top 9 bits
        let text = texts + slot * 32
        if lengths[slot] == 0 || keys[slot] != bits {
            var description = value.description
            let stored = description.withUTF8 { utf8 -> Bool in
                guard let from = utf8.baseAddress, utf8.count <= 32 else { return false }
                text.update(from: from, count: utf8.count)
                lengths[slot] = UInt8(utf8.count)
                keys[slot] = bits
                return true
            }
            if !stored { return description.withUTF8(body) }
        }
        body(UnsafeBufferPointer(start: text, count: Int(lengths[slot])))
    }
}
