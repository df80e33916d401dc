/// The package's version: what `slider-panel --version` and `slider-demo --version` print. debian/changelog's
/// latest entry and the library's file name (Scripts/install.sh reads it from there) carry the same; InstallTests
/// holds them equal.
package let packageVersion = "0.1.0"
