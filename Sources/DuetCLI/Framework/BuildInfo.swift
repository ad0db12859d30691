/// What built this `duet` and where it runs, for files that travel between machines.
enum BuildInfo {
    /// The Swift compiler that built `duet` (`swift 6.3`).
    static var toolchain: String {
        #if compiler(>=6.4)
        return "swift 6.4 or later"
        #elseif compiler(>=6.3)
        return "swift 6.3"
        #elseif compiler(>=6.2)
        return "swift 6.2"
        #elseif compiler(>=6.1)
        return "swift 6.1"
        #else
        return "swift 6.0"
        #endif
    }

    /// Operating system and architecture (`linux x86_64`).
    static var host: String {
        #if os(Linux)
        let system = "linux"
        #elseif os(macOS)
        let system = "macos"
        #else
        let system = "other"
        #endif
        #if arch(x86_64)
        return system + " x86_64"
        #elseif arch(arm64)
        return system + " arm64"
        #else
        return system
        #endif
    }
}
