import Duet
import Foundation

// Side-by-side figures in one run; ratios matter, absolute numbers depend on the machine.

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Best of `rounds` interleaved runs of each contender, in seconds per iteration.
func race(rounds: Int, iterations: Int, _ contenders: [(String, () throws -> Void)]) throws -> [String: Double] {
    var best: [String: Double] = [:]
    for _ in 0..<rounds {
        for (name, body) in contenders {
            let t = try seconds { for _ in 0..<iterations { try body() } } / Double(iterations)
            best[name] = min(best[name] ?? .infinity, t)
        }
    }
    return best
}

/// The detour the dialect avoids: JSONEncoder, then JSONSerialization, then a canonical rewrite.
func foundationTreeToValue(_ any: Any) -> JSONValue {
    switch any {
    case let d as [String: Any]: return .object((try? JSONObject(d.map { ($0.key, foundationTreeToValue($0.value)) })) ?? JSONObject())
    case let a as [Any]: return .array(a.map(foundationTreeToValue))
    case let s as String: return .string(s)
    case let n as NSNumber:
        if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
        return .int(n.int64Value)
    default: return .null
    }
}

let state = BenchState.sample()
/// `BenchState` conforms to `CanonicalEncodable` (BenchStateCanonical.swift); this encoder ignores that.
let codableOnly = CanonicalEncoder(usesCanonicalEncodable: false)
let canonical = try codableOnly.canonicalBytes(state)
let fastPathBytes = try CanonicalEncoder().canonicalBytes(state)
guard fastPathBytes == canonical else {
    print("dialect-bench: the CanonicalEncodable path wrote different bytes from the Codable path:")
    print(try CanonicalConformanceCheck.firstDivergence(state).map { "\($0)" } ?? "(same values, different bytes)")
    exit(1)
}

// `dialect-bench profile-encode|profile-fastpath|profile-codable-floor|profile-jsonencoder|profile-canonicalize`: one hot loop, for perf/callgrind
// (instruction counts per encode do not depend on how busy the machine is).
if CommandLine.arguments.count > 1 {
    var total = 0
    switch CommandLine.arguments[1] {
    case "profile-encode": for _ in 0..<20_000 { total &+= try codableOnly.canonicalBytes(state).count }
    case "profile-fastpath": for _ in 0..<20_000 { total &+= try CanonicalEncoder().canonicalBytes(state).count }
    case "profile-codable-floor":
        let floor = CodableFloor()
        for _ in 0..<20_000 { total &+= try floor.walk(state) }
    case "profile-jsonencoder":
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for _ in 0..<2_000 { total &+= try encoder.encode(state).count }
    case "profile-canonicalize":
        let bytes = try FixtureGenerator.prettyFixture(steps: 1500)
        for _ in 0..<10 { total &+= try CanonicalJSON.canonicalize(bytes).count }
    default: print("usage: dialect-bench [profile-encode|profile-fastpath|profile-codable-floor|profile-jsonencoder|profile-canonicalize]")
    }
    print(total)
    exit(0)
}
let sortedEncoder = JSONEncoder()
sortedEncoder.outputFormatting = .sortedKeys
let plainEncoder = JSONEncoder()

print("dialect-bench — \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("")
print("1. Encoding a \(canonical.count)-byte state to canonical bytes (best of 21 interleaved rounds)")
print("   (same bytes from both CanonicalEncoder paths: checked)")
let fastPath = "CanonicalEncoder, CanonicalEncodable path"
let codablePath = "CanonicalEncoder, Codable path"
var sink = 0
let encoding = try race(rounds: 21, iterations: 400, [
    (fastPath, { sink &+= try CanonicalEncoder().canonicalBytes(state).count }),
    (codablePath, { sink &+= try codableOnly.canonicalBytes(state).count }),
    ("JSONEncoder(.sortedKeys)", { sink &+= try sortedEncoder.encode(state).count }),
    ("JSONEncoder → JSONSerialization → rewrite", {
        let data = try plainEncoder.encode(state)
        let tree = try JSONSerialization.jsonObject(with: data)
        sink &+= foundationTreeToValue(tree).canonicalBytes.count
    }),
])
let ours = encoding[fastPath]!
for (name, t) in encoding.sorted(by: { $0.value < $1.value }) {
    print("   " + name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: " %8.2f µs   %6.2f× the CanonicalEncodable path's time", t * 1e6, t / ours))
}
let jsonEncoderTime = encoding["JSONEncoder(.sortedKeys)"]!
let fastRatio = jsonEncoderTime / ours
let codableRatio = jsonEncoderTime / encoding[codablePath]!
print("   speed-up over JSONEncoder(.sortedKeys), side by side:")
print(String(format: "     CanonicalEncodable path (hand-written writeCanonical): %5.1f× (target ≥ 10×: ", fastRatio) + (fastRatio >= 10 ? "met)" : "NOT met)"))
print(String(format: "     Codable path (any Encodable, no conformance needed):   %5.1f×", codableRatio))

print("")
let fixture = try FixtureGenerator.prettyFixture(steps: 1500)
let megabytes = Double(fixture.count) / 1_000_000
print(String(format: "2. Canonicalizing a %.1f MB pretty fixture (parse + compact write; best of 9 interleaved rounds)", megabytes))
let fixtureData = Data(fixture)
let canonicalizing = try race(rounds: 9, iterations: 2, [
    ("CanonicalJSON.canonicalize", { sink &+= try CanonicalJSON.canonicalize(fixture).count }),
    ("CanonicalJSON.parse only", { if case .object(let o) = try CanonicalJSON.parse(fixture) { sink &+= o.count } }),
    ("JSONSerialization parse only", { sink &+= (try JSONSerialization.jsonObject(with: fixtureData) as? NSDictionary)?.count ?? 0 }),
])
for (name, t) in canonicalizing.sorted(by: { $0.value < $1.value }) {
    print("   " + name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: " %8.1f ms   %7.1f MB/s", t * 1e3, megabytes / t))
}
let throughput = megabytes / canonicalizing["CanonicalJSON.canonicalize"]!
print(String(format: "   canonicalize throughput: %.0f MB/s (target ≥ 150 MB/s: ", throughput) + (throughput >= 150 ? "met)" : "NOT met)"))
if sink == 42 { print("") }
