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
        try choice("--format", as: .format, default: fallback)
    }

    /// The value of `option`, one of `Choice`'s cases; an unknown one names the closest.
    func choice<Choice: RawRepresentable & CaseIterable>(_ option: String, as category: NameResolver.Category,
                                                         default fallback: Choice) throws(UsageError) -> Choice where Choice.RawValue == String {
        guard let raw = value(option) else { return fallback }
        let known = Choice.allCases.map(\.rawValue)
        return Choice(rawValue: try NameResolver.resolve(raw, as: category, among: known))!
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
