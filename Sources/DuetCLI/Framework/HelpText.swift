/// Help generated from each verb's declarations.
enum HelpText {
    static func overview() -> String {
        var out = """
        duet \(DuetCommandLine.version) — record, verify and question the behaviour of a dual-platform app.

        Usage: duet [--corpus PATH] VERB [OPTIONS]
               duet help [VERB]     duet VERB --help     duet --version

        Verbs:

        """
        let width = VerbTable.all.map { $0.name.count }.max() ?? 0
        for verb in VerbTable.all {
            out += "  " + verb.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + verb.summary + "\n"
        }
        out += """

        The corpus is --corpus PATH, else $DUET_CORPUS, else corpus.db in the nearest folder
        (walking up) that holds corpus.db.seed or parity/.
        Exit codes: 0 holds, 1 a check found something, 2 bad usage or input, 3 environment.

        """
        return out
    }

    /// The verbs named `word` and one more word (`corpus` → `corpus dump`, `corpus load`, …); nil when there are none.
    static func group(_ word: String) -> String? {
        let members = VerbTable.all.filter { $0.name.hasPrefix(word + " ") }
        guard !members.isEmpty else { return nil }
        let width = members.map { $0.name.count }.max() ?? 0
        var out = "Usage: duet \(word) VERB [OPTIONS]\n\nVerbs:\n"
        for verb in members {
            out += "  " + verb.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + verb.summary + "\n"
        }
        return out + "\nRun 'duet \(word) VERB --help' for the options of one.\n"
    }

    /// The one line after an error that says where to read more: the verb's help, or the list of verbs.
    static func pointer(_ verb: (any Verb.Type)?) -> String {
        guard let verb else { return "Run 'duet help' for the list of verbs.\n" }
        return "Run 'duet \(verb.name) --help' for its options and an example.\n"
    }

    static func usage(of verb: any Verb.Type) -> String {
        let synopsis = verb.options.map { spec -> String in
            switch spec.kind {
            case .flag: return "[\(spec.name)]"
            case .value(let placeholder, let repeating): return "[\(spec.name) \(placeholder)]" + (repeating ? "…" : "")
            case .positional(let repeating, let optional):
                let core = spec.name + (repeating ? "…" : "")
                return optional ? "[\(core)]" : core
            }
        }
        var out = "Usage: duet \(verb.name)" + (synopsis.isEmpty ? "" : " " + synopsis.joined(separator: " ")) + "\n\n"
        out += verb.summary + "\n"
        if !verb.options.isEmpty {
            out += "\nOptions:\n"
            let labels = verb.options.map { spec -> String in
                if case .value(let placeholder, _) = spec.kind { return "\(spec.name) \(placeholder)" }
                return spec.name
            }
            // "--help" is listed too, so it counts for the width (padding never truncates it).
            let width = (labels + ["--help"]).map(\.count).max() ?? 0
            for (label, spec) in zip(labels, verb.options) {
                out += "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + spec.help + "\n"
            }
            out += "  " + "--help".padding(toLength: width, withPad: " ", startingAt: 0) + "  Show this help.\n"
        }
        if !verb.discussion.isEmpty { out += "\n" + verb.discussion + (verb.discussion.hasSuffix("\n") ? "" : "\n") }
        return out
    }
}
