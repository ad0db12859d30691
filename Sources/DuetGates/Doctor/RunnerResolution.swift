import Foundation

/// Whether a runner command (`runners.PLATFORM` in the manifest) can start: its program is a file
/// of the tree, or a program on PATH, and `swift run PRODUCT` names a product the package declares.
enum RunnerResolution {
    static func check(platform: String, command: String, root: String, path: String) -> DoctorCheck {
        let id = "runner.\(platform)"
        let words = command.split(separator: " ").map(String.init).drop { $0.contains("=") && !$0.hasPrefix("-") }
        guard let program = words.first else {
            return DoctorCheck(id: id, status: .fails, detail: "runners.\(platform) is empty", fix: "name the command that starts the runner")
        }
        if program.contains("/") {
            let absolute = program.hasPrefix("/") ? program : root + "/" + program
            guard FileManager.default.fileExists(atPath: absolute) else {
                // A runner inside the tree that a build writes (kotlin/build/…) is not there on a fresh clone.
                return DoctorCheck(id: id, status: .notChecked, detail: "`\(command)`: \(program) is not built yet",
                                   fix: buildHint(platform: platform, program: program, root: root))
            }
            guard FileManager.default.isExecutableFile(atPath: absolute) else {
                return DoctorCheck(id: id, status: .fails, detail: "`\(command)`: \(program) is not executable", fix: "chmod +x \(program), or rebuild it")
            }
            return DoctorCheck(id: id, status: .holds, detail: "`\(command)`: \(program)")
        }
        guard let found = onPath(program, path: path) else {
            return DoctorCheck(id: id, status: .fails, detail: "`\(command)`: \(program) is not on PATH",
                               fix: "install it, or name the runner by its path in runners.\(platform)")
        }
        if program == "swift", words.dropFirst().first == "run" {
            let product = words.dropFirst(2).first { !$0.hasPrefix("-") }
            let package = (FileManager.default.contents(atPath: root + "/Package.swift")).map { String(decoding: $0, as: UTF8.self) }
            guard let package else {
                return DoctorCheck(id: id, status: .fails, detail: "`\(command)`: no Package.swift in \(root)", fix: "run the runner from the package's root")
            }
            if let product, !package.contains("\"\(product)\"") {
                return DoctorCheck(id: id, status: .fails, detail: "`\(command)`: Package.swift declares no target or product \(product)",
                                   fix: "add .executableTarget(name: \"\(product)\", …) (see `duet init`)")
            }
        }
        return DoctorCheck(id: id, status: .holds, detail: "`\(command)`: \(found)")
    }

    static func onPath(_ program: String, path: String) -> String? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + program
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private static func buildHint(platform: String, program: String, root: String) -> String {
        let parts = program.split(separator: "/")
        if let first = parts.first, FileManager.default.isExecutableFile(atPath: root + "/\(first)/build.sh") {
            return "build it: \(first)/build.sh"
        }
        return "build the \(platform) runner, or correct runners.\(platform)"
    }
}

/// A toolchain's version, asked of the program itself (`swift --version`, `kotlinc -version`).
enum VersionProbe {
    static func check(id: String, command: String, neededBy: String?, path: String, timeout: Double) -> DoctorCheck {
        let program = String(command.split(separator: " ")[0])
        guard RunnerResolution.onPath(program, path: path) != nil else {
            guard let neededBy else { return DoctorCheck(id: id, status: .notChecked, detail: "\(program) is not on PATH (no runner needs it)") }
            return DoctorCheck(id: id, status: .fails, detail: "\(program) is not on PATH; \(neededBy)",
                               fix: program == "kotlinc" ? "apt-get install kotlin (kotlin/build.sh does it when missing)" : "install the Swift toolchain and put its bin/ on PATH")
        }
        guard let ran = try? ShellCommand.run("timeout \(Int(timeout)) " + command, in: FileManager.default.temporaryDirectory.path), ran.succeeded else {
            return DoctorCheck(id: id, status: neededBy == nil ? .notChecked : .fails, detail: "`\(command)` did not answer within \(Int(timeout)) s",
                               fix: "run `\(command)` by hand to see why")
        }
        // The line that names the version: kotlinc prints JVM warnings before it.
        let lines = ran.output.split(separator: "\n").map(String.init)
        let version = lines.first { $0.lowercased().contains("version") || $0.contains("kotlinc") } ?? lines.first ?? ""
        return DoctorCheck(id: id, status: .holds, detail: version.trimmingCharacters(in: .whitespaces) + (neededBy.map { " — \($0)" } ?? ""))
    }
}
