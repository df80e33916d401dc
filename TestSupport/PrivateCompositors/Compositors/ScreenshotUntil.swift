import Foundation
import SliderRenderer

/// Screenshots taken by `take` until one `shows` what is expected or `timeout` seconds pass (a frame may still
/// be on its way, or a compositor's own animation); returns the last.
package func screenshot(until shows: (RGBAImage) -> Bool, timeout: Double = 5, taking take: () throws -> RGBAImage) throws -> RGBAImage {
    let deadline = Date().addingTimeInterval(timeout)
    var shot = try take()
    while !shows(shot) && Date() < deadline { shot = try take() }
    return shot
}
