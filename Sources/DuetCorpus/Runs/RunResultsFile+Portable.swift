extension RunResultsFile {
    /// The file as it is shared: runners, runner failures and failure messages name paths relative
    /// to `tree` (`kotlin/build/memorylane-runner`, not this machine's absolute path).
    ///
    /// ```swift
    /// try AtomicFile.write(file.portable(in: tree).prettyBytes, to: "results-1.json")
    /// ```
    public func portable(in tree: RecordTree) -> RunResultsFile {
        var copy = self
        copy.runs = runs.map { run in
            var run = run
            run.runner = tree.portable(run.runner)
            run.runnerFailure = run.runnerFailure.map(tree.portable)
            run.results = run.results.map { result in
                var result = result
                let message = result.failure?.message.map(tree.portable)
                result.failure?.message = message
                return result
            }
            return run
        }
        return copy
    }
}
