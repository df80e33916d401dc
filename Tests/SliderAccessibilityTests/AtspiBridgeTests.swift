import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
import SliderRenderer
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// The AT-SPI bridge against the real parts: a private session bus with at-spi2-core's bus launcher (the
/// registry starts when the window embeds itself), a window on a private headless weston, and a client
/// written with pyatspi, as Orca and UI test drivers are.
@Suite(.serialized) struct AtspiBridgeTests {
    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AccessibilityClient/atspi_client.py").path

    /// Runs the pyatspi client while the window dispatches (it answers the client's calls); returns its
    /// JSON lines by their key.
    /// `whenOutput` is called with the output so far while the client runs, until it returns true (to change
    /// something once the client is ready).
    func runClient(_ arguments: [String], bus: PrivateAccessibilityBus, window: SliderSurface,
                   whenOutput: (String) -> Bool = { _ in true }) throws -> [String: Any] {
        let output = bus.runtimeDirectory.appendingPathComponent("client-\(UUID().uuidString).log").path
        let client = try ChildProcess("/usr/bin/python3", ["-X", "faulthandler", AtspiBridgeTests.client] + arguments,
                                      environment: bus.clientEnvironment, outputPath: output)
        let deadline = Date().addingTimeInterval(90)
        var waiting = true
        while client.isRunning && Date() < deadline {
            try window.dispatch(timeout: 0.02)
            if waiting { waiting = !whenOutput((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") }
        }
        if client.isRunning { client.signal(SIGKILL) }
        let status = client.wait()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(status == 0, "the client failed:\n\(text)")
        var result: [String: Any] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("{") {
            if let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] { result.merge(object) { $1 } }
        }
        return result
    }

    func child(_ node: [String: Any], named name: String) -> [String: Any]? {
        (node["children"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    /// Sliders embedded in another program's window (a subsurface of its toplevel) are published the same way
    /// when the host asks: the host's app id, a frame with the title it gives, the sliders as its children
    /// with extents in the subsurface's points; a value set over AT-SPI reaches the slider.
    @Test func aSubsurfacesSlidersArePublishedUnderTheHostsAppID() throws {
        let bus = try PrivateAccessibilityBus()
        let weston = try HeadlessWeston()
        let host = try WaylandClient(socket: weston.socketPath)
        let window = try Toplevel(client: host, configuration: WindowConfiguration(size: Size(width: 480, height: 200), accessibility: .off))
        try host.connection.roundtrip()
        let volume = try Slider(value: 0.25, in: 0...1), balance = try Slider(value: 0, in: -1...1, step: 0.1)
        volume.accessibilityLabel = "Volume"
        balance.accessibilityLabel = "Balance"
        volume.frame = Rect(x: 8, y: 8, width: 300, height: 44)
        balance.frame = Rect(x: 8, y: 60, width: 300, height: 44)
        let subsurface = try SliderSubsurface(display: UnsafeMutableRawPointer(host.connection.display),
                                              parent: UnsafeMutableRawPointer(window.surface.proxy),
                                              frame: Rect(x: 20, y: 20, width: 320, height: 112), sliders: [volume, balance])
        #expect(!subsurface.isAccessibilityPublished && subsurface.accessibilityFileDescriptor == nil)
        let appID = "org.waylandslider.EmbeddedTest\(UUID().uuidString.prefix(8))"
        #expect(subsurface.publishAccessibility(applicationName: appID, title: "Mixer", bus: .session(address: bus.sessionAddress)))
        #expect(subsurface.isAccessibilityPublished && subsurface.accessibilityFileDescriptor != nil)

        let result = try runClient([appID, "set", "Volume", "0.75"], bus: bus, window: subsurface)
        let tree = try #require(result["tree"] as? [String: Any], "the client found the application: \(result)")
        let frame = try #require(child(tree, named: "Mixer"), "the host's title names the frame")
        #expect((frame["children"] as? [Any])?.count == 2)
        let published = try #require(child(frame, named: "Volume"))
        #expect(published["role"] as? String == "slider")
        #expect(published["extents"] as? [Int] == [8, 8, 300, 44], "extents in the subsurface's points")
        #expect((child(frame, named: "Balance")?["value"] as? [String: Any])?["increment"] as? Double == 0.1)
        #expect(result["set"] as? Bool == true)
        #expect(volume.value == 0.75, "the value set over AT-SPI reached the slider")
        let descriptor = subsurface.accessibilityFileDescriptor
        #expect(subsurface.publishAccessibility(applicationName: "org.example.Other", title: "Other", bus: .session(address: bus.sessionAddress))
                && subsurface.accessibilityFileDescriptor == descriptor, "published once: a second call changes nothing")
    }

    @Test func pyatspiFindsReadsAndDrivesEverySlider() throws {
        let bus = try PrivateAccessibilityBus()
        let weston = try HeadlessWeston()
        let panel = try Panel()
        panel.volume.accessibilityLabel = "Volume"
        panel.volume.accessibilityHint = "The speaker's volume"
        panel.temperature.accessibilityLabel = "Temperature"
        panel.window.accessibilityLabel = "Time window"
        let appID = "org.waylandslider.AtspiTest\(UUID().uuidString.prefix(8))"
        let window = try SliderWindow(WindowConfiguration(title: "Accessible sliders", appID: appID, size: Panel.size, hidesCursor: true,
                                                          accessibility: .session(address: bus.sessionAddress)),
                                      sliders: panel.sliders, background: Panel.background, socket: weston.socketPath)
        #expect(window.isAccessibilityPublished && window.accessibilityFileDescriptor != nil)
        var events: [(String, SliderEvent)] = []
        for slider in panel.sliders { slider.onEvent = { [unowned slider] in events.append((slider.name, $0)) } }

        let result = try runClient([appID, "drive"], bus: bus, window: window)
        let tree = try #require(result["tree"] as? [String: Any], "the client found the application: \(result)")
        try JSONSerialization.data(withJSONObject: tree, options: [.prettyPrinted, .sortedKeys])
            .write(to: URL(fileURLWithPath: Renders.path("atspi-tree.json")))
        #expect(tree["role"] as? String == "application")
        let frame = try #require(child(tree, named: "Accessible sliders"), "the window is the application's child")
        #expect(frame["role"] as? String == "frame")
        #expect((frame["children"] as? [Any])?.count == 3)
        let volume = try #require(child(frame, named: "Volume"))
        #expect(volume["role"] as? String == "slider")
        #expect(volume["description"] as? String == "The speaker's volume")
        let states = volume["states"] as? [String] ?? []
        for state in ["enabled", "sensitive", "focusable", "horizontal", "showing", "visible"] { #expect(states.contains(state), "\(state) in \(states)") }
        #expect(volume["extents"] as? [Int] == [40, 20, 360, 44])
        #expect(volume["actions"] as? [String] == ["increment", "decrement"])
        let value = try #require(volume["value"] as? [String: Any])
        #expect(value["current"] as? Double == 0.25 && value["minimum"] as? Double == 0 && value["maximum"] as? Double == 1)
        #expect(value["increment"] as? Double == 0, "a continuous slider has no grid step")
        #expect(value["text"] as? String == "0.25")
        let temperature = try #require(child(frame, named: "Temperature"))
        #expect((temperature["value"] as? [String: Any])?["increment"] as? Double == 1, "the grid step")
        let range = try #require(child(frame, named: "Time window"))
        #expect((range["children"] as? [[String: Any]])?.map { $0["name"] as? String } == ["minimum", "maximum"])
        #expect((child(range, named: "maximum")?["value"] as? [String: Any])?["current"] as? Double == 18)

        let drive = try #require(result["drive"] as? [String: Any])
        #expect(drive["setVolume"] as? Bool == true && drive["incrementTemperature"] as? Bool == true && drive["grabVolumeFocus"] as? Bool == true)
        // NaN is refused (libatspi would abort on an error reply to Set: the refusal is the value read back unchanged).
        #expect(drive["setNaN"] as? String == "accepted" && drive["volumeAfter"] as? Double == 0.3, "\(drive)")
        #expect(panel.volume.value == 0.3 && panel.temperature.value == 21 && panel.window.upperValue == 20)
        #expect(window.frameLoop.sliders.router.focusedSlider === panel.volume)
        let volumeEvents = events.filter { $0.0 == "volume" }.map(\.1).filter { if case .step = $0 { false } else { true } }
        #expect(volumeEvents == [.editingChanged(true), .valueChanged(thumb: 0, value: 0.3), .editingChanged(false)],
                "setting the value is an edit: \(volumeEvents)")

        let log = try #require(result["events"] as? [[String: Any]])
        func received(_ type: String, from source: String) -> [[String: Any]] {
            log.filter { $0["type"] as? String == type && $0["source"] as? String == source }
        }
        #expect(received("object:property-change:accessible-value", from: "Volume").count >= 1, "\(log)")
        #expect(received("object:property-change:accessible-value", from: "Temperature").count >= 1, "\(log)")
        #expect(received("object:property-change:accessible-value", from: "maximum").count >= 1, "\(log)")
        #expect(received("object:state-changed:focused", from: "Volume").first?["detail1"] as? Int == 1, "\(log)")

        // The next frame shows what the client set.
        try window.waitUntilShown(timeout: 2)
        let shot = try InjectedInput(surface: window.frameLoop).capture(width: window.pixelSize.width, height: window.pixelSize.height)
        try Renders.save(shot, as: "atspi-driven")
        let difference = shot.difference(from: try panel.offscreenRender(scale: window.scale.factor, renderer: window.renderer))
        #expect(difference.maximum <= 2, "the window shows the values set over AT-SPI: \(difference)")
    }

    /// Sliders added to and removed from a window are announced (object:children-changed) and the tree
    /// follows.
    @Test func addingAndRemovingASliderIsAnnounced() throws {
        let bus = try PrivateAccessibilityBus()
        let weston = try HeadlessWeston()
        let panel = try Panel()
        let appID = "org.waylandslider.AtspiChildren\(UUID().uuidString.prefix(8))"
        let window = try SliderWindow(WindowConfiguration(title: "Children", appID: appID, size: Panel.size, hidesCursor: true,
                                                          accessibility: .session(address: bus.sessionAddress)),
                                      sliders: [panel.volume, panel.temperature], background: Panel.background, socket: weston.socketPath)
        let before = try runClient([appID], bus: bus, window: window)
        let treeBefore = try #require(before["tree"] as? [String: Any])
        let frame = try #require(child(treeBefore, named: "Children"))
        #expect((frame["children"] as? [[String: Any]])?.map { $0["name"] as? String } == ["volume", "temperature"], "names fall back to `name`")
        // Changed while a client listens: once it says it listens, the sliders change.
        let watched = try runClient([appID, "watch", "1.5"], bus: bus, window: window) { output in
            guard output.contains("\"listening\"") else { return false }
            window.remove(panel.temperature)
            window.add(panel.window)
            return true
        }
        let events = try #require(watched["events"] as? [[String: Any]])
        let changes = events.filter { ($0["type"] as? String ?? "").hasPrefix("object:children-changed") }
        #expect(changes.map { $0["type"] as? String } == ["object:children-changed:remove", "object:children-changed:add"], "\(events)")
        #expect(changes.map { $0["data"] as? String } == ["temperature", "window"], "\(changes)")
        let after = try runClient([appID], bus: bus, window: window)
        let treeAfter = try #require(after["tree"] as? [String: Any])
        let frameAfter = try #require(child(treeAfter, named: "Children"))
        #expect((frameAfter["children"] as? [[String: Any]])?.map { $0["name"] as? String } == ["volume", "window"])
    }

    /// Without an accessibility bus nothing is published and nothing is started: no error, no connection.
    @Test func withoutAnAccessibilityBusNothingIsPublished() throws {
        let bus = try PrivateAccessibilityBus(launchesAccessibilityBus: false)
        let weston = try HeadlessWeston()
        let unpublished = try SliderWindow(WindowConfiguration(size: Panel.size, accessibility: .session(address: bus.sessionAddress)),
                                           sliders: try Panel().sliders, socket: weston.socketPath)
        try unpublished.waitUntilShown(timeout: 2)
        #expect(!unpublished.isAccessibilityPublished && unpublished.accessibilityFileDescriptor == nil)
        #expect(!bus.hasAccessibilityBus, "asking did not start org.a11y.Bus")
        let off = try SliderWindow(WindowConfiguration(size: Panel.size, accessibility: .off), sliders: try Panel().sliders, socket: weston.socketPath)
        #expect(!off.isAccessibilityPublished)
        let noSession = try SliderWindow(WindowConfiguration(size: Panel.size, accessibility: .session(address: "unix:path=/nonexistent/bus")),
                                         sliders: try Panel().sliders, socket: weston.socketPath)
        #expect(!noSession.isAccessibilityPublished, "an unreachable session bus is no error")
    }
}
