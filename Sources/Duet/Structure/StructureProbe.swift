import Foundation

/// Builds sample values of `Decodable` types out of no data and records the fields met on the
/// way, with their shape and role. The L0 wrappers reveal roles by their type.
final class StructureProbe {
    private(set) var fields: [FieldDescription] = []
    private var depth = 0
    private static let maximumDepth = 48

    struct Sample {
        var value: Any
        var shape: String
        var kinds: [String]?
    }

    /// A field met in a keyed container; `optional` when it was read with `decodeIfPresent`.
    func field(_ type: any Decodable.Type, path: String, optional: Bool, recording: Bool) throws(StructureError) -> Any? {
        if let runtimeOnly = type as? any RuntimeOnlyMarker.Type {
            return try runtimeOnlyField(runtimeOnly, path: path, recording: recording)
        }
        if let marker = type as? any StructureMarker.Type {
            return try markedField(marker, path: path, recording: recording)
        }
        let index = fields.count
        let sample: Sample?
        if optional {
            sample = try? self.sample(type, path: path, recording: recording)
            if sample == nil { fields.removeSubrange(index...) }
        } else {
            sample = try self.sample(type, path: path, recording: recording)
        }
        if recording {
            let shape = sample?.shape ?? fallbackShape(of: type)
            let kinds = try kinds(sample, else: type, path: path)
            fields.insert(FieldDescription(path: path, shape: optional ? "optional<\(shape)>" : shape, role: .data, kinds: kinds), at: index)
        }
        return sample?.value
    }

    private func markedField(_ marker: any StructureMarker.Type, path: String, recording: Bool) throws(StructureError) -> Any? {
        let index = fields.count
        let marked = marker.markedType
        let role = marker.role
        let inner: Sample?
        switch role {
        case .path, .slot: inner = try? sample(marked, path: path, recording: false)
        default: inner = try sample(marked, path: path, recording: recording && role.islandID != nil)
        }
        let innerShape = inner?.shape ?? fallbackShape(of: marked)
        let shape = role == .path ? "array<\(innerShape)>" : role == .slot ? "optional<\(innerShape)>" : innerShape
        if recording {
            let kinds = try kinds(inner, else: marked, path: path)
            fields.insert(FieldDescription(path: path, shape: shape, role: role, kinds: kinds), at: index)
        }
        guard let wrapper = marker.wrapping(inner?.value) else {
            throw StructureError(path: path, type: "\(marker)", message: "cannot build a sample of the marked \(marked)")
        }
        return wrapper
    }

    /// The marked field described as its value is, flagged `runtimeOnly`.
    private func runtimeOnlyField(_ marker: any RuntimeOnlyMarker.Type, path: String, recording: Bool) throws(StructureError) -> Any? {
        let index = fields.count
        let inner = try field(marker.markedType, path: path, optional: false, recording: recording)
        if recording, fields.indices.contains(index), fields[index].path == path { fields[index].runtimeOnly = true }
        guard let wrapper = marker.wrapping(inner) else {
            throw StructureError(path: path, type: "\(marker)", message: "cannot build a sample of the runtime-only \(marker.markedType)")
        }
        return wrapper
    }

    /// A value of `type` built from no data, with its JSON shape and (for enums) its cases.
    func sample(_ type: any Decodable.Type, path: String, recording: Bool) throws(StructureError) -> Sample {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw StructureError(path: path, type: "\(type)", message: "nesting deeper than \(Self.maximumDepth) levels; a recursive type needs an optional or array in the loop")
        }
        if let leaf = leafSample(type) { return leaf }
        if let optional = type as? any ProbeOptional.Type {
            let inner = try? sample(optional.wrappedDecodable, path: path, recording: false)
            return Sample(value: optional.noneValue, shape: "optional<\(inner?.shape ?? fallbackShape(of: optional.wrappedDecodable))>",
                          kinds: try kinds(inner, else: optional.wrappedDecodable, path: path))
        }
        if let sequence = type as? any ProbeSequence.Type {
            let element = try? sample(sequence.elementDecodable, path: path, recording: false)
            return Sample(value: sequence.emptyValue, shape: "array<\(element?.shape ?? fallbackShape(of: sequence.elementDecodable))>",
                          kinds: try kinds(element, else: sequence.elementDecodable, path: path))
        }
        if let map = type as? any ProbeMap.Type {
            let value = try? sample(map.valueDecodable, path: path, recording: false)
            return Sample(value: map.emptyValue, shape: "map<\(value?.shape ?? fallbackShape(of: map.valueDecodable))>",
                          kinds: try kinds(value, else: map.valueDecodable, path: path))
        }
        if let names = try caseNames(of: type, path: path) { return try enumSample(type, names: names, path: path) }
        let decoder = ProbeDecoder(probe: self, prefix: path, recording: recording)
        do {
            let value = try type.init(from: decoder)
            return Sample(value: value, shape: decoder.observedShape ?? "object", kinds: nil)
        } catch let error as StructureError {
            throw error
        } catch {
            throw StructureError(path: path, type: "\(type)", message: "cannot build a sample: \(error)")
        }
    }

    private func enumSample(_ type: any Decodable.Type, names: [String], path: String) throws(StructureError) -> Sample {
        let shape = type is any SumType.Type ? "sum" : "enum"
        if let iterable = type as? any CaseIterable.Type, let first = firstCase(of: iterable) {
            return Sample(value: first, shape: shape, kinds: names)
        }
        for name in names {
            let decoder = ProbeDecoder(probe: self, prefix: path, recording: false, caseName: name)
            if let value = try? type.init(from: decoder) { return Sample(value: value, shape: shape, kinds: names) }
        }
        throw StructureError(path: path, type: "\(type)", message: "none of its cases \(names) could be built from sample payloads")
    }

    private func leafSample(_ type: any Decodable.Type) -> Sample? {
        switch type {
        case is String.Type: return Sample(value: "", shape: "string")
        case is Bool.Type: return Sample(value: false, shape: "bool")
        case is UUID.Type: return Sample(value: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), shape: "uuid")
        case is Date.Type: return Sample(value: Date(timeIntervalSince1970: 0), shape: "date")
        case is URL.Type: return Sample(value: URL(fileURLWithPath: "/"), shape: "string")
        case is Double.Type: return Sample(value: Double(0), shape: "number")
        case is Float.Type: return Sample(value: Float(0), shape: "number")
        default: break
        }
        if let integer = type as? any BinaryInteger.Type { return Sample(value: integer.init(0), shape: "int") }
        return nil
    }

    /// The sample's cases, else those of `type` (a sample that could not be built still lists them).
    private func kinds(_ sample: Sample?, else type: Any.Type, path: String) throws(StructureError) -> [String]? {
        if let kinds = sample?.kinds { return kinds }
        return try caseNames(of: type, path: path)
    }

    func fallbackShape(of type: any Decodable.Type) -> String {
        if type is any SumType.Type { return "sum" }
        if EnumMetadata.of(type) != nil || type is any RawRepresentable.Type { return "enum" }
        return "object"
    }
}

/// The cases of `type` when it is an enum; its failure to list them, placed at `path`.
func caseNames(of type: Any.Type, path: String) throws(StructureError) -> [String]? {
    do { return try EnumCases.names(of: type) } catch {
        throw StructureError(path: path, type: error.type, message: "\(error.message) — \(error.fix)")
    }
}

private func firstCase<T: CaseIterable>(of type: T.Type) -> Any? { T.allCases.first }
