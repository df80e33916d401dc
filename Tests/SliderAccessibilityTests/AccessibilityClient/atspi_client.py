#!/usr/bin/python3
"""An AT-SPI client for the accessibility tests, written with pyatspi as a screen reader or UI test driver
would be: it finds the application by name on the desktop, prints its tree as JSON, then (with `drive`)
listens for events, sets values, calls actions and grabs focus, and prints what happened.

usage: atspi_client.py APPLICATION_NAME [drive | watch SECONDS | focus NAME | set NAME VALUE]
       (one JSON object per line on standard output)

`watch` prints {"listening": true} once its listeners are registered, then the events of SECONDS.
"""
import json
import math
import sys
import time

import pyatspi
from gi.repository import Atspi, GLib


def find_application(name, timeout=15):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            application = desktop.getChildAtIndex(index)
            if application is not None and application.name == name:
                return application
        time.sleep(0.05)
    raise SystemExit(f"no application named {name!r} on the desktop")


def describe(accessible):
    node = {
        "name": accessible.name,
        "role": accessible.getRoleName(),
        "description": accessible.description,
        "states": sorted(pyatspi.stateToString(state) for state in accessible.getState().getStates()),
        "interfaces": sorted(accessible.get_interfaces()),
        "attributes": accessible.get_attributes() or {},
    }
    if "Value" in node["interfaces"]:
        node["value"] = {
            "current": Atspi.Value.get_current_value(accessible),
            "minimum": Atspi.Value.get_minimum_value(accessible),
            "maximum": Atspi.Value.get_maximum_value(accessible),
            "increment": Atspi.Value.get_minimum_increment(accessible),
            "text": Atspi.Value.get_text(accessible),
        }
    if "Component" in node["interfaces"]:
        extents = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        node["extents"] = [extents.x, extents.y, extents.width, extents.height]
    if "Action" in node["interfaces"]:
        action = accessible.queryAction()
        node["actions"] = [action.getName(i) for i in range(action.nActions)]
    node["children"] = [describe(child) for child in accessible]
    return node


def find(root, name):
    for child in root:
        if child.name == name:
            return child
        found = find(child, name)
        if found is not None:
            return found
    return None


def emit(**fields):
    print(json.dumps(fields, sort_keys=True), flush=True)


def listen():
    """Registers for the events the bridge sends; returns the list they are collected in."""
    events = []

    def listener(event):
        data = event.any_data
        if isinstance(data, Atspi.Accessible):
            data = data.name
        events.append({"type": event.type, "source": event.source.name if event.source else None,
                       "detail1": event.detail1, "data": data if isinstance(data, (int, float, str)) else None})

    pyatspi.Registry.registerEventListener(listener, "object:property-change:accessible-value", "object:state-changed:focused",
                                           "object:children-changed")
    # Let the registration reach the bus before anything changes.
    GLib.timeout_add(300, pyatspi.Registry.stop)
    pyatspi.Registry.start()
    return events


def watch(seconds):
    events = listen()
    emit(listening=True)
    GLib.timeout_add(int(seconds * 1000), pyatspi.Registry.stop)
    pyatspi.Registry.start()
    emit(events=events)


def drive(application):
    events = listen()

    results = {}
    volume, temperature = find(application, "Volume"), find(application, "Temperature")
    maximum = find(find(application, "Time window"), "maximum")
    results["setVolume"] = Atspi.Value.set_current_value(volume, 0.3)
    results["incrementTemperature"] = temperature.queryAction().doAction(0)
    results["setMaximum"] = Atspi.Value.set_current_value(maximum, 20.0)
    results["grabVolumeFocus"] = volume.queryComponent().grabFocus()
    try:
        Atspi.Value.set_current_value(volume, math.nan)
        results["setNaN"] = "accepted"
    except GLib.Error as error:
        results["setNaN"] = error.message
    results["volumeAfter"] = Atspi.Value.get_current_value(volume)
    emit(drive=results)

    GLib.timeout_add(1500, pyatspi.Registry.stop)
    pyatspi.Registry.start()
    emit(events=events)


def main():
    application = find_application(sys.argv[1])
    emit(tree=describe(application))
    if len(sys.argv) > 2 and sys.argv[2] == "drive":
        drive(application)
    elif len(sys.argv) > 3 and sys.argv[2] == "watch":
        watch(float(sys.argv[3]))
    elif len(sys.argv) > 3 and sys.argv[2] == "focus":
        emit(focused=find(application, sys.argv[3]).queryComponent().grabFocus())
    elif len(sys.argv) > 4 and sys.argv[2] == "set":
        emit(set=Atspi.Value.set_current_value(find(application, sys.argv[3]), float(sys.argv[4])))


if __name__ == "__main__":
    main()
