/// The brackets and bookkeeping behind `CanonicalWriter`'s inlined composite writes.
extension CanonicalWriter {
    @usableFromInline
    static let wroteNothing = "writeCanonical wrote no value here: write exactly one (a nil Optional counts as one)"

    @usableFromInline
    mutating func beginObject() throws -> CanonicalObjectWriter {
        try claim()
        out.append(UInt8(ascii: "{"))
        return CanonicalObjectWriter(out: out)
    }

    @usableFromInline
    mutating func beginArray() throws {
        try claim()
        out.append(UInt8(ascii: "["))
    }

    /// Elements reuse this writer's status, one at a time.
    @usableFromInline
    mutating func beginElement(_ index: Int) {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        status = .empty
    }

    @usableFromInline
    mutating func endElement(_ index: Int) throws {
        switch status {
        case .value: break
        case .absent: out.append("null")
        case .empty: throw CodingRefusal(codingPath: "[\(index)]", message: Self.wroteNothing)
        }
    }

    @usableFromInline
    mutating func endArray() {
        out.append(UInt8(ascii: "]"))
        status = .value
    }

    @usableFromInline
    mutating func beginSum(_ name: StaticString) throws {
        try claim()
        out.append("{\"case\":")
        name.withUTF8Buffer { ScalarWriter.appendString(bytes: $0, to: out) }
    }

    @usableFromInline
    func beginSumPayloadObject() -> CanonicalObjectWriter {
        let marker = out.count
        out.append(",\"value\":{")
        return CanonicalObjectWriter(out: out, payloadMarker: marker)
    }

    @usableFromInline
    mutating func beginSumPayloadValue() -> Int {
        let marker = out.count
        out.append(",\"value\":")
        status = .empty
        return marker
    }

    @usableFromInline
    mutating func endSumPayloadValue(_ marker: Int, _ name: StaticString) throws {
        switch status {
        case .value: break
        case .absent: out.truncate(to: marker)
        case .empty: throw CodingRefusal(codingPath: name.description, message: Self.wroteNothing)
        }
    }

    @usableFromInline
    mutating func endSum() {
        out.append(UInt8(ascii: "}"))
        status = .value
    }

    /// A Codable-only value, through the one-pass Codable encoder (or its tree fallback).
    mutating func writeCodable<T: Encodable>(_ value: T) throws {
        try claim()
        let encoder = ByteEncoderPool.shared.take()
        defer { ByteEncoderPool.shared.give(encoder) }
        if try !encoder.appendFragment(value, to: out) { status = .absent }
    }

    // MARK: - Coding paths

    /// `error` seen from one level up: a refusal's path gains `key` in front.
    @usableFromInline
    static func located(_ error: Error, at key: StaticString) -> Error {
        guard let refusal = error as? CodingRefusal else { return error }
        return refusal.prefixed(with: .key(key.description))
    }

    @usableFromInline
    static func located(_ error: Error, at index: Int) -> Error {
        guard let refusal = error as? CodingRefusal else { return error }
        return refusal.prefixed(with: .index(index))
    }
}

extension CodingRefusal {
    /// The same refusal one level further from the root (`author.id` → `memories[2].author.id`).
    func prefixed(with component: PathComponent) -> CodingRefusal {
        var copy = self
        let head: String
        switch component {
        case .key(let k): head = k
        case .index(let i): head = "[\(i)]"
        }
        if codingPath.isEmpty {
            copy.codingPath = head
        } else if codingPath.hasPrefix("[") {
            copy.codingPath = head + codingPath
        } else {
            copy.codingPath = head + "." + codingPath
        }
        return copy
    }

    func prefixed(with components: [PathComponent]) -> CodingRefusal {
        components.reversed().reduce(self) { $0.prefixed(with: $1) }
    }
}
