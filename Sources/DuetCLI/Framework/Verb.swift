/// A verb is three moves: parse its declared options, call one library function, render.
///
/// ```swift
/// struct CensusVerb: Verb {
///     static let name = "census"
///     static let summary = "Count L0 fields per feature; fail on unruled candidates."
///     static let options: [OptionSpec] = [.format]
///     let format: OutputFormat
///     init(arguments: ParsedArguments) throws(UsageError) { format = try arguments.format() }
///     func run(_ context: VerbContext) throws -> ExitStatus {
///         let census = try context.corpus().census()
///         context.render(census.report, as: format)
///         return census.unruled.isEmpty ? .holds : .findings
///     }
/// }
/// ```
public protocol Verb {
    /// One or more words: `fmt`, `corpus stats`, `query touches`.
    static var name: String { get }
    /// One line, shown in `duet help`.
    static var summary: String { get }
    /// Longer help shown by `duet VERB --help` after the options; may be empty.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    init(arguments: ParsedArguments) throws(UsageError)
    func run(_ context: VerbContext) throws -> ExitStatus
}

extension Verb {
    public static var discussion: String { "" }
}
