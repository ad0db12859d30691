import Foundation

extension VerbContext {
    /// `path` as given on the command line, made absolute against the working directory.
    public func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).standardizedFileURL.path
    }
}
