/// `duet mcp`
struct McpVerb: Verb {
    static let name = "mcp"
    static let summary = "Serve the read verbs and gates to an AI agent as Model Context Protocol tools on stdin/stdout."
    static let discussion = """
    A stdio MCP server (JSON-RPC 2.0, one message per line; protocol revisions \(MCPServer.protocolVersions.joined(separator: " and "))).
    Tools: \(MCPCatalogue.all.map(\.name).joined(separator: ", ")). Each runs the verb of that name in this process with
    --format json, so its result is the verb's JSON; the structured content adds status (holds, findings,
    usage, environment), exitCode and notes (what the verb wrote on stderr). Every call reads the corpus
    afresh (synced with the tree first), from the folder the server was started in. A tool's file
    argument (manifest) must be a regular file inside that tree. A message longer than
    --max-message-bytes (default \(MCPMessageReader.defaultMaximumBytes) bytes) is not read: it is
    answered with an invalid-request error that says so, and the session goes on.
    The server runs until its input ends.

    Example (an agent's configuration):
      {"mcpServers": {"duet": {"command": "duet", "args": ["mcp"], "cwd": "/path/to/repo"}}}
    """
    static let options: [OptionSpec] = [
        .value("--max-message-bytes", placeholder: "N", help: "The longest message read (default \(MCPMessageReader.defaultMaximumBytes))."),
    ]

    let maximumMessageBytes: Int

    init(arguments: ParsedArguments) throws(UsageError) {
        let raw = arguments.value("--max-message-bytes") ?? String(MCPMessageReader.defaultMaximumBytes)
        guard let bytes = Int(raw), (1_024...(1 << 30)).contains(bytes) else {
            throw UsageError("--max-message-bytes takes a number of bytes from 1024 to 1073741824, not '\(raw)'")
        }
        maximumMessageBytes = bytes
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let server = MCPServer(environment: context.environment, workingDirectory: context.workingDirectory, corpusOption: context.corpusOption)
        server.serve(MCPMessageReader(fileDescriptor: 0, maximumBytes: maximumMessageBytes), write: context.write(bytes:))
        return .holds
    }
}
