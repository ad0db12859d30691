// duet-fuzz: the fuzz targets of the canonical parser, the fixture reader and the manifest reader.
//
// Under libFuzzer (tools/fuzz/run.sh builds it with -sanitize=fuzzer,address -D FUZZING), the target
// is picked by DUET_FUZZ_TARGET=dialect|fixture|manifest and a property that fails traps, so
// libFuzzer keeps the input. Built normally, it replays files through a target:
//
//   duet-fuzz TARGET FILE_OR_DIR…     exit 1 when a property fails on any of them
//
// No main.swift: libFuzzer brings its own `main`, so the replay entry point is an `@main` type
// compiled only without FUZZING.

import Foundation
import DuetFuzzProperties

#if FUZZING
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["DUET_FUZZ_TARGET"] ?? "dialect"
    guard let target = FuzzTarget(rawValue: name) else { fatalError("DUET_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))") }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    if let finding = target.finding(in: bytes) { fatalError("duet-fuzz \(target.rawValue): \(finding)") }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                             _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main`: hand that one to libFuzzer's driver.
@_cdecl("duet_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOne(data, size) }
}
#else
@main
enum DuetFuzzReplay {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let first = arguments.first, let target = FuzzTarget(rawValue: first), arguments.count > 1 else {
            FileHandle.standardError.write(Data("usage: duet-fuzz dialect|fixture|manifest FILE_OR_DIR…\n".utf8))
            exit(2)
        }
        var files: [String] = []
        for path in arguments.dropFirst() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("duet-fuzz: no such file \(path)\n".utf8))
                exit(2)
            }
            files += isDirectory.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
                : [path]
        }
        var findings = 0
        for file in files {
            if let finding = target.finding(in: Array(FileManager.default.contents(atPath: file) ?? Data())) {
                findings += 1
                print("\(file): \(finding)")
            }
        }
        print("duet-fuzz \(target.rawValue): \(files.count) input(s), \(findings) finding(s)")
        exit(findings == 0 ? 0 : 1)
    }
}
#endif
