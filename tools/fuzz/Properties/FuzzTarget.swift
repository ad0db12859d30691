/// The fuzz targets by name, for the fuzzer, its replay mode and the regression test.
///
/// ```swift
/// FuzzTarget(rawValue: "dialect")!.finding(in: bytes)   // nil when every property holds
/// ```
public enum FuzzTarget: String, CaseIterable, Sendable {
    case dialect, fixture, manifest

    public func finding(in bytes: [UInt8]) -> String? {
        switch self {
        case .dialect: return DialectProperty.finding(in: bytes)
        case .fixture: return FixtureReaderProperty.finding(in: bytes)
        case .manifest: return ManifestProperty.finding(in: bytes)
        }
    }
}
