import Foundation
import SliderRenderer
@_spi(Internals) import WaylandSlider

/// Input injected through weston's seat into a `SliderWindow`: every call waits until the window has
/// received and drawn what it caused and weston has presented that frame.
package final class TestInput {
    package struct Failure: Error, CustomStringConvertible { package let description: String }

    package let window: SliderWindow
    private let injected: InjectedInput

    package init(window: SliderWindow) throws {
        self.window = window
        injected = try InjectedInput(surface: window.frameLoop)
        try settle()
    }

    package func movePointer(to p: Point) throws { injected.movePointer(to: p); try settle() }
    package func pressButton() throws { injected.button(true); try settle() }
    /// Sends a motion without waiting for it, as a device does while the window's loop runs.
    package func sendPointerMotion(to p: Point) throws { injected.movePointer(to: p); try injected.flush() }
    package func releaseButton() throws { injected.button(false); try settle() }
    package func scroll(notches: Int32) throws { injected.scroll(notches: notches); try settle() }

    /// Presses at `from`, moves to `to` in `steps` motions, releases.
    package func drag(from: Point, to: Point, steps: Int = 8) throws {
        try movePointer(to: from)
        try pressButton()
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try movePointer(to: Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
        }
        try releaseButton()
    }

    package func touchDown(_ id: Int32, at p: Point) { injected.touchDown(id, at: p) }
    package func touchMotion(_ id: Int32, to p: Point) { injected.touchMotion(id, to: p) }
    package func touchUp(_ id: Int32) { injected.touchUp(id) }
    package func touchFrame() throws { injected.touchFrame(); try settle() }
    package func touchCancel() throws { injected.touchCancel(); try settle() }
    package func setTouchPresent(_ present: Bool) throws { injected.setTouchPresent(present); try settle() }

    package func tap(key: UInt32) throws {
        try press(key: key)
        try release(key: key)
    }
    package func press(key: UInt32) throws { injected.key(key, pressed: true); try settle() }
    package func release(key: UInt32) throws { injected.key(key, pressed: false); try settle() }

    /// Round-trips so every event the requests caused has been dispatched, then lets the window draw and
    /// waits until weston has presented the frame (or no frame was needed).
    package func settle() throws {
        try window.frameLoop.client.connection.roundtrip()
        if let failure = injected.failure { throw Failure(description: "weston's input module: \(failure)") }
        try waitForPresentation()
    }

    /// Dispatches until every committed frame was presented or discarded and nothing is left to draw.
    package func waitForPresentation(timeout: Double = 2) throws {
        guard try window.waitUntilShown(timeout: timeout) else {
            throw Failure(description: "no frame callback or presentation within \(timeout) s")
        }
    }

    /// What weston's output shows under the window, device pixels, straight RGBA.
    package func screenshot() throws -> RGBAImage {
        try waitForPresentation()
        let (width, height) = window.pixelSize
        return try injected.capture(width: width, height: height)
    }
}
