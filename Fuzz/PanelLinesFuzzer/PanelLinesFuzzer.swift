// The panel's input lines under libFuzzer (`Scripts/fuzz.sh SECONDS panel-lines`); built without -DFUZZING it checks the files it
// is given instead (a corpus, or a crash libFuzzer saved) and exits 1 on any violation.
import Foundation
import SliderFuzzing

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    if let violation = PanelLinesCheck.violations(in: UnsafeBufferPointer(start: data, count: count)).first { fatalError(violation) }
    return 0
}
#else
@main
struct PanelLinesFuzzer {
    static func main() { exit(FuzzCorpus.check(files: CommandLine.arguments.dropFirst(), with: PanelLinesCheck.violations)) }
}
#endif
