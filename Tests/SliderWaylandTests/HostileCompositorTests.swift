import Foundation
import PrivateCompositors
import Testing
@_spi(Internals) import WaylandSlider

/// What a compositor may send wrong, played by a scripted compositor (`ScriptedCompositor`, on
/// libwayland-server) to a window of one slider, in a process of its own (`slider-lifetime-cycles scenario`:
/// a crash fails the test instead of ending the run), on each presentation path. Each scenario ends in its
/// documented outcome (docs/ARCHITECTURE.md, "A compositor that sends it wrong"): the window adapts and
/// keeps drawing, or its loop throws a typed error when the connection ends; a dispatch never waits past its timeout
/// (drawing a frame takes what the renderer takes: an unoptimized CPU renderer draws the 6400 x 1344 buffers of
/// scale 16 in seconds).
@Suite struct HostileCompositorTests {
    struct Line: Decodable {
        var released: Bool
        var scenario: ScriptedCompositor.Play
    }

    static let hostile = ScriptedCompositor.Scenario.allCases.filter { $0 != .holdBuffers }
    static let paths: [PresentationPath] = [.sharedMemory, .eglWindow]

    /// Plays `scenario` once to a window on `path` in a process of its own.
    static func play(_ scenario: ScriptedCompositor.Scenario, on path: PresentationPath) throws -> Line {
        let output = try ResourceCycles.run(ResourceCycles.lifetimeCyclesProgram, ["scenario", "1", "--scenario", "\(scenario)",
                                                                                   "--presentation", path == .eglWindow ? "egl" : "shm"])
        let json = try #require(output.split(separator: "\n").last { $0.hasPrefix("{") }, "no line: \(output)")
        return try JSONDecoder().decode(Line.self, from: Data(json.utf8))
    }

    @Test(arguments: hostile, paths)
    func eachScenarioEndsInItsDocumentedOutcome(_ scenario: ScriptedCompositor.Scenario, _ path: PresentationPath) throws {
        let line = try Self.play(scenario, on: path)
        let play = line.scenario
        #expect(line.released, "the window was freed after its release: \(play)")
        #expect(play.longestWaitSeconds < 1, "a dispatch of at most 50 ms that drew nothing took \(play.longestWaitSeconds) s")
        switch scenario {
        case .closeMidCommit:
            // The connection ends at the first commit: the loop throws then, not at the play's 10 s limit (from
            // the commit, which on the EGL path is llvmpipe's swap: 10 ms here, 1.2 s with two busy loops in
            // sessions of their own, which the scheduler gives two thirds of the two cores).
            #expect(play.error?.hasPrefix("the connection to the Wayland compositor was lost") == true, "\(play)")
            #expect(play.errorSeconds.map { $0 < 5 } == true, "\(play)")
        case .configureOne:
            // 1 x 1 is a size a window can take: it takes it, and the slider lies outside it (nothing more to draw).
            #expect(play.error == nil && play.frames >= 1 && play.width == 1 && play.height == 1, "\(play)")
            #expect(play.bufferWidth == 1 && play.bufferHeight == 1, "\(play)")
        case .frameCallbacksWithheld:
            // The new value waits for a frame callback that never comes; the loop keeps answering.
            #expect(play.error == nil && play.frames == 1, "\(play)")
        case .callbacksHeldForConfigure:
            // The frame for the new size is drawn without waiting for the callback the compositor holds until
            // that frame's commit; then the callbacks come, and the new value is drawn.
            #expect(play.error == nil && play.frames >= 2 && play.width == 500 && play.height == 100, "\(play)")
            #expect(play.bufferWidth == 500 && play.bufferHeight == 100, "\(play)")
        case .timedCommitsHeld:
            // Each timed commit waits for the next; the last frame's, for a commit of only a target time the
            // window sends once it is four refreshes late: every frame is applied, the last one too.
            #expect(play.error == nil && play.frames >= 2 && play.width == 400 && play.height == 84, "\(play)")
            #expect(play.appliedFrames == play.frames && play.nudges >= 1, "\(play)")
        case .outputReturns:
            // The output went and a new one of scale 2 came: the window is drawn for it, at twice its size.
            #expect(play.error == nil && play.width == 400 && play.height == 84, "\(play)")
            #expect(play.bufferWidth == 800 && play.bufferHeight == 168, "\(play)")
        default:
            // Sizes past 16384 or below 0, or of more than 8192 x 4096 pixels at scale 1 (16384 x 16384, which
            // took a 1 GiB buffer and 4 GiB before this bound), are ignored (the window keeps 400 x 84); a scale is taken from 1 to 16
            // (0 is 1, 1000 and 2^24 / 120 are 16); a keymap that cannot be read leaves the keyboard without keys.
            #expect(play.error == nil && play.frames >= 2 && play.width == 400 && play.height == 84, "\(play)")
            let scale = [.outputScaleHuge, .fractionalScaleHuge].contains(scenario) ? 16 : 1
            #expect(play.bufferWidth == 400 * scale && play.bufferHeight == 84 * scale, "\(play)")
        }
    }

    /// Every scenario ten times on each path, in one process: no window is kept, and its descriptors and the
    /// memory it allocated after the last are those after the first round (every scenario on each path once,
    /// which loads each path's libraries), within 2 descriptors and 2 MiB over what a bare Mesa client keeps
    /// for as many EGL displays (Mesa keeps memory for every display it was given: WindowLifetimeTests).
    /// `Scripts/lifetimes.sh` plays 1000.
    @Test func scenariosPlayedOneAfterAnotherKeepNothing() throws {
        let round = Self.hostile.count * 2, cycles = round * 10
        let ours = try ResourceCycles(jsonLines: ResourceCycles.run(ResourceCycles.lifetimeCyclesProgram, ["scenario", "\(cycles)"]), warmUp: round)
        #expect(ours.count == cycles)
        #expect(ours.unreleased.isEmpty, "\(ours)")
        #expect(ours.descriptors.last <= ours.descriptors.first + 2, "\(ours)")
        let compositor = try ScriptedCompositor()
        let mesa = try ResourceCycles(cycledLine: ResourceCycles.run(try WindowLifetimeTests.mesaBaseline(), ["\(cycles / 2)"], socket: compositor.socketPath))
        print("hostile scenarios: \(ours); a bare Mesa client, \(cycles / 2) EGL windows: \(mesa)")
        #expect(ours.allocatedGrowthKiB <= WindowLifetimeTests.boundKiB + max(0, mesa.allocatedGrowthKiB), "\(ours); Mesa alone: \(mesa)")
    }
}
