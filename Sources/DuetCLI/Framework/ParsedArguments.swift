/// The arguments of one invocation, checked against the verb's `OptionSpec`s.
public struct ParsedArguments: Sendable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    public internal(set) var positionals: [String] = []

    public init() {}

    public func flag(_ name: String) -> Bool { flags.contains(name) }
    public func value(_ name: String) -> String? { values[name]?.last }
    public func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The parsed `--format`, defaulting to a table.
    public func format(default fallback: OutputFormat = .table) throws(UsageError) -> OutputFormat {
        guard let raw = value("--format") else { return fallback }
        guard let format = OutputFormat(rawValue: raw) else {
            throw UsageError("unknown format '\(raw)'; use one of: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return format
    }

    /// The single positional argument at `index`, or a usage error naming it.
    public func positional(_ index: Int, named name: String) throws(UsageError) -> String {
        guard positionals.indices.contains(index) else { throw UsageError("missing \(name)") }
        return positionals[index]
    }
}

/// The command line was wrong: say what, and the CLI prints the verb's usage after it.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
