import Foundation

/// Where a `CanonicalEncodable` writes itself: exactly one value, straight into the output bytes.
///
/// ```swift
/// func writeCanonical(to writer: inout CanonicalWriter) throws {
///     switch self {
///     case .settings: try writer.sum("settings")                                   // {"case":"settings"}
///     case .inviteCode(let code): try writer.sum("inviteCode") { o in try o.member("prefilledCode", code) }
///     case .selected(let id): try writer.sum("selected", value: id)                // {"case":"selected","value":"…"}
///     }
/// }
/// ```
///
/// Mistakes are `CodingRefusal`s naming the coding path: keys out of order or written twice,
/// a second value, no value at all.
public struct CanonicalWriter {
    @usableFromInline
    enum Status { case empty, value, absent }

    let out: ByteSink
    @usableFromInline var status = Status.empty

    init(out: ByteSink) { self.out = out }

    // MARK: - Composite values

    /// An object: `body` writes its members in canonical key order.
    @inlinable
    public mutating func object(_ body: (inout CanonicalObjectWriter) throws -> Void) throws {
        var members = try beginObject()
        try body(&members)
        members.close()
    }

    /// An array of any writable elements; nil elements are written as `null`.
    @inlinable
    public mutating func array<S: Sequence>(_ elements: S) throws where S.Element: CanonicalWritable {
        try beginArray()
        var index = 0
        for element in elements {
            beginElement(index)
            do { try element.writeCanonical(to: &self) } catch { throw CanonicalWriter.located(error, at: index) }
            try endElement(index)
            index += 1
        }
        endArray()
    }

    /// A sum-type case without payload: `{"case":"name"}`.
    @inlinable
    public mutating func sum(_ name: StaticString) throws {
        try beginSum(name)
        endSum()
    }

    /// A case with labelled payload: `{"case":"name","value":{…}}` (no `value` when every label is nil).
    @inlinable
    public mutating func sum(_ name: StaticString, _ payload: (inout CanonicalObjectWriter) throws -> Void) throws {
        try beginSum(name)
        var members = beginSumPayloadObject()
        do { try payload(&members) } catch { throw CanonicalWriter.located(error, at: name) }
        members.closeSumPayload()
        endSum()
    }

    /// A case with one unlabelled payload: `{"case":"name","value":X}` (no `value` when X is nil).
    @inlinable
    public mutating func sum<V: CanonicalWritable>(_ name: StaticString, value: V) throws {
        try beginSum(name)
        let marker = beginSumPayloadValue()
        do { try value.writeCanonical(to: &self) } catch { throw CanonicalWriter.located(error, at: name) }
        try endSumPayloadValue(marker, name)
        endSum()
    }

    /// Any writable value in place, for types that wrap a single value.
    @inlinable
    public mutating func write<V: CanonicalWritable>(_ value: V) throws {
        try value.writeCanonical(to: &self)
    }

    // MARK: - Scalars (what the library's conformances call)

    /// One scalar, written by `write` as the Codable path writes it (`ScalarWriter`, `UUIDFormatting`, …).
    @inline(__always)
    mutating func writeScalar(_ write: (ByteSink) -> Void) throws {
        try claim()
        write(out)
    }

    /// Any fixed-width integer; above `Int64.max` refused, as in the Codable path.
    @inline(__always)
    mutating func writeInteger<I: FixedWidthInteger>(_ value: I) throws {
        guard let v = Int64(exactly: value) else {
            throw CodingRefusal(codingPath: "", message: "\(value) does not fit a 64-bit signed integer, the dialect's only number")
        }
        try writeScalar { ScalarWriter.appendInt(v, to: $0) }
    }

    /// A nil optional: the member is omitted, an array element becomes `null`.
    @usableFromInline
    mutating func writeAbsent() throws {
        try claim()
        status = .absent
    }

    /// Each writer holds one value.
    @usableFromInline
    mutating func claim() throws {
        guard status == .empty else {
            throw CodingRefusal(codingPath: "", message: "writeCanonical wrote a second value here: write exactly one (wrap several in `writer.object { … }`)")
        }
        status = .value
    }
}
