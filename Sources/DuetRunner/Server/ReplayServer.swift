import Duet
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runner side of the replay protocol: a stdio loop over a `ReplayRegistry`.
///
/// ```swift
/// ReplayServer(registry).serve()      // handshake, then one response line per request until exit/EOF
/// ```
///
/// Every request gets exactly one response line; a bad request or an unknown op answers
/// `{"error":…}` and the loop goes on. Stray `print`s from feature code go to stderr:
/// `serve()` keeps the real stdout for protocol lines only.
public struct ReplayServer {
    let registry: ReplayRegistry
    /// The request line of the `reduce` hot path, scanned once and decoded from its bytes.
    private let request = ByteDocument()
    /// Per feature, the state the default restore lays a spine over when the request brings no base.
    let baseStates: [String: JSONValue]
    /// The last `base` a restore brought, parsed: every snapshot of a fixture brings the same one.
    let lastBase = ParsedBase()
    /// The scenarios' `.state` claims, by fixture and step, for the `claims` op.
    let stateClaims: StateClaims
    /// What the handshake sends as `"build"`: this executable's hash (computed once per process); nil sends none.
    public var build: String? = BuildHash.ofRunningExecutable

    public init(_ registry: ReplayRegistry) {
        self.registry = registry
        stateClaims = StateClaims(registry.scenarios)
        baseStates = Dictionary(uniqueKeysWithValues: registry.featureNames.map { ($0, registry.baseState(for: $0)) })
    }

    /// Serves on the process's stdin/stdout; returns on `exit` or EOF.
    public func serve() {
        let protocolOut = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        serve(input: STDIN_FILENO, output: protocolOut)
        close(protocolOut)
    }

    /// Serves on the given descriptors (tests use pipes); returns on `exit` or EOF.
    public func serve(input: Int32, output: Int32) {
        var reader = LineReader(fd: input)
        let writer = LineWriter(fd: output)
        guard writer.write(ReplayProtocol.handshake(platform: registry.platform, features: registry.featureNames, build: build).canonicalBytes + [0x0A]) else { return }
        while let line = reader.nextLine() {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            guard let response = respond(to: line) else { return }
            guard writer.write(response) else { return }
        }
    }

    /// The response line (with its newline) to one request line; nil for `exit`.
    public func respond(to line: [UInt8]) -> [UInt8]? {
        respondFromBytes(line) ?? respondThroughTree(to: line)
    }

    /// The hot paths, `reduce` and `restore`, from the request scanned once. nil hands the line to
    /// the tree path — other ops, and any request that fails, which then answers exactly as before.
    func respondFromBytes(_ line: [UInt8]) -> [UInt8]? {
        request.read(line) { root -> [UInt8]? in
            guard let root, let op = request.member("op", of: root).flatMap(request.string) else { return nil }
            switch op {
            case "reduce": return reduceScanned(root)
            case "restore": return restoreScanned(root, in: request)
            default: return nil
            }
        }
    }

    /// Every op, from the request parsed as a tree.
    func respondThroughTree(to line: [UInt8]) -> [UInt8]? {
        let request: JSONValue
        do { request = try CanonicalJSON.parse(line) } catch {
            return errorLine("request is not canonical JSON: \(error)")
        }
        guard let op = request["op"]?.stringValue else { return errorLine(#"request has no "op" string"#) }
        switch op {
        case "exit": return nil
        case "reduce": return reduce(request)
        case "describe": return describe()
        case "scenarios": return scenarios()
        case "restore": return restore(request)
        case "claims": return claims(request)
        default: return errorLine("unknown op \"\(op)\" (this runner speaks reduce, describe, scenarios, restore, claims, exit)")
        }
    }

    // MARK: - Ops

    /// The `reduce` hot path alone: no tree, state and action decoded in place.
    func reduceFromBytes(_ line: [UInt8]) -> [UInt8]? {
        request.read(line) { root -> [UInt8]? in
            guard let root, request.member("op", of: root).flatMap(request.string) == "reduce" else { return nil }
            return reduceScanned(root)
        }
    }

    private func reduceScanned(_ root: ByteDocument.Value) -> [UInt8]? {
        guard let name = request.member("feature", of: root).flatMap(request.string), let feature = registry.feature(named: name),
              let state = request.member("state", of: root), let action = request.member("action", of: root),
              let (stateBytes, effectBytes) = try? feature.reduceScanned(request, state, action) else { return nil }
        return reducedLine(state: stateBytes, effects: effectBytes)
    }

    private func reduce(_ request: JSONValue) -> [UInt8] {
        guard let name = request["feature"]?.stringValue else { return errorLine(#"reduce needs a "feature" string"#) }
        guard let feature = registry.feature(named: name) else { return unknownFeature(name) }
        guard let state = request["state"], let action = request["action"] else {
            return errorLine(#"reduce needs "state" and "action""#)
        }
        do {
            let (stateBytes, effectBytes) = try feature.reduce(state, action)
            return reducedLine(state: stateBytes, effects: effectBytes)
        } catch {
            return errorLine("\(name): \(error)")
        }
    }

    private func describe() -> [UInt8] {
        let encoder = CanonicalEncoder()
        var described: [JSONValue] = []
        for name in registry.featureNames {
            do {
                described.append(try encoder.encode(registry.describe(name)!))
            } catch {
                return errorLine("describe \(name): \(error)")
            }
        }
        return line(ReplayProtocol.object([("features", .array(described))]))
    }

    private func scenarios() -> [UInt8] {
        line(ReplayProtocol.object([
            ("scenarios", .array(registry.scenarios.map { ScenarioCoding.tree($0) })),
            ("chains", .array(registry.chains.map(ScenarioCoding.tree))),
        ]))
    }

    // MARK: - Writing lines

    /// `{"effects":"…","state":"…"}` with both canonical texts written as dialect strings, in one
    /// buffer sized for the worst case (this is the runner's per-step output).
    private func reducedLine(state: [UInt8], effects: [UInt8]) -> [UInt8] {
        let capacity = 6 * (state.count + effects.count) + 32
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var w = buffer.baseAddress!
            w = Self.copy(#"{"effects":""#, to: w)
            w = Self.escaped(effects, to: w)
            w = Self.copy(#"","state":""#, to: w)
            w = Self.escaped(state, to: w)
            w = Self.copy("\"}\n", to: w)
            initialized = w - buffer.baseAddress!
        }
    }

    static func copy(_ text: StaticString, to w: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        w.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return w + text.utf8CodeUnitCount
    }

    /// Writes `bytes` escaped as the inside of a dialect string (at most 6 bytes per byte).
    static func escaped(_ bytes: [UInt8], to start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        bytes.withUnsafeBufferPointer { input in
            var w = start
            for byte in input {
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                    w.pointee = byte
                    w += 1
                    continue
                }
                w[0] = 0x5C
                switch byte {
                case 0x22, 0x5C: w[1] = byte; w += 2
                case 0x0A: w[1] = UInt8(ascii: "n"); w += 2
                case 0x0D: w[1] = UInt8(ascii: "r"); w += 2
                case 0x09: w[1] = UInt8(ascii: "t"); w += 2
                default:
                    let hex: StaticString = "0123456789abcdef"
                    w[1] = UInt8(ascii: "u"); w[2] = 0x30; w[3] = 0x30
                    w[4] = hex.utf8Start[Int(byte >> 4)]; w[5] = hex.utf8Start[Int(byte & 0xF)]
                    w += 6
                }
            }
            return w
        }
    }

    func unknownFeature(_ name: String) -> [UInt8] {
        errorLine("unknown feature \"\(name)\" (this runner serves \(registry.featureNames.joined(separator: ", ")))")
    }
    func errorLine(_ message: String) -> [UInt8] { line(ReplayProtocol.error(message)) }
    func line(_ value: JSONValue) -> [UInt8] { value.canonicalBytes + [0x0A] }
}
