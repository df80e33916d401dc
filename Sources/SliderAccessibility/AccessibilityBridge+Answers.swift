import SliderDBus
import Glibc
import SliderCore

/// The bridge's answers to method calls: org.a11y.atspi.Accessible, Application, Component, Value and
/// Action, and their properties through org.freedesktop.DBus.Properties (AT-SPI 2.46's interfaces).
extension AccessibilityBridge {
    /// A property's value, with the D-Bus signature it is sent as.
    enum PropertyValue {
        case string(String), int32(Int32), double(Double), reference(AccessibleReference)

        func write(_ w: inout DBusMessageWriter) {
            switch self {
            case .string(let s): w.string(s)
            case .int32(let i): w.int32(i)
            case .double(let d): w.double(d)
            case .reference(let r): w.reference(r)
            }
        }

        var signature: String {
            switch self {
            case .string: "s"
            case .int32: "i"
            case .double: "d"
            case .reference: "(so)"
            }
        }
    }

    static let invalidArguments = "org.freedesktop.DBus.Error.InvalidArgs"

    /// Answers `call`; false for an object or member it does not have (sd-bus replies UnknownObject /
    /// UnknownMethod).
    func answer(_ call: DBusMethodCall) throws(DBusError) -> Bool {
        guard let object = AccessibleObject(path: call.path), exists(object) else { return false }
        let args = call.arguments
        switch (call.interface, call.member) {
        case (Atspi.Interface.properties, "Get"):
            let interface = try args.string(), name = try args.string()
            guard let value = property(interface, name, of: object) else { return false }
            try call.reply { w in w.container("v", value.signature) { value.write(&$0) } }
        case (Atspi.Interface.properties, "GetAll"):
            let interface = try args.string()
            try call.reply { w in
                w.container("a", "{sv}") { w in
                    for name in propertyNames(interface, of: object) {
                        guard let value = property(interface, name, of: object) else { continue }
                        w.container("e", "sv") { w in
                            w.string(name)
                            w.container("v", value.signature) { value.write(&$0) }
                        }
                    }
                }
            }
        case (Atspi.Interface.properties, "Set"):
            // A refused change (a NaN value, a disabled slider, a read-only property) changes nothing and is
            // answered as done: libatspi 2.46 aborts its process on an error reply to Set (it unrefs the
            // NULL reply), so an error would crash the screen reader. The refusal is the typed SliderError
            // of `accessibilitySetValue` on the Swift side; the client reads the value back unchanged.
            _ = try? setProperty(try args.string(), try args.string(), of: object, from: args)
            try call.reply()
        case (Atspi.Interface.accessible, let member): return try answerAccessible(member, call, object)
        case (Atspi.Interface.application, "GetLocale"): try call.reply { $0.string(Self.locale) }
        case (Atspi.Interface.application, "GetApplicationBusAddress"): try call.reply { $0.string("") }
        case (Atspi.Interface.component, let member): return try answerComponent(member, call, object)
        case (Atspi.Interface.action, let member): return try answerAction(member, call, object)
        default: return false
        }
        return true
    }

    func exists(_ object: AccessibleObject) -> Bool {
        switch object {
        case .application, .window: true
        case .slider(let id): slider(id) != nil
        case .thumb(let id, _): slider(id)?.isRange == true
        }
    }

    static var locale: String {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        return "C"
    }

    // MARK: The tree

    func name(of object: AccessibleObject) -> String {
        switch object {
        case .application: applicationName
        case .window: host?.accessibleTitle ?? ""
        case .slider(let id): slider(id)?.accessibilityName ?? ""
        case .thumb(_, let thumb): thumb == 0 ? "minimum" : "maximum"
        }
    }

    func parent(of object: AccessibleObject) -> AccessibleReference {
        switch object {
        case .application: desktop
        case .window: reference(.application)
        case .slider: reference(.window)
        case .thumb(let id, _): reference(.slider(id))
        }
    }

    func children(of object: AccessibleObject) -> [AccessibleObject] {
        switch object {
        case .application: [.window]
        case .window: published.filter { $0.slider != nil }.map { .slider($0.id) }
        case .slider(let id): slider(id)?.isRange == true ? [.thumb(id, 0), .thumb(id, 1)] : []
        case .thumb: []
        }
    }

    func index(of object: AccessibleObject) -> Int32 {
        switch object {
        case .application: -1
        case .window: 0
        case .slider(let id): Int32(children(of: .window).firstIndex(of: .slider(id)) ?? -1)
        case .thumb(_, let thumb): Int32(thumb)
        }
    }

    func states(of object: AccessibleObject) -> AtspiStateSet {
        switch object {
        case .application: return AtspiStateSet()
        case .window:
            var states = AtspiStateSet([.enabled, .sensitive, .showing, .visible])
            if host?.isAccessibleWindowActive ?? false { states.insert(.active) }
            return states
        case .slider(let id), .thumb(let id, _):
            guard let slider = slider(id) else { return AtspiStateSet() }
            var states = AtspiStateSet([.focusable, .showing, .visible, slider.orientation == .vertical ? .vertical : .horizontal])
            if slider.isEnabled {
                states.insert(.enabled)
                states.insert(.sensitive)
            }
            var focused = host?.accessibleFocus === slider
            if case .thumb(_, let thumb) = object { focused = focused && slider.focusedThumb == thumb }
            if focused { states.insert(.focused) }
            return states
        }
    }

    /// The thumb an object's Value stands for: a thumb's own, a range slider's focused one.
    func valueThumb(of object: AccessibleObject) -> (Slider, Int)? {
        switch object {
        case .slider(let id): slider(id).map { ($0, $0.isRange ? $0.focusedThumb : 0) }
        case .thumb(let id, let thumb): slider(id).map { ($0, thumb) }
        default: nil
        }
    }

    func valueText(of object: AccessibleObject) -> String {
        guard let (slider, thumb) = valueThumb(of: object) else { return "" }
        if case .slider = object, slider.isRange { return slider.accessibilityValue }
        return slider.accessibilityValue(ofThumb: thumb)
    }

    /// Window coordinates in surface points (Wayland gives no position on the screen: screen coordinates
    /// are window coordinates too).
    func extents(of object: AccessibleObject) -> Rect {
        switch object {
        case .application: return .zero
        case .window: return Rect(origin: Point(x: 0, y: 0), size: host?.accessibleSize ?? Size(width: 0, height: 0))
        case .slider(let id): return slider(id)?.frame ?? .zero
        case .thumb(let id, let thumb):
            guard let slider = slider(id) else { return .zero }
            return slider.layout.thumbRect(atPosition: slider.model.position(of: slider.model.value(ofThumb: thumb)))
        }
    }

    func extents(of object: AccessibleObject, in coordinates: UInt32) -> Rect {
        var rect = extents(of: object)
        if coordinates == Atspi.CoordinateType.parent.rawValue, case .thumb(let id, _) = object {
            let parent = extents(of: .slider(id))
            rect.origin = Point(x: rect.minX - parent.minX, y: rect.minY - parent.minY)
        }
        return rect
    }

    // MARK: Properties

    func propertyNames(_ interface: String, of object: AccessibleObject) -> [String] {
        guard object.interfaces.contains(interface) else { return [] }
        switch interface {
        case Atspi.Interface.accessible: return ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"]
        case Atspi.Interface.application: return ["ToolkitName", "Version", "AtspiVersion", "Id"]
        case Atspi.Interface.value: return ["MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue", "Text"]
        case Atspi.Interface.action: return ["NActions"]
        default: return []
        }
    }

    func property(_ interface: String, _ name: String, of object: AccessibleObject) -> PropertyValue? {
        guard propertyNames(interface, of: object).contains(name) else { return nil }
        switch name {
        case "Name": return .string(self.name(of: object))
        case "Description":
            if case .slider(let id) = object { return .string(slider(id)?.accessibilityHint ?? "") }
            return .string("")
        case "Parent": return .reference(parent(of: object))
        case "ChildCount": return .int32(Int32(children(of: object).count))
        case "Locale": return .string(Self.locale)
        case "AccessibleId":
            if case .slider(let id) = object { return .string(slider(id)?.name ?? "") }
            return .string("")
        case "ToolkitName": return .string("WaylandSlider")
        case "Version": return .string("1.0")
        case "AtspiVersion": return .string("2.1")
        case "Id": return .int32(applicationID)
        case "NActions": return .int32(2)
        case "Text": return .string(valueText(of: object))
        default: break
        }
        guard let (slider, thumb) = valueThumb(of: object) else { return nil }
        switch name {
        case "MinimumValue": return .double(slider.minimumValue)
        case "MaximumValue": return .double(slider.maximumValue)
        case "MinimumIncrement": return .double(slider.model.grid?.step ?? 0)
        case "CurrentValue": return .double(slider.model.value(ofThumb: thumb))
        default: return nil
        }
    }

    /// Properties.Set: Value.CurrentValue (through the slider's editing path) and Application.Id.
    func setProperty(_ interface: String, _ name: String, of object: AccessibleObject, from args: DBusMessageReader) throws(DBusError) {
        switch (interface, name) {
        case (Atspi.Interface.application, "Id") where object == .application:
            applicationID = try args.variant { () throws(DBusError) in Int32(clamping: Int64(try args.number())) }
            return
        case (Atspi.Interface.value, "CurrentValue"):
            guard let (slider, thumb) = valueThumb(of: object) else { break }
            let value = try args.variant { () throws(DBusError) in try args.number() }
            do {
                try slider.accessibilitySetValue(value, ofThumb: thumb)
            } catch {
                throw .reply(name: Self.invalidArguments, message: "\(error)")
            }
            return
        default: break
        }
        guard propertyNames(interface, of: object).contains(name) else {
            throw .reply(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "\(interface) has no property \(name) here")
        }
        throw .reply(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "\(interface).\(name) is read-only")
    }

    // MARK: Methods

    private func answerAccessible(_ member: String, _ call: DBusMethodCall, _ object: AccessibleObject) throws(DBusError) -> Bool {
        switch member {
        case "GetChildAtIndex":
            let index = Int(try call.arguments.int32())
            let children = children(of: object)
            let child = children.indices.contains(index) ? reference(children[index]) : .null
            try call.reply { $0.reference(child) }
        case "GetChildren":
            let children = children(of: object)
            try call.reply { w in w.container("a", "(so)") { w in for child in children { w.reference(self.reference(child)) } } }
        case "GetIndexInParent": try call.reply { $0.int32(self.index(of: object)) }
        case "GetRelationSet": try call.reply { $0.container("a", "(ua(so))") { _ in } }
        case "GetRole": try call.reply { $0.uint32(object.role.rawValue) }
        case "GetRoleName", "GetLocalizedRoleName": try call.reply { $0.string(object.role.name) }
        case "GetState":
            let words = states(of: object).words
            try call.reply { w in w.container("a", "u") { w in w.uint32(words.0); w.uint32(words.1) } }
        case "GetAttributes":
            var attributes = ["toolkit": "WaylandSlider"]
            if object.role == .slider { attributes["valuetext"] = valueText(of: object) }
            try call.reply { w in
                w.container("a", "{ss}") { w in
                    for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
                        w.container("e", "ss") { w in w.string(key); w.string(value) }
                    }
                }
            }
        case "GetApplication": try call.reply { $0.reference(self.reference(.application)) }
        case "GetInterfaces": try call.reply { w in w.container("a", "s") { w in for name in object.interfaces { w.string(name) } } }
        default: return false
        }
        return true
    }

    private func answerComponent(_ member: String, _ call: DBusMethodCall, _ object: AccessibleObject) throws(DBusError) -> Bool {
        guard object.interfaces.contains(Atspi.Interface.component) else { return false }
        let args = call.arguments
        switch member {
        case "GetExtents":
            let r = extents(of: object, in: try args.uint32())
            try call.reply { w in
                w.container("r", "iiii") { w in
                    for v in [r.minX, r.minY, r.width, r.height] { w.int32(Int32(clamping: Int(v.rounded()))) }
                }
            }
        case "GetPosition":
            let r = extents(of: object, in: try args.uint32())
            try call.reply { w in w.int32(Int32(clamping: Int(r.minX.rounded()))); w.int32(Int32(clamping: Int(r.minY.rounded()))) }
        case "GetSize":
            let r = extents(of: object)
            try call.reply { w in w.int32(Int32(clamping: Int(r.width.rounded()))); w.int32(Int32(clamping: Int(r.height.rounded()))) }
        case "Contains", "GetAccessibleAtPoint":
            let x = Double(try args.int32()), y = Double(try args.int32())
            let coordinates = try args.uint32()
            let point = Point(x: x, y: y)
            if member == "Contains" {
                let inside = extents(of: object, in: coordinates).contains(point)
                try call.reply { $0.bool(inside) }
            } else {
                var origin = Point(x: 0, y: 0)
                if coordinates == Atspi.CoordinateType.parent.rawValue, case .thumb(let id, _) = object { origin = extents(of: .slider(id)).origin }
                let hit = children(of: object).first { extents(of: $0).contains(Point(x: point.x + origin.x, y: point.y + origin.y)) }
                try call.reply { $0.reference(hit.map { self.reference($0) } ?? .null) }
            }
        case "GetLayer": try call.reply { $0.uint32(Atspi.widgetLayer) }
        case "GetMDIZOrder": try call.reply { $0.int16(0) }
        case "GetAlpha": try call.reply { $0.double(1) }
        case "GrabFocus":
            var grabbed = false
            if let (slider, thumb) = valueThumb(of: object), slider.isEnabled {
                if case .thumb = object { try? slider.focusThumb(thumb) }
                host?.grabAccessibleFocus(slider)
                grabbed = true
            }
            try call.reply { $0.bool(grabbed) }
        case "SetExtents", "SetPosition", "SetSize", "ScrollTo", "ScrollToPoint": try call.reply { $0.bool(false) }
        default: return false
        }
        return true
    }

    static let actions = [("increment", "Increase the value by one step", "Right"), ("decrement", "Decrease the value by one step", "Left")]

    private func answerAction(_ member: String, _ call: DBusMethodCall, _ object: AccessibleObject) throws(DBusError) -> Bool {
        guard let (slider, thumb) = valueThumb(of: object) else { return false }
        if member == "GetActions" {
            try call.reply { w in
                w.container("a", "(sss)") { w in
                    for (name, description, key) in Self.actions { w.container("r", "sss") { w in w.string(name); w.string(description); w.string(key) } }
                }
            }
            return true
        }
        let index = Int(try call.arguments.int32())
        guard Self.actions.indices.contains(index) else {
            throw .reply(name: Self.invalidArguments, message: "no action \(index): 0 increment, 1 decrement")
        }
        let action = Self.actions[index]
        switch member {
        case "GetName", "GetLocalizedName": try call.reply { $0.string(action.0) }
        case "GetDescription": try call.reply { $0.string(action.1) }
        case "GetKeyBinding": try call.reply { $0.string(action.2) }
        case "DoAction":
            guard slider.isEnabled else {
                try call.reply { $0.bool(false) }
                return true
            }
            if case .thumb = object { try? slider.focusThumb(thumb) }
            if index == 0 { slider.accessibilityIncrement() } else { slider.accessibilityDecrement() }
            try call.reply { $0.bool(true) }
        default: return false
        }
        return true
    }
}
