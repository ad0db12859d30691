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
        /// The `CodingKey` type whose container writes here (its metadata address; 0: any, or an array).
        var keyType: UInt = 0
        /// That key type's written names (`KeyedTypePlan`), nil when they are not kept.
        var names: UnsafeMutablePointer<KeyName>?
        var keyWidth = 0
        /// A member or element is being encoded: its key starts at `memberStart`, or it is
        /// element `count - 1`. The coding path is read from these, only when asked for.
        var inProgress = false
        var memberStart = 0
    }

    /// An object member in the output: key from `start` (its quote) to `keyEnd`, value to `end`.
    /// `name`: the key's entry among its key type's names, for its rank (read when compared:
    /// ranks shift as a type's names are learned), nil when names are not kept.
    struct Span { var start: Int, keyEnd: Int, end: Int, name: UnsafeMutablePointer<KeyName>? }

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
        /// Plans made past the plan table's capacity, released at `reset`.
        var unkeptPlans: [KeyedTypePlan] = []
    }

    let out = ByteSink(capacity: 1024)
    let reorderScratch = ByteSink(capacity: 256)
    // Kept behind pointers: stored `var`s of a class pay a dynamic exclusivity check per access.
    private let stateStorage: UnsafeMutablePointer<State>
    private let framesStorage: UnsafeMutablePointer<RawStack<Frame>>
    private let spansStorage: UnsafeMutablePointer<RawStack<Span>>
    /// Per-type answers (writes itself? a `SumType`?), kept across pooled uses.
    private let typeFacts: UnsafeMutablePointer<TypeFactsTable<EncodableTypeFacts>>
    /// Per `CodingKey` type: its container and written key names, made once (`KeyedTypePlan`).
    let keyedPlans: UnsafeMutablePointer<TypeFactsTable<KeyedTypePlan>>
    /// The written key names the plans point into.
    let keyNames = ByteSink(capacity: 512)

    init() {
        stateStorage = .allocate(capacity: 1)
        stateStorage.initialize(to: State())
        framesStorage = .allocate(capacity: 1)
        framesStorage.initialize(to: RawStack(capacity: 16))
        spansStorage = .allocate(capacity: 1)
        spansStorage.initialize(to: RawStack(capacity: 64))
        typeFacts = .allocate(capacity: 1)
        typeFacts.initialize(to: TypeFactsTable())
        keyedPlans = .allocate(capacity: 1)
        keyedPlans.initialize(to: TypeFactsTable())
    }

    deinit {
        stateStorage.deinitialize(count: 1)
        stateStorage.deallocate()
        framesStorage.pointee.deallocate()
        framesStorage.deallocate()
        spansStorage.pointee.deallocate()
        spansStorage.deallocate()
        typeFacts.pointee.deallocate()
        typeFacts.deallocate()
        keyedPlans.pointee.forEachValue { $0.deallocate() }
        keyedPlans.pointee.deallocate()
        keyedPlans.deallocate()
    }

    /// Back to a fresh encoder's state, keeping the buffers (for `ByteEncoderPool`).
    func reset() {
        releaseUnkeptPlans()
        state = State()
        frames.truncate(to: 0)
        spans.truncate(to: 0)
        out.truncate(to: 0)
        reorderScratch.truncate(to: 0)
    }

    /// Output capacity kept, so a pool does not hold on to one huge document's buffer.
    var retainedBytes: Int { out.capacity + reorderScratch.capacity + keyNames.capacity }

    /// The encoder's scalar state, addressed in place.
    var state: State {
        unsafeAddress { UnsafePointer(stateStorage) }
        unsafeMutableAddress { stateStorage }
    }
    var frames: RawStack<Frame> {
        unsafeAddress { UnsafePointer(framesStorage) }
        unsafeMutableAddress { framesStorage }
    }
    var spans: RawStack<Span> {
        unsafeAddress { UnsafePointer(spansStorage) }
        unsafeMutableAddress { spansStorage }
    }
    var codingPath: [CodingKey] { path.map { DialectCodingKey($0) } }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The canonical bytes, or nil when the value must go through the tree encoder.
    /// `usesCanonicalEncodable: false` ignores `CanonicalEncodable` conformances (pure `Codable`).
    func encodeDocument<T: Encodable>(_ value: T, usesCanonicalEncodable: Bool = true) throws -> [UInt8]? {
        state.usesCanonicalEncodable = usesCanonicalEncodable
        do {
            let produced = try encodeValue(value)
            if state.needsTree { return nil }
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
            if !state.needsTree {
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
    func encodeValue<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == String.self { ScalarWriter.appendString(reinterpret(value, as: String.self), to: out); return true }
        if T.self == Int.self { ScalarWriter.appendInt(Int64(reinterpret(value, as: Int.self)), to: out); return true }
        if T.self == Bool.self { out.append(reinterpret(value, as: Bool.self) ? "true" : "false"); return true }
        let facts = typeFacts.pointee.facts(T.self)
        if facts.scalar != .none { try writeScalar(value, facts.scalar); return true }
        if let writable = facts.writable, state.usesCanonicalEncodable {
            return try writeItself(value, as: writable)
        }
        let savedSlot = state.slot, savedDepth = state.slotDepth
        state.slot = .nothing
        state.slotDepth = frames.count
        state.pendingSum = facts.isSumType
        try value.encode(to: self)
        state.pendingSum = false
        closeFrames(downTo: state.slotDepth)
        let produced = state.slot == .value
        state.slot = savedSlot
        state.slotDepth = savedDepth
        return produced
    }

    /// Types whose own `Codable` is not the dialect's (`T` is the type `scalar` names).
    private func writeScalar<T: Encodable>(_ value: T, _ scalar: EncodableTypeFacts.Scalar) throws {
        switch scalar {
        case .uuid: UUIDText.append(reinterpret(value, as: UUID.self), to: out)
        case .date: DateCoding.append(reinterpret(value, as: Date.self), to: out)
        case .int64: ScalarWriter.appendInt(reinterpret(value, as: Int64.self), to: out)
        case .jsonValue: CompactWriter(into: out).write(reinterpret(value, as: JSONValue.self))
        case .jsonObject: CompactWriter(into: out).write(.object(reinterpret(value, as: JSONObject.self)))
        case .url: ScalarWriter.appendString(reinterpret(value, as: URL.self).absoluteString, to: out)
        case .data: ScalarWriter.appendString(reinterpret(value, as: Data.self).base64EncodedString(), to: out)
        case .fraction:
            throw refusal(at: nil, "\(T.self) is not part of the dialect (integers only): store minor units as an integer, or a string")
        case .none: break
        }
    }

    /// A `CanonicalEncodable` value writes itself at the end of the output, bypassing `Codable`.
    private func writeItself<T, W: CanonicalWritable>(_ value: T, as type: W.Type) throws -> Bool {
        var writer = CanonicalWriter(out: out)
        do {
            try reinterpret(value, as: W.self).writeCanonical(to: &writer)
        } catch let refusal as CodingRefusal {
            throw refusal.prefixed(with: path)
        }
        switch writer.status {
        case .value: return true
        case .absent: return false
        case .empty: throw refusal(at: nil, CanonicalWriter.wroteNothing)
        }
    }

    /// `value` as `U`, where the caller checked that `T` is `U` (no dynamic cast).
    @inline(__always)
    private func reinterpret<T, U>(_ value: T, as type: U.Type) -> U { unsafeBitCast(value, to: U.self) }

    func refusal(at component: PathComponent?, _ message: String) -> CodingRefusal {
        var all = path
        if let component { all.append(component) }
        return CodingRefusal(codingPath: DialectEncoder.render(all), message: message)
    }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let plan = keyedPlan(Key.self)
        // A second request for the same value's keyed container (a subclass after its superclass) shares it.
        if state.slot == .value, frames.count == state.slotDepth + 1, frames[state.slotDepth].kind == .object {
            if frames[state.slotDepth].keyType != KeyedTypePlan.id(Key.self) {
                frames[state.slotDepth].keyType = 0
                frames[state.slotDepth].names = nil
            }
            return plan.container(Key.self)
        }
        if state.slot != .nothing || frames.count != state.slotDepth { state.needsTree = true }
        let kind: FrameKind = state.pendingSum ? .sumOuter : .object
        state.pendingSum = false
        out.append(UInt8(ascii: "{"))
        push(Frame(kind: kind, id: 0, open: out.count - 1, spanBase: spans.count,
                   keyType: KeyedTypePlan.id(Key.self), names: plan.names, keyWidth: plan.keyWidth))
        state.slot = .value
        return plan.container(Key.self)
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if state.slot != .nothing || frames.count != state.slotDepth { state.needsTree = true }
        state.pendingSum = false
        out.append(UInt8(ascii: "["))
        let id = push(Frame(kind: .array, id: 0, open: out.count - 1, spanBase: spans.count))
        state.slot = .value
        return ByteUnkeyedEncoder(encoder: self, depth: frames.count - 1, id: id)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        state.pendingSum = false
        return ByteSingleValueEncoder(encoder: self, depth: frames.count)
    }

    @discardableResult
    func push(_ frame: Frame) -> Int {
        var frame = frame
        state.nextFrameID += 1
        frame.id = state.nextFrameID
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
