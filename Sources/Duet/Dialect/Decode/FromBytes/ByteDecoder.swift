import Foundation

/// The `Decoder` over a `ByteDocument`: the byte twin of `DialectDecoder`. Same unboxing rules,
/// same coding paths, same messages; values are read from the tape and the input bytes.
final class ByteDecoder: DialectDecoding {
    let document: ByteDocument
    /// The value's tape index; -1 for a sum type's payload that is not an object of its own.
    let index: Int
    let parent: PathNode?
    let component: PathComponent?
    /// Set when this decoder presents a sum type to its synthesized `init(from:)`.
    var sum: SumPresentation?

    init(document: ByteDocument, index: Int, parent: PathNode?, component: PathComponent?) {
        self.document = document
        self.index = index
        self.parent = parent
        self.component = component
    }

    var parentNode: PathNode? { parent }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let sum { return KeyedDecodingContainer(ByteSumContainer<Key>(decoder: self, sum: sum)) }
        let v = document[index]
        guard v.kind == .object else { throw mismatch("an object", index, at: nil) }
        return KeyedDecodingContainer(ByteKeyedContainer<Key>(decoder: self, first: v.first, count: v.count))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        if sum != nil { return try presentedTree().unkeyedContainer() }
        let v = document[index]
        guard v.kind == .array else { throw mismatch("an array", index, at: nil) }
        return DialectUnkeyedContainer(decoder: self, elements: elements(of: index))
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        if sum != nil { return try presentedTree().singleValueContainer() }
        return DialectSingleValueContainer(decoder: self)
    }

    /// The tree decoder standing where this sum decoder stands, for the calls that synthesized
    /// sum-type code never makes (custom `init(from:)`s get exactly the tree's answers).
    func presentedTree() throws -> DialectDecoder {
        switch SumTypeCoding.present(document.tree(at: index)) {
        case .failure(let e): throw refusal(at: nil, e.message)
        case .success(let presentation):
            let tree = DialectDecoder(value: presentation.synthesized, parent: parent, component: component)
            tree.wholePayload = presentation.wholePayload
            return tree
        }
    }

    /// A tree decoder for an absent member: Optionals and nil-accepting wrappers decode from null.
    func nullDecoder() -> DialectDecoder { DialectDecoder(value: .null, parent: self, component: nil) }

    // MARK: - Unboxing

    func unbox<T: Decodable>(_ index: Int, as type: T.Type, at component: PathComponent?) throws -> T {
        if T.self == String.self { return try string(index, at: component) as! T }
        if T.self == Int.self { return try integer(index, Int.self, at: component) as! T }
        if T.self == Bool.self { return try bool(index, at: component) as! T }
        switch document.unboxing(T.self) {
        case .uuid: return try uuid(index, at: component) as! T
        case .date: return try date(index, at: component) as! T
        case .jsonValue: return document.tree(at: index) as! T
        case .jsonObject:
            guard document[index].kind == .object, case .object(let o) = document.tree(at: index) else {
                throw mismatch("an object", index, at: component)
            }
            return o as! T
        case .int64: return try integer(index, Int64.self, at: component) as! T
        case .url: return try url(index, at: component) as! T
        case .data: return try data(index, at: component) as! T
        case .fraction:
            throw refusal(at: component, "\(T.self) is not part of the dialect (integers only)")
        case .sumType:
            let sub = child(index, at: component)
            switch SumPresentation.of(index, in: document) {
            case .failure(let e): throw refusal(at: component, e.message)
            case .success(let presentation): sub.sum = presentation
            }
            return try T(from: sub)
        case .other:
            return try T(from: child(index, at: component))
        }
    }

    // MARK: - Reading values

    var currentValue: Int { index }
    func kind(of value: Int) -> ScannedValue.Kind { document[value].kind }
    func stringValue(_ value: Int) -> String { document.string(at: value) }
    func boolValue(_ value: Int) -> Bool { document[value].flag }
    func intValue(_ value: Int) -> Int64 { document[value].integer }
    func elements(of array: Int) -> TapeElements { TapeElements(document: document, count: document[array].count, cursor: array + 1) }
    func child(_ value: Int, at component: PathComponent?) -> ByteDecoder {
        ByteDecoder(document: document, index: value, parent: self, component: component)
    }

    /// Plain strings are parsed in place; others as the tree decoder parses them.
    private func uuid(_ index: Int, at component: PathComponent?) throws -> UUID {
        let v = document[index]
        if v.kind == .string && !v.flag, let uuid = UUIDText.parse(bytes: document.plainStringBytes(v)) { return uuid }
        return try uuid(fromString: index, at: component)
    }

    private func date(_ index: Int, at component: PathComponent?) throws -> Date {
        let v = document[index]
        if v.kind == .string && !v.flag, let date = DateCoding.parse(bytes: document.plainStringBytes(v)) { return date }
        return try date(fromString: index, at: component)
    }
}

/// A sum type's dialect shape as its synthesized `init(from:)` wants it (see `SumTypeCoding`):
/// `{"case":"x"}` → `{"x":{}}`, `{"case":"x","value":{…}}` → `{"x":{…}}`,
/// `{"case":"x","value":single}` → `{"x":{"_0":single}}` — read in place, no tree.
struct SumPresentation {
    enum Payload {
        case none
        /// An object payload; `answersFirst`: it does not hold `_0`, so it answers `_0` itself.
        case object(Int, answersFirst: Bool)
        case single(Int)
    }
    var caseName: String
    var payload: Payload

    static func of(_ index: Int, in document: ByteDocument) -> Result<SumPresentation, SumTypeCoding.SumShapeError> {
        let v = document[index]
        guard v.kind == .object else { return .failure(.notAnObject) }
        var caseIndex: Int?, valueIndex: Int?, unexpected: Int?
        for m in v.first..<(v.first + v.count) {
            let member = document.member(at: m)
            switch Key(document.keyBytes(member)) {
            case .case: caseIndex = member.value
            case .value: valueIndex = member.value
            case .other: unexpected = unexpected ?? m
            }
        }
        guard let caseIndex else { return .failure(.missingCase) }
        guard document[caseIndex].kind == .string else { return .failure(.caseNotAString) }
        if let unexpected { return .failure(.unexpectedKey(document.key(at: unexpected))) }
        let name = document.string(at: caseIndex)
        guard let valueIndex else { return .success(SumPresentation(caseName: name, payload: .none)) }
        let payload = document[valueIndex]
        if payload.kind == .object {
            let holdsFirst = document.memberValue(named: SumTypeCoding.firstUnlabelled, first: payload.first, count: payload.count) != nil
            return .success(SumPresentation(caseName: name, payload: .object(valueIndex, answersFirst: !holdsFirst)))
        }
        return .success(SumPresentation(caseName: name, payload: .single(valueIndex)))
    }

    private enum Key {
        case `case`, value, other
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            if bytes.elementsEqual("case".utf8) { self = .case } else if bytes.elementsEqual("value".utf8) { self = .value } else { self = .other }
        }
    }
}
