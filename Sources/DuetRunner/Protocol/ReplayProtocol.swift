import Duet

/// The wire vocabulary of the replay protocol (DESIGN §5), shared by runner and client.
///
/// ```swift
/// ReplayProtocol.handshake(platform: "swift", features: ["counter"], build: "9b1f…").canonicalString
/// // {"build":"9b1f…","features":["counter"],"platform":"swift","protocol":"duet-replay","version":1}
/// ```
public enum ReplayProtocol {
    public static let name = "duet-replay"
    public static let version: Int64 = 1

    /// `build` (optional): an identity of the runner's build — a hash of its own executable or jars —
    /// so results name the runner that judged them; a runner that sends none is identified by the client.
    public static func handshake(platform: String, features: [String], build: String? = nil) -> JSONValue {
        object([
            ("features", .array(features.sorted(by: CanonicalOrder.precedes).map(JSONValue.string))),
            ("platform", .string(platform)),
            ("protocol", .string(name)),
            ("version", .int(version)),
        ] + (build.map { [("build", JSONValue.string($0))] } ?? []))
    }

    public static func error(_ message: String) -> JSONValue { object([("error", .string(message))]) }

    /// `{"action":…,"feature":F,"op":"reduce","state":…}` written straight from canonical bytes.
    public static func reduceRequest(feature: String, state: [UInt8], action: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(state.count + action.count + feature.utf8.count + 48)
        out.append(contentsOf: #"{"action":"#.utf8)
        out.append(contentsOf: action)
        out.append(contentsOf: #","feature":"#.utf8)
        out.append(contentsOf: JSONValue.string(feature).canonicalBytes)
        out.append(contentsOf: #","op":"reduce","state":"#.utf8)
        out.append(contentsOf: state)
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    /// `{"base":…,"feature":F,"op":"restore","spine":…}` written straight from canonical bytes. `base`
    /// (optional): the state the relaunched screen starts from — the restore drill sends the fixture's
    /// initial state, the environment the scenario began in; the default restore lays the spine over it.
    public static func restoreRequest(feature: String, spine: [UInt8], base: [UInt8]? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(spine.count + (base?.count ?? 0) + feature.utf8.count + 48)
        if let base {
            out.append(contentsOf: #"{"base":"#.utf8)
            out.append(contentsOf: base)
            out.append(contentsOf: #","feature":"#.utf8)
        } else {
            out.append(contentsOf: #"{"feature":"#.utf8)
        }
        out.append(contentsOf: JSONValue.string(feature).canonicalBytes)
        out.append(contentsOf: #","op":"restore","spine":"#.utf8)
        out.append(contentsOf: spine)
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    public static func request(op: String, _ members: [(String, JSONValue)] = []) -> [UInt8] {
        object(members + [("op", .string(op))]).canonicalBytes + [0x0A]
    }

    /// Builds an object from distinct keys in any order.
    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        var object = JSONObject()
        for (key, value) in pairs { object[key] = value }
        return .object(object)
    }
}
