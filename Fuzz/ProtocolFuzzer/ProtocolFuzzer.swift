// A window fed fuzzed Wayland events under libFuzzer (`Scripts/fuzz.sh SECONDS protocol`); built without -DFUZZING it checks the files it
// is given instead (a corpus, or a crash libFuzzer saved) and exits 1 on any violation.
import Foundation
import SliderFuzzing

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    if let violation = ProtocolCheck.violations(in: UnsafeBufferPointer(start: data, count: count)).first { fatalError(violation) }
    return 0
}
#else
@main
struct ProtocolFuzzer {
    static func main() { exit(FuzzCorpus.check(files: CommandLine.arguments.dropFirst(), with: ProtocolCheck.violations)) }
}
#endif
