// A replay runner for restore-drill tests, with faults on demand:
//   --memorylane             serve Memory Lane (as memorylane-runner does) instead of the drill samples
//   --drop F.FIELD           restores of feature F lose the spine's FIELD before restoring
//   --leak F.FIELD=JSON      states restored for F get FIELD set to JSON
//   --refuse-restore F       restores of F are answered with an error
//   --exit-on-restore F      the runner exits when asked to restore F
//   --twin                   serve lens as LensTwin (changed on branches no sample fixture reaches)
//   --exit-on-reduce F.CASE  the runner exits when asked to reduce F with that action case
//   --refuse-reduce F.CASE   reduces of F with that action case are answered with an error
import Duet
import DuetRunner
import Foundation
import MemoryLane

func serve<F: Feature>(_ feature: F.Type, in registry: inout ReplayRegistry) { registry.register(feature) }

let arguments = CommandLine.arguments
func values(_ flag: String) -> [String] {
    arguments.indices.filter { arguments[$0] == flag && $0 + 1 < arguments.count }.map { arguments[$0 + 1] }
}
func split(_ text: String) -> (feature: String, rest: String) {
    let dot = text.firstIndex(of: ".")!
    return (String(text[..<dot]), String(text[text.index(after: dot)...]))
}

var registry = ReplayRegistry(platform: "swift")
if arguments.contains("--memorylane") {
    for feature in MemoryLaneApp.features { serve(feature, in: &registry) }
    registry.addScenarios(MemoryLaneApp.scenarios)
    registry.addChains(MemoryLaneApp.chains)
} else {
    if arguments.contains("--twin") { registry.register(LensTwin.self) } else { registry.register(Lens.self) }
    registry.register(Vault.self)
    registry.addScenarios(Lens.scenarios + Vault.scenarios)
}
let drops = values("--drop").map(split)
let leaks = values("--leak").map { spec -> (feature: String, field: String, value: JSONValue) in
    let (feature, rest) = split(spec)
    let equals = rest.firstIndex(of: "=")!
    return (feature, String(rest[..<equals]), try! CanonicalJSON.parse(String(rest[rest.index(after: equals)...])))
}
let refused = Set(values("--refuse-restore")), exits = Set(values("--exit-on-restore"))
let reduceExits = Set(values("--exit-on-reduce")), reduceRefusals = Set(values("--refuse-reduce"))
let server = ReplayServer(registry)

@MainActor func answer(_ line: [UInt8]) -> [UInt8]? {
    if !reduceExits.isEmpty || !reduceRefusals.isEmpty, let request = try? CanonicalJSON.parse(line), request["op"]?.stringValue == "reduce",
       let feature = request["feature"]?.stringValue, let actionCase = request["action"]?["case"]?.stringValue {
        if reduceExits.contains(feature + "." + actionCase) { exit(71) }
        if reduceRefusals.contains(feature + "." + actionCase) {
            return ReplayProtocol.error("reduce of \(feature).\(actionCase) refused on purpose").canonicalBytes + [0x0A]
        }
    }
    guard var request = try? CanonicalJSON.parse(line), request["op"]?.stringValue == "restore",
          let feature = request["feature"]?.stringValue else { return server.respond(to: line) }
    if exits.contains(feature) { exit(70) }
    if refused.contains(feature) { return ReplayProtocol.error("restore of \(feature) refused on purpose").canonicalBytes + [0x0A] }
    if case .object(var object) = request, case .object(var spine)? = object["spine"] {
        for drop in drops where drop.feature == feature { spine[drop.rest] = nil }
        object["spine"] = .object(spine)
        request = .object(object)
    }
    guard let response = server.respond(to: request.canonicalBytes) else { return nil }
    let matching = leaks.filter { $0.feature == feature }
    guard !matching.isEmpty, let answer = try? CanonicalJSON.parse(Array(response.dropLast())),
          let text = answer["state"]?.stringValue, case .object(var state)? = try? CanonicalJSON.parse(text) else { return response }
    for leak in matching { state[leak.field] = leak.value }
    var reply = JSONObject()
    reply["state"] = .string(JSONValue.object(state).canonicalString)
    return JSONValue.object(reply).canonicalBytes + [0x0A]
}

let out = FileHandle.standardOutput
out.write(Data(ReplayProtocol.handshake(platform: "swift", features: registry.featureNames).canonicalBytes + [0x0A]))
while let line = readLine(strippingNewline: true) {
    if line.isEmpty { continue }
    guard let response = answer(Array(line.utf8)) else { break }
    out.write(Data(response))
}
