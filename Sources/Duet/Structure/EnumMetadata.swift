/// An enum's case names as its reflection metadata records them (the field descriptor that
/// `Mirror` reads), with no instance needed. The layouts are the Swift ABI's: enum metadata is
/// `{kind, description}`; the type descriptor holds a relative pointer to the field descriptor,
/// whose records each hold a relative pointer to the case name.
///
/// The records come in *tag* order — every case with a payload first, then the empty ones — so
/// for an enum that mixes both this is the set of its cases, not their declaration order.
/// A payload-free enum (such as synthesized `CodingKeys`) is in declaration order.
///
/// ```swift
/// EnumMetadata.of(Mixed.self)?.caseNames   // ["a", "c", "b"] for `enum Mixed { case a(Int), b, c(Int) }`
/// ```
struct EnumMetadata {
    /// Case names in tag order; nil when the binary was built without reflection metadata.
    let caseNames: [String]?

    private static let enumKind = 0x201
    private static let enumDescriptorKind: UInt32 = 18

    /// The metadata of `type` when it is an enum (not an optional, struct or class); nil otherwise.
    static func of(_ type: Any.Type) -> EnumMetadata? {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard metadata.load(as: Int.self) == enumKind else { return nil }
        let descriptor = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
        guard descriptor.load(as: UInt32.self) & 0x1F == enumDescriptorKind else { return nil }
        return EnumMetadata(caseNames: caseNames(descriptor))
    }

    /// Type descriptor: flags, parent, name, access function, fields, payload cases, empty cases.
    private static func caseNames(_ descriptor: UnsafeRawPointer) -> [String]? {
        guard let fields = relative(descriptor + 16) else { return nil }
        let payloadCases = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
        let emptyCases = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
        // Field descriptor: mangled type name, superclass, kind (16 bits), record size (16 bits), count.
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        guard count == payloadCases + emptyCases, recordSize >= 12 || count == 0 else { return nil }
        var names: [String] = []
        names.reserveCapacity(count)
        for index in 0..<count {
            // Field record: flags, mangled type name, field name.
            guard let name = relative(fields + 16 + index * recordSize + 8) else { return nil }
            names.append(String(cString: name.assumingMemoryBound(to: CChar.self)))
        }
        return names
    }

    /// A 32-bit self-relative pointer; nil when it is null.
    private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = field.load(as: Int32.self)
        return offset == 0 ? nil : field + Int(offset)
    }
}
