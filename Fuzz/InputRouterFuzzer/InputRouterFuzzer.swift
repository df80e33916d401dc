// The input router and tracking engine under libFuzzer (`Scripts/fuzz.sh`); built without -DFUZZING it checks the
// files it is given instead (a corpus, or a crash libFuzzer saved) and exits 1 on any violation.
import SliderFuzzing

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt { FuzzEntry.test(data, count, with: InputRouterCheck.violations) }
#else
@main
struct InputRouterFuzzer {
    static func main() { FuzzEntry.checkFiles(with: InputRouterCheck.violations) }
}
#endif
