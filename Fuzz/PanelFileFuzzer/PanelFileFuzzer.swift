// The panel-file reader under libFuzzer (`Scripts/fuzz.sh SECONDS panel-file`); built without -DFUZZING it checks the files it
// is given instead (a corpus, or a crash libFuzzer saved) and exits 1 on any violation.
import SliderFuzzing

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt { FuzzEntry.test(data, count, with: PanelFileCheck.violations) }
#else
@main
struct PanelFileFuzzer {
    static func main() { FuzzEntry.checkFiles(with: PanelFileCheck.violations) }
}
#endif
