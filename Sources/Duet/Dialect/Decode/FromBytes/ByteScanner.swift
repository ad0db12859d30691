/// One value of a scanned document. Values sit in document order (a tape): a container is
/// followed by its contents, and `next` is the tape index just past its subtree.
struct ScannedValue {
    enum Kind: UInt8 { case null, bool, int, string, array, object }
    var kind: Kind
    /// A bool's value; for a string, whether it holds escapes (then it is decoded again from `start`).
    var flag = false
    /// Byte offsets: the value's first byte, and just past its last.
    var start: Int
    var end = 0
    var next = 0
    /// Elements of an array, members of an object.
    var count = 0
    /// An object's first member in the member table.
    var first = 0
    var integer: Int64 = 0
}

/// An object member: its key's bytes (plain, without quotes) and its value's tape index.
struct ScannedMember {
    var keyStart: Int
    var keyCount: Int
    var value: Int
}

/// Validates a document with the dialect's strict rules (the `Lexer`'s, and the `Parser`'s
/// structure, depth and duplicate-key rules) while recording a tape of its values and, per
/// object, its members sorted by key. No tree, no string is built.
///
/// Any failure only says "use the tree parser": invalid input, and the rare shapes the byte
/// path leaves to it (a key with escapes, an uppercase UUID-shaped key the tree normalizes).
/// The tree parser then produces the result or the exact error.
struct ByteScanner {
    private var lex: Lexer
    private let tape: UnsafeMutablePointer<Tape>

    /// Reusable storage for the tape and the member tables.
    struct Tape {
        var values = RawStack<ScannedValue>(capacity: 64)
        var members = RawStack<ScannedMember>(capacity: 64)
        /// Members of the objects still open, moved to `members` when their object closes.
        var pending = RawStack<ScannedMember>(capacity: 16)

        mutating func reset() {
            values.truncate(to: 0)
            members.truncate(to: 0)
            pending.truncate(to: 0)
        }

        func deallocate() {
            values.deallocate()
            members.deallocate()
            pending.deallocate()
        }
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, into tape: UnsafeMutablePointer<Tape>) {
        lex = Lexer(bytes)
        self.tape = tape
    }

    /// True when the whole input is valid and the tape describes it (the root is value 0).
    mutating func scanDocument() -> Bool {
        tape.pointee.reset()
        do throws(DialectError) {
            try lex.beginDocument()
            try scanValue()
            try lex.endDocument()
            return true
        } catch {
            return false
        }
    }

    /// The tree parser decides (it accepts what the byte path declines, or reports the error).
    private static let useTheTree = DialectError(line: 0, column: 0, message: "")

    private mutating func scanValue() throws(DialectError) {
        let start = lex.pos
        switch try lex.valueStart() {
        case .object: try scanObject()
        case .array: try scanArray()
        case .string:
            _ = try lex.stringBytes()
            append(ScannedValue(kind: .string, flag: !lex.lastStringWasPlain, start: start))
        case .integer:
            let value = try lex.integer()
            append(ScannedValue(kind: .int, start: start, integer: value))
        case .bool(let b): append(ScannedValue(kind: .bool, flag: b, start: start))
        case .null: append(ScannedValue(kind: .null, start: start))
        }
    }

    /// Appends a scalar (it ends where the lexer stands).
    @inline(__always)
    private mutating func append(_ value: ScannedValue) {
        var value = value
        value.end = lex.pos
        value.next = tape.pointee.values.count + 1
        tape.pointee.values.append(value)
    }

    private mutating func scanArray() throws(DialectError) {
        let index = tape.pointee.values.count
        tape.pointee.values.append(ScannedValue(kind: .array, start: lex.pos))
        var count = 0
        if try !lex.openArray() {
            repeat {
                try lex.beginElement()
                try scanValue()
                count += 1
            } while try lex.nextElement()
        }
        close(index, count: count, first: 0)
    }

    private mutating func scanObject() throws(DialectError) {
        let index = tape.pointee.values.count
        tape.pointee.values.append(ScannedValue(kind: .object, start: lex.pos))
        if try lex.openObject() {
            close(index, count: 0, first: tape.pointee.members.count)
            return
        }
        let base = tape.pointee.pending.count
        var sorted = true
        repeat {
            let keyStart = try lex.beginMember() + 1
            let key = try lex.stringBytes()
            guard lex.lastStringWasPlain, !Self.isUppercaseUUID(key) else { throw Self.useTheTree }
            if sorted && tape.pointee.pending.count > base {
                let previous = tape.pointee.pending[tape.pointee.pending.count - 1]
                let c = ScalarOrder.compare(keyBytes(previous), key)
                if c == 0 { throw Self.useTheTree }
                if c > 0 { sorted = false }
            }
            try lex.keyValueSeparator()
            let value = tape.pointee.values.count
            try scanValue()
            tape.pointee.pending.append(ScannedMember(keyStart: keyStart, keyCount: key.count, value: value))
        } while try lex.nextMember()
        let count = tape.pointee.pending.count - base
        var open = UnsafeMutableBufferPointer(start: tape.pointee.pending.base + base, count: count)
        if !sorted {
            open.sort { ScalarOrder.compare(keyBytes($0), keyBytes($1)) < 0 }
            for i in 1..<count where ScalarOrder.compare(keyBytes(open[i - 1]), keyBytes(open[i])) == 0 { throw Self.useTheTree }
        }
        let first = tape.pointee.members.count
        for member in open { tape.pointee.members.append(member) }
        tape.pointee.pending.truncate(to: base)
        close(index, count: count, first: first)
    }

    private mutating func close(_ index: Int, count: Int, first: Int) {
        tape.pointee.values[index].end = lex.pos
        tape.pointee.values[index].next = tape.pointee.values.count
        tape.pointee.values[index].count = count
        tape.pointee.values[index].first = first
    }

    @inline(__always)
    private func keyBytes(_ member: ScannedMember) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: lex.p[member.keyStart..<(member.keyStart + member.keyCount)])
    }

    /// The tree stores such keys lowercased (`ScalarOrder.normalized`).
    @inline(__always)
    private static func isUppercaseUUID(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        key.count == 36 && UUIDText.isShaped(key) && key.contains { $0 >= 0x41 && $0 <= 0x46 }
    }
}
