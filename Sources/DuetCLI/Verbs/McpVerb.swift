/// `duet mcp`
struct McpVerb: Verb {
    static let name = "mcp"
    static let summary = "Serve the read verbs and gates to an AI agent as Model Context Protocol tools on stdin/stdout."
    static let discussion = """
    A stdio MCP server (JSON-RPC 2.0, one message per line; protocol revisions \(MCPServer.protocolVersions.joined(separator: " and "))).
    Tools: \(MCPCatalogue.all.map(\.name).joined(separator: ", ")). Each runs the verb of that name in this process with
    --format json, so its result is the verb's JSON; the structured content adds status (holds, findings,
    usage, environment), exitCode and notes (what the verb wrote on stderr). Every call reads the corpus
    afresh (synced with the tree first), from the folder the server was started in.
    The server runs until its input ends.

    Example (an agent's configuration):
      {"mcpServers": {"duet": {"command": "duet", "args": ["mcp"], "cwd": "/path/to/repo"}}}
    """
    static let options: [OptionSpec] = []

    init(arguments: ParsedArguments) throws(UsageError) {}

    func run(_ context: VerbContext) throws -> ExitStatus {
        let server = MCPServer(environment: context.environment, workingDirectory: context.workingDirectory, corpusOption: context.corpusOption)
        server.serve(nextLine: { readLine(strippingNewline: true).map { Array($0.utf8) } }, write: context.write(bytes:))
        return .holds
    }
}
