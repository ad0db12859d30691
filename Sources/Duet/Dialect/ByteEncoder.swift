import Foundation

/// The single-pass encoder behind `CanonicalEncoder.canonicalBytes`: Codable values are
/// written straight into one byte buffer, each object's members reordered in place when
/// they arrive out of key order; `CanonicalEncodable` values are handed a `CanonicalWriter`
/// over the same buffer instead. Shapes it does not handle in one pass (nested containers
/// outside sum types, super encoders, keys needing escapes, a key written twice) make it
/// give up, and the caller encodes through the value tree instead.
final class ByteEncoder: Encoder {
    /// Thrown (and caught by `CanonicalEncoder`) to switch to the tree encoder.
    struct NeedsTree: Error {}

    enum FrameKind { case object, array, sumOuter, sumPayload }

    struct Frame {
        var kind: FrameKind
        var id: Int
        /// Output offset of the opening bracket.
        var open: Int
        var spanBase: Int
        var count = 0
        var sorted = true
        /// For a sum payload: where `,"value":` starts, to cut it when the case has no payload.
        var valueMarker = 0
    }

    /// An object member in the output: key from `start` (its quote) to `keyEnd`, value to `end`.
    struct Span { var start: Int, keyEnd: Int, end: Int }

    enum Slot { case nothing, nilValue, value }

    struct State {
        var nextFrameID = 0
        /// What the value being encoded has produced, and the frame depth it started at.
        var slot = Slot.nothing
        var slotDepth = 0
        /// The next keyed container belongs to a `SumType`.
        var pendingSum = false
        /// Set where a non-throwing Codable entry point met a shape this encoder does not handle.
        var needsTree = false
        /// False: `CanonicalEncodable` conformances are ignored and everything goes through `Codable`.
        var usesCanonicalEncodable = true
    }

    let out = ByteSink(capacity: 1024)
    let reorderScratch = ByteSink(capacity: 256)
    // Kept behind pointers: stored `var`s of a class pay a dynamic exclusivity check per access.
    private let state: UnsafeMutablePointer<State>
    private let pathStorage: UnsafeMutablePointer<[PathComponent]>
    private let framesStorage: UnsafeMutablePointer<RawStack<Frame>>
    private let spansStorage: UnsafeMutablePointer<RawStack<Span>>
    /// Per-type answers (writes itself? a `SumType`?), kept across pooled uses.
    private let typeFacts: UnsafeMutablePointer<TypeFactsTable<EncodableTypeFacts>>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        pathStorage = .allocate(capacity: 1)
        pathStorage.initialize(to: [])
        pathStorage.pointee.reserveCapacity(16)
        framesStorage = .allocate(capacity: 1)
        framesStorage.initialize(to: RawStack(capacity: 16))
        spansStorage = .allocate(capacity: 1)
        spansStorage.initialize(to: RawStack(capacity: 64))
        typeFacts = .allocate(capacity: 1)
        typeFacts.initialize(to: TypeFactsTable())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        pathStorage.deinitialize(count: 1)
        pathStorage.deallocate()
        framesStorage.pointee.deallocate()
        framesStorage.deallocate()
        spansStorage.pointee.deallocate()
        spansStorage.deallocate()
        typeFacts.pointee.deallocate()
        typeFacts.deallocate()
    }

    /// Back to a fresh encoder's state, keeping the buffers (for `ByteEncoderPool`).
    func reset() {
        state.pointee = State()
        path.removeAll(keepingCapacity: true)
        frames.truncate(to: 0)
        spans.truncate(to: 0)
        out.truncate(to: 0)
        reorderScratch.truncate(to: 0)
    }

    /// Output capacity kept, so a pool does not hold on to one huge document's buffer.
    var retainedBytes: Int { out.capacity + reorderScratch.capacity }

    var path: [PathComponent] {
        unsafeAddress { UnsafePointer(pathStorage) }
        unsafeMutableAddress { pathStorage }
    }
    var frames: RawStack<Frame> {
        unsafeAddress { UnsafePointer(framesStorage) }
        unsafeMutableAddress { framesStorage }
    }
    var spans: RawStack<Span> {
        unsafeAddress { UnsafePointer(spansStorage) }
        unsafeMutableAddress { spansStorage }
    }
    var nextFrameID: Int {
        get { state.pointee.nextFrameID }
        set { state.pointee.nextFrameID = newValue }
    }
    var slot: Slot {
        get { state.pointee.slot }
        set { state.pointee.slot = newValue }
    }
    var slotDepth: Int {
        get { state.pointee.slotDepth }
        set { state.pointee.slotDepth = newValue }
    }
    var pendingSum: Bool {
        get { state.pointee.pendingSum }
        set { state.pointee.pendingSum = newValue }
    }
    var needsTree: Bool {
        get { state.pointee.needsTree }
        set { state.pointee.needsTree = newValue }
    }
    var usesCanonicalEncodable: Bool {
        get { state.pointee.usesCanonicalEncodable }
        set { state.pointee.usesCanonicalEncodable = newValue }
    }

    var codingPath: [CodingKey] { path.map { DialectCodingKey($0) } }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The canonical bytes, or nil when the value must go through the tree encoder.
    /// `usesCanonicalEncodable: false` ignores `CanonicalEncodable` conformances (pure `Codable`).
    func encodeDocument<T: Encodable>(_ value: T, usesCanonicalEncodable: Bool = true) throws -> [UInt8]? {
        self.usesCanonicalEncodable = usesCanonicalEncodable
        do {
            let produced = try encodeValue(value)
            if needsTree { return nil }
            if !produced { out.append("null") }
            return out.bytes()
        } catch is NeedsTree {
            return nil
        }
    }

    /// Appends the value's canonical bytes to `sink`; false when it encoded nothing or nil.
    func appendFragment<T: Encodable>(_ value: T, to sink: ByteSink) throws -> Bool {
        do {
            let produced = try encodeValue(value)
            if !needsTree {
                sink.append(out.view(0..<out.count))
                return produced
            }
        } catch is NeedsTree {}
        guard let tree = try DialectEncoder(parent: nil, component: nil).box(value, at: nil) else { return false }
        CompactWriter(into: sink).write(tree)
        return true
    }

    // MARK: - Values

    /// Writes one value at the end of the output; false when it produced nothing or nil.
    /// `component` (the member key or element index) is on the coding path while it encodes.
    func encodeValue<T: Encodable>(_ value: T, at component: PathComponent? = nil) throws -> Bool {
        if try writePrimitive(value, at: component) { return true }
        let facts = typeFacts.pointee.facts(T.self)
        if let writable = facts.writable, usesCanonicalEncodable {
            return try writeItself(value, as: writable, at: component)
        }
        if let component { path.append(component) }
        defer { if component != nil { path.removeLast() } }
        let savedSlot = slot, savedDepth = slotDepth
        slot = .nothing
        slotDepth = frames.count
        pendingSum = facts.isSumType
        try value.encode(to: self)
        pendingSum = false
        closeFrames(downTo: slotDepth)
        let produced = slot == .value
        slot = savedSlot
        slotDepth = savedDepth
        return produced
    }

    /// Types whose own `Codable` is not the dialect's, and the common scalars.
    @inline(__always)
    func writePrimitive<T: Encodable>(_ value: T, at component: PathComponent?) throws -> Bool {
        if T.self == String.self { ScalarWriter.appendString(reinterpret(value, as: String.self), to: out); return true }
        if T.self == Int.self { ScalarWriter.appendInt(Int64(reinterpret(value, as: Int.self)), to: out); return true }
        if T.self == Bool.self { out.append(reinterpret(value, as: Bool.self) ? "true" : "false"); return true }
        if T.self == UUID.self { UUIDFormatting.append(reinterpret(value, as: UUID.self), to: out); return true }
        if T.self == Date.self { DateCoding.append(reinterpret(value, as: Date.self), to: out); return true }
        if T.self == Int64.self { ScalarWriter.appendInt(reinterpret(value, as: Int64.self), to: out); return true }
        if T.self == JSONValue.self { CompactWriter(into: out).write(reinterpret(value, as: JSONValue.self)); return true }
        if T.self == JSONObject.self { CompactWriter(into: out).write(.object(reinterpret(value, as: JSONObject.self))); return true }
        if T.self == URL.self { ScalarWriter.appendString(reinterpret(value, as: URL.self).absoluteString, to: out); return true }
        if T.self == Data.self { ScalarWriter.appendString(reinterpret(value, as: Data.self).base64EncodedString(), to: out); return true }
        if T.self == Double.self || T.self == Float.self || T.self == Decimal.self {
            throw refusal(at: component, "\(T.self) is not part of the dialect (integers only): store minor units as an integer, or a string")
        }
        return false
    }

    /// A `CanonicalEncodable` value writes itself at the end of the output, bypassing `Codable`.
    private func writeItself<T, W: CanonicalWritable>(_ value: T, as type: W.Type, at component: PathComponent?) throws -> Bool {
        var writer = CanonicalWriter(out: out)
        do {
            try reinterpret(value, as: W.self).writeCanonical(to: &writer)
        } catch let refusal as CodingRefusal {
            var prefix = path
            if let component { prefix.append(component) }
            throw refusal.prefixed(with: prefix)
        }
        switch writer.status {
        case .value: return true
        case .absent: return false
        case .empty: throw refusal(at: component, CanonicalWriter.wroteNothing)
        }
    }

    /// `value` as `U`, where the caller checked that `T` is `U` (no dynamic cast).
    @inline(__always)
    private func reinterpret<T, U>(_ value: T, as type: U.Type) -> U {
        withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: U.self) }
    }

    func refusal(at component: PathComponent?, _ message: String) -> CodingRefusal {
        var all = path
        if let component { all.append(component) }
        return CodingRefusal(codingPath: DialectEncoder.render(all), message: message)
    }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // A second request for the same value's keyed container (a subclass after its superclass) shares it.
        if slot == .value, frames.count == slotDepth + 1, frames[slotDepth].kind == .object {
            return KeyedEncodingContainer(ByteKeyedEncoder<Key>(encoder: self, depth: slotDepth, id: frames[slotDepth].id))
        }
        if slot != .nothing || frames.count != slotDepth { needsTree = true }
        let kind: FrameKind = pendingSum ? .sumOuter : .object
        pendingSum = false
        out.append(UInt8(ascii: "{"))
        let id = push(Frame(kind: kind, id: 0, open: out.count - 1, spanBase: spans.count))
        slot = .value
        return KeyedEncodingContainer(ByteKeyedEncoder<Key>(encoder: self, depth: frames.count - 1, id: id))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if slot != .nothing || frames.count != slotDepth { needsTree = true }
        pendingSum = false
        out.append(UInt8(ascii: "["))
        let id = push(Frame(kind: .array, id: 0, open: out.count - 1, spanBase: spans.count))
        slot = .value
        return ByteUnkeyedEncoder(encoder: self, depth: frames.count - 1, id: id)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        pendingSum = false
        return ByteSingleValueEncoder(encoder: self, depth: frames.count)
    }

    private func push(_ frame: Frame) -> Int {
        var frame = frame
        nextFrameID += 1
        frame.id = nextFrameID
        frames.append(frame)
        return frame.id
    }

    /// Makes the frame at `depth` the one being written: frames above it are finished.
    @inline(__always)
    func activate(_ depth: Int, _ id: Int) throws {
        guard depth >= 0 else { throw NeedsTree() }
        if frames.count - 1 > depth { closeFrames(downTo: depth + 1) }
        guard frames.count - 1 == depth, frames[depth].id == id else { throw NeedsTree() }
    }
}
