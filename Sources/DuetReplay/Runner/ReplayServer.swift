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

    public init(_ registry: ReplayRegistry) { self.registry = registry }

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
        guard writer.write(ReplayProtocol.handshake(platform: registry.platform, features: registry.featureNames).canonicalBytes + [0x0A]) else { return }
        while let line = reader.nextLine() {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            guard let response = respond(to: line) else { return }
            guard writer.write(response) else { return }
        }
    }

    /// The response line (with its newline) to one request line; nil for `exit`.
    public func respond(to line: [UInt8]) -> [UInt8]? {
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
        default: return errorLine("unknown op \"\(op)\" (this runner speaks reduce, describe, scenarios, restore, exit)")
        }
    }

    // MARK: - Ops

    private func reduce(_ request: JSONValue) -> [UInt8] {
        guard let name = request["feature"]?.stringValue else { return errorLine(#"reduce needs a "feature" string"#) }
        guard let feature = registry.feature(named: name) else { return unknownFeature(name) }
        guard let state = request["state"], let action = request["action"] else {
            return errorLine(#"reduce needs "state" and "action""#)
        }
        do {
            let (stateBytes, effectBytes) = try feature.reduce(state, action)
            var out: [UInt8] = []
            out.reserveCapacity(stateBytes.count + effectBytes.count + 64)
            out.append(contentsOf: #"{"effects":"#.utf8)
            appendEscaped(effectBytes, to: &out)
            out.append(contentsOf: #","state":"#.utf8)
            appendEscaped(stateBytes, to: &out)
            out.append(contentsOf: "}\n".utf8)
            return out
        } catch {
            return errorLine("\(name): \(error)")
        }
    }

    private func describe() -> [UInt8] {
        let encoder = CanonicalEncoder()
        var described: [JSONValue] = []
        for name in registry.featureNames {
            do {
                described.append(try encoder.encode(registry.feature(named: name)!.describe()))
            } catch {
                return errorLine("describe \(name): \(error)")
            }
        }
        return line(ReplayProtocol.object([("features", .array(described))]))
    }

    private func scenarios() -> [UInt8] {
        line(ReplayProtocol.object([
            ("scenarios", .array(registry.scenarios.map(ScenarioCoding.tree))),
            ("chains", .array(registry.chains.map(ScenarioCoding.tree))),
        ]))
    }

    private func restore(_ request: JSONValue) -> [UInt8] {
        guard let name = request["feature"]?.stringValue else { return errorLine(#"restore needs a "feature" string"#) }
        guard let feature = registry.feature(named: name) else { return unknownFeature(name) }
        guard let spine = request["spine"] else { return errorLine(#"restore needs a "spine""#) }
        do {
            let state: JSONValue
            if let restore = feature.restore {
                state = try restore(spine)
            } else {
                let overlaid = SpineOverlay.restore(spine: spine, onto: registry.baseState(for: name), structure: try? feature.describe())
                state = try feature.normalizeState(overlaid)
            }
            return line(ReplayProtocol.object([("state", .string(state.canonicalString))]))
        } catch {
            return errorLine("restore \(name): \(error)")
        }
    }

    // MARK: - Writing lines

    private func unknownFeature(_ name: String) -> [UInt8] {
        errorLine("unknown feature \"\(name)\" (this runner serves \(registry.featureNames.joined(separator: ", ")))")
    }
    private func errorLine(_ message: String) -> [UInt8] { line(ReplayProtocol.error(message)) }
    private func line(_ value: JSONValue) -> [UInt8] { value.canonicalBytes + [0x0A] }

    /// Canonical bytes written as a dialect string literal (quotes included); runs of bytes that
    /// need no escape are copied in one go (this is the runner's per-step hot path).
    private func appendEscaped(_ bytes: [UInt8], to out: inout [UInt8]) {
        out.append(0x22)
        bytes.withUnsafeBufferPointer { input in
            var runStart = 0
            for index in 0..<input.count {
                let byte = input[index]
                guard byte == 0x22 || byte == 0x5C || byte < 0x20 else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                runStart = index + 1
                switch byte {
                case 0x22: out.append(0x5C); out.append(0x22)
                case 0x5C: out.append(0x5C); out.append(0x5C)
                case 0x0A: out.append(0x5C); out.append(0x6E)
                case 0x0D: out.append(0x5C); out.append(0x72)
                case 0x09: out.append(0x5C); out.append(0x74)
                default:
                    let hex: StaticString = "0123456789abcdef"
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30])
                    hex.withUTF8Buffer { digits in out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 0xF)]) }
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<input.count]))
        }
        out.append(0x22)
    }
}
