// The PNG reader under libFuzzer (`Scripts/fuzz.sh SECONDS png`); built without -DFUZZING it checks the files it
// is given instead (a corpus, or a crash libFuzzer saved) and exits 1 on any violation.
import SliderFuzzing

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt { FuzzEntry.test(data, count, with: PNGCheck.violations) }
#else
@main
struct PNGFuzzer {
    static func main() { FuzzEntry.checkFiles(with: PNGCheck.violations) }
}
#endif
