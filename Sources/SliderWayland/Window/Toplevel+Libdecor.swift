import CLibdecor
import CWaylandClient
import SliderCore

extension Toplevel {
    /// libdecor's frame callbacks: a configure is taken as an xdg configure would be, then committed back to
    /// libdecor with the content size; close asks the window to close; commit asks for a new frame.
    nonisolated(unsafe) static let libdecorFrameInterface: UnsafeMutablePointer<libdecor_frame_interface> = {
        let table = UnsafeMutablePointer<libdecor_frame_interface>.allocate(capacity: 1)
        var interface = libdecor_frame_interface()
        interface.configure = { frame, configuration, data in
            guard let window = from(data), let frame, let configuration else { return }
            window.libdecorConfigure(frame: frame, configuration: configuration)
        }
        interface.close = { _, data in from(data)?.closeRequested() }
        // The decoration changed: its subsurfaces are synchronized, so their state applies with a commit of
        // the content surface (no new buffer is needed for it); the frame loop makes that commit.
        interface.commit = { _, data in from(data)?.onNeedsCommit?() }
        interface.dismiss_popup = { _, _, _ in }
        table.initialize(to: interface)
        return table
    }()

    private func libdecorConfigure(frame: OpaquePointer, configuration: OpaquePointer) {
        var width: Int32 = 0, height: Int32 = 0
        pendingSize = libdecor_configuration_get_content_size(configuration, frame, &width, &height) ? (width, height) : (0, 0)
        var state = LIBDECOR_WINDOW_STATE_NONE
        if libdecor_configuration_get_window_state(configuration, &state) {
            pendingFullscreen = state.rawValue & LIBDECOR_WINDOW_STATE_FULLSCREEN.rawValue != 0
        }
        applyConfigure()
        // libdecor sizes its decorations around the content and acknowledges the configure.
        let content = libdecor_state_new(Int32(size.width), Int32(size.height))
        libdecor_frame_commit(frame, content, configuration)
        libdecor_state_free(content)
        // The acknowledgement and the decorations' new state (their input regions among it: until then the
        // shadow's covers the content and takes its input) apply with the next commit of the content.
        onNeedsCommit?()
    }
}
