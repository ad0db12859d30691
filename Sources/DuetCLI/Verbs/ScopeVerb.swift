import Foundation
import Duet
import DuetCorpus
import DuetGates

/// `duet scope PATH… [--format F]`
struct ScopeVerb: Verb {
    static let name = "scope"
    static let summary = "Say what governs a file: its feature, the gates that judge a change to it and the fixtures they replay."
    static let discussion = """
    A file is governed when it is a fixture of record or a pending recording, the manifest, the
    mutation plan or a stored milestone; a feature's swift: or kotlin: source or its scenario: file
    (as parity/manifest.yaml declares them), or another Swift file in the folder of a feature's
    source; a Kotlin twin (a .kt file declaring `object X : Feature<…>("feature", …)`, or one beside
    it named after X); the Swift runner's own target (runners.swift: swift run PRODUCT); or a file a
    mutation row changes. Anything else is "not governed": no gate would notice a change to it.
    Paths are relative to the working directory. --format json gives every role with its fixtures.
    Exit 0 (governed or not), 2 a path outside the tree, or missing and governed by nothing.

    Example:
      duet scope Sources/MemoryLane/Timeline/Timeline.swift
      duet scope parity/fixtures/splash.finds-none.fixture.json --format json
    """
    static let options: [OptionSpec] = [.positional("PATH", help: "Files of the tree.", repeating: true, optional: false), .format]

    let paths: [String]
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.positionals
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        guard let tree = context.tree else {
            throw InputError(file: RecordTree.parityFolder + "/", message: "no Duet tree here (no parity/ walking up from \(context.workingDirectory))",
                             fix: "run from the repository, or `duet init` to make one")
        }
        let corpus = try context.corpus()
        let manifest = try context.manifest()
        let planPath = tree.absolute(MutationPlan.relativePath)
        let plan = FileManager.default.fileExists(atPath: planPath) ? try? MutationPlan.read(path: planPath) : nil
        var scopes: [FileScope] = []
        for path in paths {
            let absolute = context.absolutePath(path)
            guard absolute == tree.root || absolute.hasPrefix(tree.root + "/") else {
                throw InputError(file: path, message: "is outside the tree \(tree.root)", fix: "name a file of the repository")
            }
            let scope = try FileScope.of(absolute, tree: tree, manifest: manifest, corpus: corpus, mutationPlan: plan)
            if !scope.exists && !scope.governed {
                throw InputError(file: path, message: "no such file, and nothing names it", fix: "check the path (relative to \(context.workingDirectory))")
            }
            scopes.append(scope)
        }
        if format == .json {
            context.write(try Self.json(scopes).prettyString)
        } else if format == .table {
            context.write(scopes.map(Self.text).joined(separator: "\n"))
        } else {
            context.render(Report(Self.table(scopes)), as: format)
        }
        return .holds
    }

    static func text(_ scope: FileScope) -> String {
        guard scope.governed else {
            return "\(scope.path): not governed — no fixture, scenario, feature source, Kotlin twin, manifest entry or mutation row names it; no gate notices a change to it\n"
        }
        var out = "\(scope.path)" + (scope.exists ? "" : "  (missing)") + "\n"
        for role in scope.roles {
            out += "  \(role.summary)" + (role.fixtures.isEmpty ? "" : " — \(Counted(role.fixtures.count, "fixture"))") + "\n"
        }
        let gates = scope.gates
        let width = gates.map(\.command.count).max() ?? 0
        out += "  gates:\n"
        for gate in gates { out += "    " + gate.command.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + gate.checks + "\n" }
        if !scope.fixtures.isEmpty {
            out += "  fixtures: " + NameList.shortened(scope.fixtures, limit: 6) + "\n"
        }
        return out
    }

    static func table(_ scopes: [FileScope]) -> Table {
        Table(columns: ["path", "governed", "role", "features", "fixtures", "gates"], rows: scopes.flatMap { scope -> [[Table.Cell]] in
            guard scope.governed else { return [[.text(scope.path), .bool(false), .none, .none, .int(0), .none]] }
            return scope.roles.map { role in
                [.text(scope.path), .bool(true), .text(role.role.rawValue), .text(role.features.joined(separator: " ")), .int(role.fixtures.count),
                 .text(role.gates.map(\.command).joined(separator: "; "))]
            }
        })
    }

    static func json(_ scopes: [FileScope]) throws -> JSONValue {
        .array(try scopes.map { scope in
            guard case .object(var object) = try CanonicalEncoder().encode(scope) else { return .null }
            object["governed"] = .bool(scope.governed)
            object["features"] = .array(scope.features.map(JSONValue.string))
            object["fixtures"] = .array(scope.fixtures.map(JSONValue.string))
            object["gates"] = try CanonicalEncoder().encode(scope.gates)
            return .object(object)
        })
    }
}
