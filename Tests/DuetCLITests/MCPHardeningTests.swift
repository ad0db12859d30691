import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// `duet mcp` against a hostile client: file arguments stay inside the tree (no `/etc/shadow`, no
/// `/dev/zero`, no FIFO), a message over the cap is refused with a short JSON-RPC error that
/// never echoes it, invalid UTF-8 is a parse error, and a fractional id is answered with that id,
/// as JSON-RPC 2.0 asks — and after each the session goes on.
final class MCPHardeningTests: XCTestCase {
    private var work: URL!
    private var tree: URL { work.appendingPathComponent("repo") }
    private var corpusPath: String { work.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        work = try temporaryDirectory()
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try Data("census:\n  rulings: []\n".utf8).write(to: tree.appendingPathComponent("parity/manifest.yaml"))
        let load = duet("--corpus", corpusPath, "corpus", "load", packageRoot.appendingPathComponent("corpus.db.seed").path, in: work.path)
        XCTAssertEqual(load.status, .holds, load.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    private func session(_ extra: [String] = []) throws -> MCPClient {
        let session = try MCPClient(arguments: ["--corpus", corpusPath, "mcp"] + extra, in: tree.path)
        _ = try session.request(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}"#)
        return session
    }

    private func call(_ session: MCPClient, _ tool: String, _ arguments: String) throws -> JSONValue {
        try CanonicalJSON.parse(try session.request(#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#))
    }

    private func quoted(_ path: String) -> String { JSONValue.string(path).canonicalString }

    func testAManifestArgumentOutsideTheTreeIsRefusedBeforeItIsOpened() throws {
        let secrets = work.appendingPathComponent("secrets.yaml")
        try Data("secret_key_name: hunter2\n".utf8).write(to: secrets)
        let fifo = tree.appendingPathComponent("parity/pipe.yaml")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let session = try session()
        defer { session.close() }
        for (path, says) in [("/etc/shadow", "outside the tree"), (secrets.path, "outside the tree"), ("../secrets.yaml", "outside the tree"),
                             ("/dev/zero", "outside the tree"), (fifo.path, "not a regular file"), ("parity", "not a regular file")] {
            for tool in ["census", "lint"] {
                let reply = try call(session, tool, #"{"manifest":\#(quoted(path))}"#)
                XCTAssertEqual(reply["result"]?["isError"]?.boolValue, true, "\(tool) \(path): \(reply)")
                let text = reply.canonicalString
                XCTAssertTrue(text.contains(says), "\(tool) \(path): \(text)")
                XCTAssertFalse(text.contains("secret_key_name"), "nothing of the file is read: \(text)")
            }
        }
        let inside = try call(session, "census", #"{"manifest":"parity/manifest.yaml"}"#)
        XCTAssertEqual(inside["result"]?["structuredContent"]?["status"]?.stringValue, "findings", "the control: a manifest in the tree is read: \(inside)")
    }

    func testAMessageOverTheCapIsAShortErrorAndTheSessionGoesOn() throws {
        let session = try session(["--max-message-bytes", "65536"])
        defer { session.close() }
        let payload = String(repeating: "A", count: 200_000)
        let reply = try session.request(#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"\#(payload)"}}"#)
        XCTAssertLessThan(reply.count, 600, "the reply is short: \(reply.prefix(300))")
        XCTAssertFalse(reply.contains("AAAA"), "the payload is not echoed")
        let error = try CanonicalJSON.parse(reply)
        XCTAssertEqual(error["error"]?["code"]?.intValue, -32600, reply)
        XCTAssertEqual(error["id"], .null)
        XCTAssertTrue(error["error"]?["message"]?.stringValue?.contains("65536") == true, reply)
        XCTAssertEqual(try CanonicalJSON.parse(try session.request(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#))["id"]?.intValue, 3)
    }

    func testTheDefaultCapRefusesAFiveMegabyteMessage() throws {
        let session = try session()
        defer { session.close() }
        let reply = try session.request(#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":""# + String(repeating: "B", count: 5 << 20) + #""}}"#)
        XCTAssertEqual(try CanonicalJSON.parse(reply)["error"]?["code"]?.intValue, -32600, String(reply.prefix(300)))
        XCTAssertLessThan(reply.count, 600)
    }

    func testNothingOfALongFieldIsEchoedBack() throws {
        let session = try session()
        defer { session.close() }
        let long = String(repeating: "m", count: 100_000)
        let reply = try session.request(#"{"jsonrpc":"2.0","id":4,"method":"\#(long)"}"#)
        XCTAssertEqual(try CanonicalJSON.parse(reply)["error"]?["code"]?.intValue, -32601)
        XCTAssertLessThan(reply.count, 600, String(reply.prefix(300)))
        let tool = try session.request(#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"\#(long)"}}"#)
        XCTAssertLessThan(tool.count, 1_000, String(tool.prefix(300)))
    }

    func testInvalidUTF8IsAParseError() throws {
        let session = try session()
        defer { session.close() }
        let reply = try session.request(bytes: Array(#"{"jsonrpc":"2.0","id":6,"method":"ping","params":{"x":""#.utf8) + [0xFF, 0xFE] + Array(#""}}"#.utf8))
        XCTAssertEqual(try CanonicalJSON.parse(reply)["error"]?["code"]?.intValue, -32700, reply)
        XCTAssertEqual(try CanonicalJSON.parse(reply)["id"], .null)
    }

    func testAFractionalIdIsAnsweredWithThatId() throws {
        let session = try session()
        defer { session.close() }
        let reply = try session.request(#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#)
        XCTAssertEqual(reply, #"{"id":1.5,"jsonrpc":"2.0","result":{}}"#)
        let big = try session.request(#"{"jsonrpc":"2.0","id":12345678901234567890123,"method":"ping"}"#)
        XCTAssertEqual(big, #"{"id":12345678901234567890123,"jsonrpc":"2.0","result":{}}"#)
        // A fraction inside the arguments is the tool's to refuse, with the id the request carried.
        let params = try CanonicalJSON.parse(try session.request(#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"show","arguments":{"fixture":"x","step":1.5}}}"#))
        XCTAssertEqual(params["id"]?.intValue, 9)
        XCTAssertEqual(params["error"]?["code"]?.intValue, -32602, "\(params)")
    }
}

extension MCPClient {
    /// One request as raw bytes and its reply as text (a fractional id comes back as sent, which
    /// the canonical parser would refuse). A watchdog ends a server that stops answering, so a
    /// test fails instead of hanging.
    func request(bytes: [UInt8]) throws -> String {
        send(bytes: bytes)
        let pid = processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        defer { watchdog.cancel() }
        return String(decoding: try readLine(), as: UTF8.self)
    }

    func request(_ line: String) throws -> String { try request(bytes: Array(line.utf8)) }
}
