/// An enum's case names in declaration order, as they travel on the wire — derived from the type,
/// never kept by hand:
/// - `CaseIterable`: `allCases` (a `String` raw value is the wire form);
/// - otherwise the synthesized `CodingKeys` the enum's `init(from:)` asks for, named through their
///   reflection metadata (the enum's own metadata lists its cases in tag order, payload cases
///   first, so it only serves to check that the keys are the cases);
/// - a hand-written `Codable` declares `CaseNames`, and the list is checked against the cases.
///
/// ```swift
/// try EnumCases.names(of: MemoryDetail.Action.self)   // ["appeared", "memoryLoaded", …]
/// try EnumCases.names(of: MemoryContent.self)         // nil: not an enum
/// ```
public enum EnumCases {
    /// nil when `type` is not an enum; throws when it is one whose cases cannot be listed or
    /// whose declared list is wrong.
    public static func names(of type: Any.Type) throws(CaseListError) -> [String]? {
        let metadata = EnumMetadata.of(type)
        let declared = (type as? any CaseNames.Type)?.caseNames
        if let iterable = type as? any CaseIterable.Type {
            let names = allCaseNames(iterable)
            if let cases = metadata?.caseNames, cases.count != names.count {
                throw CaseListError(type: type, message: "allCases lists \(names.count) of its \(cases.count) cases",
                                    fix: "let Swift synthesize allCases")
            }
            try check(declared, of: type, equals: names)
            return names
        }
        guard let metadata else { return nil }
        guard let cases = metadata.caseNames else {
            throw CaseListError(type: type, message: "its reflection metadata is stripped, so its cases cannot be listed",
                                fix: "build without -disable-reflection-metadata (the default keeps it)")
        }
        if type is any RawRepresentable.Type, declared == nil {
            throw CaseListError(type: type, message: "its raw values are its wire form, and only allCases can list them",
                                fix: "conform it to CaseIterable")
        }
        switch codingKeyNames(of: type, cases: cases) {
        case .success(let names):
            try check(declared, of: type, equals: names)
            return names
        case .failure(let reason):
            guard let declared else { throw reason }
            guard declared.count == cases.count, Set(declared) == Set(cases) else {
                throw CaseListError(type: type, message: "its declared caseNames \(declared) are not its cases \(cases.sorted())",
                                    fix: "list every case once")
            }
            return declared
        }
    }

    /// Names from the synthesized `CodingKeys`, which must be exactly the enum's cases.
    private static func codingKeyNames(of type: Any.Type, cases: [String]) -> Result<[String], CaseListError> {
        let handWritten = CaseListError(type: type, message: "its Codable is hand-written, so its cases cannot be derived",
                                        fix: "conform it to CaseNames and list its cases (describe checks the list)")
        if cases.isEmpty { return .success([]) }
        guard let decodable = type as? any Decodable.Type, let keys = CodingKeysCapture.keyType(of: decodable),
              let names = EnumMetadata.of(keys)?.caseNames else { return .failure(handWritten) }
        let roundTrips = names.allSatisfy { keys.init(stringValue: $0)?.stringValue == $0 }
        guard roundTrips, names.count == cases.count, Set(names) == Set(cases) else { return .failure(handWritten) }
        return .success(names)
    }

    private static func check(_ declared: [String]?, of type: Any.Type, equals names: [String]) throws(CaseListError) {
        guard let declared, declared != names else { return }
        throw CaseListError(type: type, message: "its declared caseNames \(declared) are not its cases \(names)",
                            fix: "delete the list: the cases are derived")
    }
}

/// An enum whose case list cannot be derived or is declared wrong: the type and what to do.
public struct CaseListError: Error, Sendable, CustomStringConvertible {
    public var type: String
    public var message: String
    public var fix: String
    init(type: Any.Type, message: String, fix: String) { self.type = String(reflecting: type); self.message = message; self.fix = fix }
    public var description: String { "\(type): \(message) — \(fix)" }
}

/// The case name of an enum value without its payload (`memoryDetail` for `.memoryDetail(…)`);
/// a `String` raw value for raw enums.
func enumCaseName<Value>(of value: Value) -> String {
    if let raw = value as? any RawRepresentable, let string = raw.rawValue as? String { return string }
    if let label = Mirror(reflecting: value).children.first?.label { return label }
    return String(String(describing: value).prefix { $0 != "(" })
}

private func allCaseNames<T: CaseIterable>(_ type: T.Type) -> [String] {
    T.allCases.map { enumCaseName(of: $0) }
}
