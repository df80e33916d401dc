/// An error a panel program reports in one line.
package struct PanelProgramError: Error, CustomStringConvertible {
    package let description: String
    package init(description: String) { self.description = description }
}
