import Foundation

/// A dialect document validated and indexed in one pass, whose values decode straight from
/// its bytes (no `JSONValue` tree): the runner's request path. Reusable: its storage is kept
/// from one `read` to the next. Not thread-safe.
///
/// ```swift
/// let document = ByteDocument()
/// let count = try document.read(line) { root -> Int? in
///     guard let root, let state = document.member("state", of: root) else { return nil }
///     return try document.decode(Counter.State.self, from: state).count
/// }
/// ```
public final class ByteDocument {
    /// A value of the document being read; valid inside `read`'s body only.
    public struct Value {
        let index: Int
    }

    /// Kept behind a pointer: stored `var`s of a class pay a dynamic exclusivity check per access.
    struct Storage {
        var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var typeFacts = TypeFactsTable<DecodableTypeFacts>()
    }
    let storage: UnsafeMutablePointer<Storage>
    let tape: UnsafeMutablePointer<ByteScanner.Tape>

    public init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage())
        tape = .allocate(capacity: 1)
        tape.initialize(to: ByteScanner.Tape())
    }

    deinit {
        tape.pointee.deallocate()
        tape.deallocate()
        storage.pointee.typeFacts.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Validates and indexes `bytes`, then runs `body` with the root value — nil when the bytes
    /// are not valid dialect or take a shape left to the tree parser (a key with escapes): then
    /// `CanonicalJSON.parse` gives the value or the exact error.
    public func read<R>(_ bytes: [UInt8], _ body: (Value?) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { p in
            storage.pointee.bytes = p
            defer { storage.pointee.bytes = UnsafeBufferPointer(start: nil, count: 0) }
            var scanner = ByteScanner(p, into: tape)
            return try body(scanner.scanDocument() ? Value(index: 0) : nil)
        }
    }

    /// The member `key` of an object value; nil when absent or when `value` is not an object.
    public func member(_ key: String, of value: Value) -> Value? {
        let v = self[value.index]
        guard v.kind == .object else { return nil }
        return memberValue(named: key, first: v.first, count: v.count).map(Value.init(index:))
    }

    /// The string a value holds; nil for any other kind.
    public func string(_ value: Value) -> String? {
        self[value.index].kind == .string ? string(at: value.index) : nil
    }

    /// Decodes a value as `T`, with the same results and errors (`CodingRefusal`, coding path)
    /// as `CanonicalDecoder().decode(_:from: JSONValue)` on the value's tree.
    public func decode<T: Decodable>(_ type: T.Type, from value: Value) throws -> T {
        try ByteDecoder(document: self, index: value.index, parent: nil, component: nil).unbox(value.index, as: type, at: nil)
    }

    // MARK: - Values

    @inline(__always)
    subscript(index: Int) -> ScannedValue { tape.pointee.values[index] }

    @inline(__always)
    func member(at index: Int) -> ScannedMember { tape.pointee.members[index] }

    @inline(__always)
    func keyBytes(_ member: ScannedMember) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: storage.pointee.bytes[member.keyStart..<(member.keyStart + member.keyCount)])
    }

    func key(at index: Int) -> String { String(decoding: keyBytes(member(at: index)), as: UTF8.self) }

    /// Binary search of an object's members (sorted by key bytes) for `name`, looked up as the
    /// tree looks keys up (`ScalarOrder.normalized`); the value's tape index.
    func memberValue(named name: String, first: Int, count: Int) -> Int? {
        guard count > 0 else { return nil }
        var name = name.utf8.count == 36 ? ScalarOrder.normalized(name) : name
        return name.withUTF8 { key -> Int? in
            var low = first, high = first + count
            while low < high {
                let mid = (low + high) / 2
                let m = member(at: mid)
                let c = ScalarOrder.compare(keyBytes(m), key)
                if c == 0 { return m.value }
                if c < 0 { low = mid + 1 } else { high = mid }
            }
            return nil
        }
    }

    /// The bytes between a plain string's quotes.
    @inline(__always)
    func plainStringBytes(_ v: ScannedValue) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: storage.pointee.bytes[(v.start + 1)..<(v.end - 1)])
    }

    func string(at index: Int) -> String {
        let v = self[index]
        if !v.flag { return String(decoding: plainStringBytes(v), as: UTF8.self) }
        var lexer = Lexer(storage.pointee.bytes)
        lexer.pos = v.start
        // Already validated by the scan.
        guard let decoded = try? lexer.stringBytes() else { return "" }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The value as a tree, parsed from its bytes (for `JSONValue` members and the rare shapes
    /// the byte decoder hands to the tree decoder).
    func tree(at index: Int) -> JSONValue {
        let v = self[index]
        var parser = Parser(UnsafeBufferPointer(rebasing: storage.pointee.bytes[v.start..<v.end]))
        // Already validated by the scan.
        return (try? parser.parseDocument()) ?? .null
    }

    // MARK: - Per-type answers, asked once per type instead of once per value

    func unboxing<T>(_ type: T.Type) -> DecodableTypeFacts.Unboxing { storage.pointee.typeFacts.facts(type).unboxing }
    func isOptional<T>(_ type: T.Type) -> Bool { storage.pointee.typeFacts.facts(type).isOptional }
}

/// What `ByteDecoder` needs to know about each Decodable type it meets (kept in a `TypeFactsTable`).
struct DecodableTypeFacts: TypeFacts {
    /// How `ByteDecoder.unbox` reads a value of a type beyond `String`, `Int` and `Bool`.
    enum Unboxing { case uuid, date, jsonValue, jsonObject, int64, url, data, fraction, sumType, other }

    var unboxing: Unboxing
    /// An absent member decodes as nil for it.
    var isOptional: Bool

    init(_ type: Any.Type) {
        switch type {
        case is UUID.Type: unboxing = .uuid
        case is Date.Type: unboxing = .date
        case is JSONValue.Type: unboxing = .jsonValue
        case is JSONObject.Type: unboxing = .jsonObject
        case is Int64.Type: unboxing = .int64
        case is URL.Type: unboxing = .url
        case is Data.Type: unboxing = .data
        case is Double.Type, is Float.Type, is Decimal.Type: unboxing = .fraction
        case is any SumType.Type: unboxing = .sumType
        default: unboxing = .other
        }
        isOptional = type is any OptionalDecodingMarker.Type
    }
}

// MARK: - Values by path and as bytes (the spine's byte source)

extension ByteDocument {
    /// The value at `components` under `root`; nil when a component is missing or the value is `null`.
    func lookup(_ components: [String], from root: Value) -> Value? {
        var current = root
        for component in components {
            guard let next = member(component, of: current) else { return nil }
            current = next
        }
        return self[current.index].kind == .null ? nil : current
    }

    /// Where a value's bytes are in the document being read.
    func byteRange(of value: Value) -> Range<Int> {
        let scanned = self[value.index]
        return scanned.start..<scanned.end
    }

    /// A copy of a value's bytes as they stand in the document (valid inside `read`'s body only).
    public func bytes(of value: Value) -> [UInt8] {
        Array(UnsafeBufferPointer(rebasing: storage.pointee.bytes[byteRange(of: value)]))
    }

    /// A value as a tree, parsed from its bytes.
    public func tree(of value: Value) -> JSONValue { tree(at: value.index) }
}
