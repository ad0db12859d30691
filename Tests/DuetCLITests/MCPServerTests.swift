import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// `duet mcp` as an MCP client sees it: the `duet` executable spoken to over pipes.
final class MCPServerTests: XCTestCase {
    private var work: URL!
    private var corpusPath: String { work.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        work = try temporaryDirectory()
        let load = duet("--corpus", corpusPath, "corpus", "load", packageRoot.appendingPathComponent("corpus.db.seed").path, in: work.path)
        XCTAssertEqual(load.status, .holds, load.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    /// A session with a server started in the package root (its manifest, its tree) on a copy of the seed.
    private func session() throws -> MCPClient { try MCPClient(arguments: ["--corpus", corpusPath, "mcp"], in: packageRoot.path) }

    private func initialize(_ client: MCPClient, version: String) throws -> JSONValue {
        try client.request(1, "initialize", #"{"protocolVersion":"\#(version)","capabilities":{},"clientInfo":{"name":"duet-tests","version":"1"}}"#)
    }

    func testVersionNegotiationEchoesASupportedRevisionAndOffersTheNewestOtherwise() throws {
        for (asked, agreed) in [("2025-11-25", "2025-11-25"), ("2025-06-18", "2025-06-18"), ("2024-11-05", "2025-11-25")] {
            let client = try session()
            let reply = try initialize(client, version: asked)
            XCTAssertEqual(reply["result"]?["protocolVersion"]?.stringValue, agreed, "asked \(asked)")
            XCTAssertEqual(reply["result"]?["serverInfo"]?["name"]?.stringValue, "duet")
            XCTAssertNotNil(reply["result"]?["capabilities"]?["tools"])
            client.close()
        }
    }

    func testToolsAreListedWithSchemasAndCensusAnswersAsTheVerbDoes() throws {
        let client = try session()
        defer { client.close() }
        _ = try initialize(client, version: "2025-11-25")
        client.notify("notifications/initialized")
        let listed = try client.request(2, "tools/list")
        let tools = try XCTUnwrap(listed["result"]?["tools"]?.arrayValue)
        XCTAssertEqual(tools.compactMap { $0["name"]?.stringValue },
                       ["verify", "drill", "explore", "census", "coverage", "query_touches", "query_kinds", "query_sql", "lint", "pending", "show", "map", "scope", "doctor", "explain"])
        for tool in tools {
            XCTAssertEqual(tool["inputSchema"]?["type"]?.stringValue, "object", "\(tool)")
            XCTAssertEqual(tool["outputSchema"]?["type"]?.stringValue, "object", "\(tool)")
        }
        let touches = try XCTUnwrap(tools.first { $0["name"]?.stringValue == "query_touches" })
        XCTAssertEqual(touches["inputSchema"]?["required"], .array([.string("kind")]))

        let census = try client.request(3, "tools/call", #"{"name":"census","arguments":{}}"#)
        let structured = try XCTUnwrap(census["result"]?["structuredContent"], "\(census)")
        XCTAssertEqual(structured["status"]?.stringValue, "holds", "\(structured)")
        XCTAssertEqual(census["result"]?["isError"]?.boolValue, false)
        let total = try XCTUnwrap(structured["result"]?["features"]?.arrayValue?.last)
        XCTAssertEqual(total["feature"]?.stringValue, "total")
        XCTAssertEqual([total["path"], total["slot"], total["tabs"], total["stage"]].map { $0?.intValue }, [2, 5, 1, 1])
        // The same result as `duet census --format json` from the same folder.
        let verb = duet("--corpus", corpusPath, "census", "--format", "json", in: packageRoot.path)
        XCTAssertEqual(structured["result"], try CanonicalJSON.parse(verb.stdout))
        XCTAssertEqual(try CanonicalJSON.parse(try XCTUnwrap(census["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue)), structured,
                       "the text block is the structured content, for clients that read text only")
    }

    func testTheCoverageToolAnswersAsTheVerbDoesAndRefusesAnUnknownFeature() throws {
        let client = try session()
        defer { client.close() }
        _ = try initialize(client, version: "2025-11-25")
        let coverage = try client.request(2, "tools/call", #"{"name":"coverage","arguments":{"feature":"timeline"}}"#)
        let structured = try XCTUnwrap(coverage["result"]?["structuredContent"], "\(coverage)")
        XCTAssertEqual(structured["status"]?.stringValue, "holds", "\(structured)")
        let verb = duet("--corpus", corpusPath, "coverage", "--feature", "timeline", "--format", "json", in: packageRoot.path)
        XCTAssertEqual(structured["result"], try CanonicalJSON.parse(verb.stdout))
        XCTAssertEqual(structured["result"]?["features"]?.arrayValue?.compactMap { $0["feature"]?.stringValue }, ["timeline"])
        let unknown = try client.request(3, "tools/call", #"{"name":"coverage","arguments":{"feature":"nope"}}"#)
        XCTAssertEqual(unknown["result"]?["isError"]?.boolValue, true, "\(unknown)")
    }

    func testTheMapToolAnswersAsTheVerbDoes() throws {
        let client = try session()
        defer { client.close() }
        _ = try initialize(client, version: "2025-11-25")
        let map = try client.request(2, "tools/call", #"{"name":"map","arguments":{"feature":"mainnav"}}"#)
        let structured = try XCTUnwrap(map["result"]?["structuredContent"], "\(map)")
        let verb = duet("--corpus", corpusPath, "map", "mainnav", "--format", "json", in: packageRoot.path)
        XCTAssertEqual(structured["result"], try CanonicalJSON.parse(verb.stdout))
        let nodes = structured["result"]?["features"]?.arrayValue?.first?["nodes"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        XCTAssertTrue(nodes.contains("tabs:myLane · slot:inviteCode"), "\(nodes)")
        let wrong = try client.request(3, "tools/call", #"{"name":"map","arguments":{"feature":"mainnva"}}"#)
        XCTAssertEqual(wrong["result"]?["isError"]?.boolValue, true, "\(wrong)")
    }

    func testErrorsAreProtocolErrorsOrToolErrorsAndTheSessionGoesOn() throws {
        let client = try session()
        defer { client.close() }
        let early = try client.request(1, "tools/list")
        XCTAssertEqual(early["error"]?["code"]?.intValue, -32002, "tools before initialize")
        _ = try initialize(client, version: "2025-06-18")

        let unknown = try client.request(2, "tools/call", #"{"name":"no_such_tool","arguments":{}}"#)
        XCTAssertEqual(unknown["error"]?["code"]?.intValue, -32602)
        XCTAssertEqual(try client.request(3, "resources/list")["error"]?["code"]?.intValue, -32601)

        let fixtures = try Corpus.open(at: corpusPath).fixtureNames().count
        let write = try client.request(4, "tools/call", #"{"name":"query_sql","arguments":{"sql":"DELETE FROM fixtures"}}"#)
        XCTAssertEqual(write["result"]?["isError"]?.boolValue, true, "\(write)")
        XCTAssertEqual(write["result"]?["structuredContent"]?["status"]?.stringValue, "usage")
        XCTAssertEqual(write["result"]?["structuredContent"]?["exitCode"]?.intValue, 2)
        XCTAssertEqual(try Corpus.open(at: corpusPath).fixtureNames().count, fixtures, "the refused statement changed nothing")

        let missing = try client.request(5, "tools/call", #"{"name":"show","arguments":{}}"#)
        XCTAssertEqual(missing["result"]?["isError"]?.boolValue, true)
        XCTAssertTrue(missing["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("needs \"fixture\"") == true, "\(missing)")
        let wrongType = try client.request(6, "tools/call", #"{"name":"show","arguments":{"fixture":"splash.finds-none","step":"one"}}"#)
        XCTAssertEqual(wrongType["result"]?["isError"]?.boolValue, true)

        client.send("this is not JSON")
        XCTAssertEqual(try client.readReply()["error"]?["code"]?.intValue, -32700)
        let shown = try client.request("step-1", "tools/call", #"{"name":"show","arguments":{"fixture":"splash.finds-none","step":1}}"#)
        XCTAssertEqual(shown["id"]?.stringValue, "step-1", "string ids come back as sent")
        XCTAssertEqual(shown["result"]?["structuredContent"]?["result"]?["steps"]?.arrayValue?.first?["step"]?.intValue, 1)
        XCTAssertEqual(try client.request(8, "ping")["result"], .object(JSONObject()))
    }
}

/// The client side of MCP's stdio transport: the server as a child process, one JSON message per line.
final class MCPClient {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffered: [UInt8] = []

    init(arguments: [String], in directory: String) throws {
        process.executableURL = URL(fileURLWithPath: try BuildProducts.executable("duet"))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

    func notify(_ method: String) { send(#"{"jsonrpc":"2.0","method":"\#(method)"}"#) }

    func request(_ id: Int, _ method: String, _ params: String? = nil) throws -> JSONValue {
        send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)""# + (params.map { #","params":\#($0)"# } ?? "") + "}")
        return try readReply()
    }

    func request(_ id: String, _ method: String, _ params: String) throws -> JSONValue {
        send(#"{"jsonrpc":"2.0","id":"\#(id)","method":"\#(method)","params":\#(params)}"#)
        return try readReply()
    }

    /// The next line the server writes, parsed.
    func readReply() throws -> JSONValue { try CanonicalJSON.parse(try readLine()) }

    /// The next line the server writes, as bytes.
    func readLine() throws -> [UInt8] {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffered[..<newline])
                buffered.removeFirst(newline + 1)
                return line
            }
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw CocoaError(.fileReadUnknown) }
            buffered += Array(data)
        }
    }

    func send(bytes: [UInt8]) { input.fileHandleForWriting.write(Data(bytes + [0x0A])) }

    var processIdentifier: Int32 { process.processIdentifier }

    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
