/// The members of one object written by `CanonicalWriter.object` or a sum-type payload.
/// Keys come in canonical order, by UTF-8 bytes (`"id" < "initials" < "isVerified"`, `"Z" < "a"`);
/// a key out of order or written twice is a `CodingRefusal`, checked on every write.
///
/// ```swift
/// try writer.object { o in
///     try o.member("banner", banner)                // nil: omitted
///     try o.member("memories", memories)            // arrays of any writable element
///     try o.member("legacy", codable: legacyValue)  // a Codable-only value, through the Codable path
/// }
/// ```
public struct CanonicalObjectWriter {
    @usableFromInline var writer: CanonicalWriter
    private var previousKey: StaticString = ""
    /// Keys given so far, omitted ones included (they still have to come in order).
    private var keys = 0
    /// Members actually in the output (for commas).
    private var count = 0
    private var memberStart = 0
    /// For a sum payload: where `,"value":{` starts, to cut it when no member was written.
    private let payloadMarker: Int

    init(out: ByteSink, payloadMarker: Int = -1) {
        writer = CanonicalWriter(out: out)
        self.payloadMarker = payloadMarker
    }

    /// One member; a nil `Optional` is omitted.
    @inlinable
    public mutating func member<V: CanonicalWritable>(_ key: StaticString, _ value: V) throws {
        try beginMember(key)
        do { try value.writeCanonical(to: &writer) } catch { throw CanonicalWriter.located(error, at: key) }
        try endMember(key)
    }

    /// One member whose type is only `Encodable`, written through the Codable path.
    public mutating func member<V: Encodable>(_ key: StaticString, codable value: V) throws {
        try beginMember(key)
        do { try writer.writeCodable(value) } catch { throw CanonicalWriter.located(error, at: key) }
        try endMember(key)
    }

    @available(*, unavailable, message: "Double is not part of the dialect (integers only): store minor units as an integer, or a string")
    public mutating func member(_ key: StaticString, _ value: Double) throws {}

    @available(*, unavailable, message: "Float is not part of the dialect (integers only): store minor units as an integer, or a string")
    public mutating func member(_ key: StaticString, _ value: Float) throws {}

    // MARK: - Internals the inlined `member` calls

    @usableFromInline
    mutating func beginMember(_ key: StaticString) throws {
        if keys > 0 {
            let order = Self.compare(previousKey, key)
            if order >= 0 {
                let message = order == 0
                    ? "key \"\(key)\" written twice: write each member once"
                    : "key \"\(key)\" written after \"\(previousKey)\": write members in canonical key order (by UTF-8 bytes)"
                throw CodingRefusal(codingPath: key.description, message: message)
            }
        }
        previousKey = key
        keys += 1
        let out = writer.out
        memberStart = out.count
        if count > 0 { out.append(UInt8(ascii: ",")) }
        key.withUTF8Buffer { ScalarWriter.appendString(bytes: $0, to: out) }
        out.append(UInt8(ascii: ":"))
        writer.status = .empty
    }

    @usableFromInline
    mutating func endMember(_ key: StaticString) throws {
        switch writer.status {
        case .value: count += 1
        case .absent: writer.out.truncate(to: memberStart)
        case .empty: throw CodingRefusal(codingPath: key.description, message: CanonicalWriter.wroteNothing)
        }
    }

    @usableFromInline
    func close() {
        writer.out.append(UInt8(ascii: "}"))
    }

    /// `{}` as a sum payload means "no payload": the `value` member goes.
    @usableFromInline
    func closeSumPayload() {
        if count == 0 {
            writer.out.truncate(to: payloadMarker)
        } else {
            writer.out.append(UInt8(ascii: "}"))
        }
    }

    private static func compare(_ a: StaticString, _ b: StaticString) -> Int {
        if a.hasPointerRepresentation && b.hasPointerRepresentation {
            return ScalarOrder.compare(UnsafeBufferPointer(start: a.utf8Start, count: a.utf8CodeUnitCount),
                                       UnsafeBufferPointer(start: b.utf8Start, count: b.utf8CodeUnitCount))
        }
        return a.withUTF8Buffer { pa in b.withUTF8Buffer { pb in ScalarOrder.compare(pa, pb) } }
    }
}
