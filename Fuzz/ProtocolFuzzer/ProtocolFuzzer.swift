// A window fed fuzzed Wayland events under libFuzzer (`Scripts/fuzz.sh SECONDS protocol`); built without -DFUZZING it checks the files it
// is given instead (a corpus, or a crash libFuzzer saved) and exits 1 on any violation.
import SliderFuzzing

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt { FuzzEntry.test(data, count, with: ProtocolCheck.violations) }
#else
@main
struct ProtocolFuzzer {
    static func main() { FuzzEntry.checkFiles(with: ProtocolCheck.violations) }
}
#endif
