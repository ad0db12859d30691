/// Table-driven parsing of `--flag`, `--name value`, `--name=value`, positionals, and `--`.
enum ArgumentParser {
    static func parse(_ arguments: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        let named = Dictionary(specs.filter { !$0.isPositional }.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                if argument.hasPrefix("-") && argument != "-" && !onlyPositionals {
                    throw UsageError(NameResolver.unknown(argument, as: .option, among: optionNames(specs)))
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = named[name] else { throw UsageError(NameResolver.unknown(name, as: .option, among: optionNames(specs))) }
            switch spec.kind {
            case .flag:
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
                parsed.flags.insert(name)
            case .value(let placeholder, let repeating):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("\(name) needs a value (\(placeholder))") }
                    value = arguments[index]
                    index += 1
                }
                if !repeating, parsed.values[name] != nil { throw UsageError("\(name) given twice") }
                parsed.values[name, default: []].append(value)
            case .positional:
                break
            }
        }
        try checkPositionals(parsed.positionals, specs: specs.filter(\.isPositional))
        return parsed
    }

    /// The options a verb takes, `--help` included, as suggestions name them.
    private static func optionNames(_ specs: [OptionSpec]) -> [String] {
        specs.filter { !$0.isPositional }.map(\.name) + ["--help"]
    }

    private static func checkPositionals(_ given: [String], specs: [OptionSpec]) throws(UsageError) {
        let repeating = specs.contains { if case .positional(true, _) = $0.kind { return true } else { return false } }
        let required = specs.filter { if case .positional(_, false) = $0.kind { return true } else { return false } }
        if given.count < required.count {
            throw UsageError("missing \(required[given.count].name)")
        }
        if !repeating, given.count > specs.count {
            throw UsageError("unexpected argument '\(given[specs.count])'")
        }
    }
}
