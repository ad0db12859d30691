import Duet

/// `duet mcp`: a Model Context Protocol server on stdin/stdout (JSON-RPC 2.0, one message per
/// line). Speaks the protocol revisions in `protocolVersions`; offers `MCPCatalogue`'s tools.
///
/// ```swift
/// let server = MCPServer(environment: env, workingDirectory: cwd, corpusOption: nil)
/// let reply = server.handle(Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))   // {"id":1,"jsonrpc":"2.0","result":{}}
/// ```
final class MCPServer {
    /// Newest first: the current revision, then the previous one.
    static let protocolVersions = ["2025-11-25", "2025-06-18"]

    let environment: [String: String]
    let workingDirectory: String
    let corpusOption: String?
    /// The revision agreed in `initialize`; nil before it.
    private(set) var protocolVersion: String?

    init(environment: [String: String], workingDirectory: String, corpusOption: String?) {
        self.environment = environment; self.workingDirectory = workingDirectory; self.corpusOption = corpusOption
    }

    /// Answers every message until the input ends; a message over the reader's cap gets an
    /// error that says so, with nothing of the message in it.
    func serve(_ reader: MCPMessageReader, write: ([UInt8]) -> Void) {
        while let message = reader.next() {
            switch message {
            case .tooLarge(let bytes):
                write(JSONRPC.error(id: .null, JSONRPC.ErrorObject(
                    code: JSONRPC.ErrorObject.invalidRequest,
                    message: "invalid request: the message is \(bytes) bytes, more than this server reads (\(reader.maximumBytes) bytes; `duet mcp --max-message-bytes N`); it was not read",
                    data: JSONRPC.object(["size": .int(Int64(bytes)), "limit": .int(Int64(reader.maximumBytes))]))))
            case .line(let line):
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                if let reply = handle(line) { write(reply) }
            }
        }
    }

    /// The reply to one message; nil for notifications and responses.
    func handle(_ line: [UInt8]) -> [UInt8]? {
        switch JSONRPC.read(line) {
        case .invalid(let id, let error): return JSONRPC.error(id: id, error)
        case .response, .notification: return nil
        case .request(let id, let method, let params):
            do {
                return JSONRPC.result(id: id, try answer(method, params))
            } catch let error as JSONRPC.ErrorObject {
                return JSONRPC.error(id: id, error)
            } catch {
                return JSONRPC.error(id: id, JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.internalError, message: ErrorReporting.describe(error).0))
            }
        }
    }

    private func answer(_ method: String, _ params: JSONObject) throws -> JSONValue {
        switch method {
        case "initialize": return initialize(params)
        case "ping": return .object(JSONObject())
        default: break
        }
        guard protocolVersion != nil else {
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.notInitialized, message: "send initialize first")
        }
        switch method {
        case "tools/list": return JSONRPC.object(["tools": .array(MCPCatalogue.all.map(\.listing))])
        case "tools/call": return try call(params)
        default:
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.methodNotFound, message: "method not found: \(JSONRPC.excerpt(method)) (this server offers tools only)")
        }
    }

    /// Agrees on the client's revision when this server speaks it, else offers the newest it does.
    private func initialize(_ params: JSONObject) -> JSONValue {
        let requested = params["protocolVersion"]?.stringValue
        let version = requested.flatMap { Self.protocolVersions.contains($0) ? $0 : nil } ?? Self.protocolVersions[0]
        protocolVersion = version
        return JSONRPC.object([
            "protocolVersion": .string(version),
            "capabilities": JSONRPC.object(["tools": JSONRPC.object(["listChanged": .bool(false)])]),
            "serverInfo": JSONRPC.object(["name": .string("duet"), "title": .string("Duet"), "version": .string(DuetCommandLine.version)]),
            "instructions": .string("Duet's corpus of recorded behaviour for a dual-platform app: verify replays fixtures through the runners; "
                                    + "census, query_touches, query_kinds, query_sql, show and pending read the corpus; lint checks the manifest. "
                                    + "Each result has status (holds, findings, usage, environment) and the verb's JSON in result."),
        ])
    }

    private func call(_ params: JSONObject) throws -> JSONValue {
        guard let name = params["name"]?.stringValue else {
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.invalidParams, message: "tools/call needs params.name")
        }
        guard let tool = MCPCatalogue.tool(named: name) else {
            throw JSONRPC.ErrorObject(code: JSONRPC.ErrorObject.invalidParams,
                                      message: NameResolver.unknown(name, as: .tool, among: MCPCatalogue.all.map(\.name)) + " (tools/list lists them)")
        }
        var arguments = JSONObject()
        if let given = params["arguments"], given != .null {
            guard case .object(let object) = given else { return Self.failure("arguments must be an object") }
            arguments = object
        }
        let commandLine: [String]
        do {
            arguments = try MCPArgumentConfinement(workingDirectory: workingDirectory).confine(arguments, of: tool)
            commandLine = try tool.commandLine(arguments)
        } catch {
            return Self.failure(error.description)
        }
        return run(tool, commandLine)
    }

    /// Runs the tool's verb in-process with captured output, as `duet VERB … --format json` would run.
    private func run(_ tool: MCPTool, _ commandLine: [String]) -> JSONValue {
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let context = VerbContext(environment: environment, workingDirectory: workingDirectory, corpusOption: corpusOption,
                                  stdout: out, stderr: err)
        let status = DuetCommandLine.execute(tool.verb, commandLine, in: context)
        let notes = String(decoding: err.captured, as: UTF8.self).split(separator: "\n").map { JSONValue.string(String($0)) }
        var structured: [String: JSONValue] = [
            "status": .string(Self.word(status)), "exitCode": .int(Int64(status.rawValue)), "notes": .array(notes),
        ]
        if !out.captured.isEmpty, let result = try? CanonicalJSON.parse(out.captured) { structured["result"] = result }
        let content = JSONRPC.object(structured)
        return JSONRPC.object([
            "content": .array([JSONRPC.object(["type": .string("text"), "text": .string(content.prettyString)])]),
            "structuredContent": content,
            "isError": .bool(status == .usage || status == .environment),
        ])
    }

    /// A tool call the server refused before running the verb (wrong arguments): an error the caller can fix.
    private static func failure(_ message: String) -> JSONValue {
        let content = JSONRPC.object([
            "status": .string(word(.usage)), "exitCode": .int(Int64(ExitStatus.usage.rawValue)), "notes": .array([.string(message)]),
        ])
        return JSONRPC.object([
            "content": .array([JSONRPC.object(["type": .string("text"), "text": .string(message)])]),
            "structuredContent": content,
            "isError": .bool(true),
        ])
    }

    static func word(_ status: ExitStatus) -> String {
        switch status {
        case .holds: return "holds"
        case .findings: return "findings"
        case .usage: return "usage"
        case .environment: return "environment"
        }
    }
}
