import Duet

/// The verbs `duet mcp` offers as tools: each is the verb itself, run in-process with
/// `--format json` (the same library calls, the same result as on the command line), its
/// arguments described by a JSON Schema and mapped onto the verb's options.
struct MCPTool {
    struct Parameter: Sendable {
        /// `file`: a path to a file inside the tree (`MCPArgumentConfinement` refuses any other).
        enum Kind: Sendable { case string, integer, boolean, choice([String]), file }
        var name: String
        var kind: Kind
        var description: String
        var required = false
        /// The verb's option (`--feature`); nil for the positional argument.
        var option: String?
    }

    var name: String
    var title: String
    var description: String
    var verb: any Verb.Type
    var parameters: [Parameter]
    /// The JSON Schema of `result` in the structured content (the verb's `--format json`).
    var result: JSONValue
    var readOnly = true
    /// Builds the positional argument from several parameters (`show`: FIXTURE#STEP).
    var positional: (@Sendable (JSONObject) -> String?)? = nil

    /// The verb's command-line arguments for `arguments`; a wrong argument is the caller's to fix.
    func commandLine(_ arguments: JSONObject) throws(MCPArgumentError) -> [String] {
        let known = Set(parameters.map(\.name))
        if let unknown = arguments.keys.sorted().first(where: { !known.contains($0) }) {
            throw MCPArgumentError("\(name): " + NameResolver.unknown(unknown, as: .argument, among: parameters.map(\.name))
                                   + " (its inputSchema in tools/list describes them)")
        }
        var line: [String] = []
        for parameter in parameters {
            guard let value = arguments[parameter.name], value != .null else {
                if parameter.required { throw MCPArgumentError("\(name) needs \"\(parameter.name)\": \(parameter.description)") }
                continue
            }
            let text: String
            switch (parameter.kind, value) {
            case (.string, .string(let string)), (.file, .string(let string)): text = string
            case (.integer, .int(let number)): text = String(number)
            case (.boolean, .bool(let flag)):
                if flag, let option = parameter.option { line.append(option) }
                continue
            case (.choice(let choices), .string(let string)) where choices.contains(string): text = string
            case (.choice(let choices), .string(let string)):
                throw MCPArgumentError("\(name): \"\(parameter.name)\": " + NameResolver.unknown(string, as: .choice(parameter.name), among: choices))
            case (.choice(let choices), _):
                throw MCPArgumentError("\"\(parameter.name)\" is one of \(choices.joined(separator: ", "))")
            default:
                throw MCPArgumentError("\"\(parameter.name)\" must be \(Self.typeName(parameter.kind)), not \(JSONRPC.excerpt(value.canonicalString))")
            }
            if let option = parameter.option { line += [option, text] } else if positional == nil { line.append(text) }
        }
        if let positional, let built = positional(arguments) { line.insert(built, at: 0) }
        return line + ["--format", "json"]
    }

    /// The tool as `tools/list` shows it.
    var listing: JSONValue {
        var properties = JSONObject()
        for parameter in parameters {
            var schema = JSONObject()
            switch parameter.kind {
            case .string, .file: schema["type"] = .string("string")
            case .integer: schema["type"] = .string("integer")
            case .boolean: schema["type"] = .string("boolean")
            case .choice(let choices):
                schema["type"] = .string("string")
                schema["enum"] = .array(choices.map(JSONValue.string))
            }
            schema["description"] = .string(parameter.description)
            properties[parameter.name] = .object(schema)
        }
        let input = JSONRPC.object([
            "type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false),
            "required": .array(parameters.filter(\.required).map { .string($0.name) }),
        ])
        return JSONRPC.object([
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": input, "outputSchema": Self.outputSchema(result: result),
            "annotations": JSONRPC.object(["readOnlyHint": .bool(readOnly), "destructiveHint": .bool(false),
                                           "idempotentHint": .bool(readOnly), "openWorldHint": .bool(false)]),
        ])
    }

    /// Every tool's structured content: the exit status in words and as a number, the verb's
    /// JSON result (absent when it stopped before one), and what it said on stderr.
    static func outputSchema(result: JSONValue) -> JSONValue {
        JSONRPC.object([
            "type": .string("object"),
            "properties": JSONRPC.object([
                "status": JSONRPC.object(["type": .string("string"), "enum": .array(["holds", "findings", "usage", "environment"].map(JSONValue.string)),
                                          "description": .string("holds (0), findings (1: a check found something), usage (2: bad input), environment (3)")]),
                "exitCode": JSONRPC.object(["type": .string("integer")]),
                "result": result,
                "notes": JSONRPC.object(["type": .string("array"), "items": JSONRPC.object(["type": .string("string")]),
                                         "description": .string("what the verb wrote on stderr: notices, findings, errors with the fix")]),
            ]),
            "required": .array(["status", "exitCode", "notes"].map(JSONValue.string)),
        ])
    }

    private static func typeName(_ kind: Parameter.Kind) -> String {
        switch kind {
        case .string, .choice, .file: return "a string"
        case .integer: return "an integer"
        case .boolean: return "true or false"
        }
    }
}

/// A tool was called with arguments its schema does not allow.
struct MCPArgumentError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
