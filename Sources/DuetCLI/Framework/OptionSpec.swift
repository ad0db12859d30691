/// One declared argument of a verb; help text and parsing are both generated from these.
///
/// ```swift
/// static let options: [OptionSpec] = [
///     .flag("--check", help: "List files not in the pinned pretty form; exit 1 if any."),
///     .value("--format", placeholder: "FORMAT", help: "table, json, csv or md."),
///     .positional("FILE", help: "Files to format; - or none for stdin.", repeating: true),
/// ]
/// ```
public struct OptionSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        case flag
        case value(placeholder: String, repeating: Bool)
        case positional(repeating: Bool, optional: Bool)
    }
    /// `--check` for options; a display name (`FILE`) for positionals.
    public var name: String
    public var kind: Kind
    public var help: String

    public static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help)
    }
    public static func value(_ name: String, placeholder: String, help: String, repeating: Bool = false) -> OptionSpec {
        OptionSpec(name: name, kind: .value(placeholder: placeholder, repeating: repeating), help: help)
    }
    public static func positional(_ name: String, help: String, repeating: Bool = false, optional: Bool = true) -> OptionSpec {
        OptionSpec(name: name, kind: .positional(repeating: repeating, optional: optional), help: help)
    }

    /// The `--format table|json|csv|md` option every report verb takes.
    public static let format = OptionSpec.value("--format", placeholder: "FORMAT", help: "Output format: table (default), json, csv or md.")

    var isPositional: Bool { if case .positional = kind { return true } else { return false } }
}
