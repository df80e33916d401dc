import CLibcExtensions
import Glibc
import SliderCore

extension NumberSymbols {
    /// The number symbols of the C library's locale `name` (`LC_NUMERIC`; "" for the environment's: `LC_ALL`,
    /// `LC_NUMERIC`, `LANG`), from its locale data: no ICU. nil when the locale is not installed.
    package init?(locale name: String) {
        let size = 64
        var decimal = [CChar](repeating: 0, count: size), thousands = decimal, grouping = decimal
        guard slider_number_symbols(name, &decimal, &thousands, &grouping, size) == 0 else { return nil }
        // C's grouping: each byte a group size, from the decimal point leftwards; CHAR_MAX (or 0, repeat) ends it.
        var sizes: [Int] = []
        for byte in grouping.prefix(while: { $0 != 0 }) {
            guard byte > 0 && byte < CChar.max else { break }
            sizes.append(Int(byte))
        }
        self.init(decimalSeparator: String(cString: decimal), groupingSeparator: String(cString: thousands), grouping: sizes)
    }
}
