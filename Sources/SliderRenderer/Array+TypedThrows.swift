extension Array {
    /// `withUnsafeBufferPointer` that keeps `body`'s error type: the standard library's does from Swift 6.1 on,
    /// Swift 6.0's (the distributions': Debian 13) rethrows `any Error`.
    func withUnsafeElements<Result, Failure: Error>(_ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Result) throws(Failure) -> Result {
        try withUnsafeBufferPointer { buffer in Swift.Result { () throws(Failure) in try body(buffer) } }.get()
    }
}
