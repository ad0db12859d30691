import DuetCorpus
import DuetManifest

extension VerbContext {
    /// Where the corpus is: `--corpus`, then `DUET_CORPUS`, then the repository's `corpus.db`.
    public var corpusLocation: CorpusLocation {
        CorpusLocation.locate(explicit: corpusOption, environment: environment, workingDirectory: workingDirectory)
    }

    /// Opens the corpus (building it from the seed first when the file is missing) and prints
    /// the notices on stderr. Opened once per invocation.
    public func corpus(migrate: Bool = false) throws -> Corpus {
        if let opened = openedCorpus { return opened }
        let opened = try corpusLocation.open(migrate: migrate)
        opened.notices.forEach { note("duet: \($0)") }
        openedCorpus = opened.corpus
        return opened.corpus
    }

    /// The nearest `parity/manifest.yaml`, read and checked; nil when there is none.
    public func manifest() throws -> Manifest? {
        guard let path = Manifest.locate(from: workingDirectory) else { return nil }
        return try Manifest.load(path: path)
    }
}
