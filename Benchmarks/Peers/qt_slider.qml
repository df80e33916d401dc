// Qt Quick Controls 2's Slider in an 800 x 200 window (or fullscreen), its value moved every frame (on each
// frameSwapped) for `seconds`, then left alone as long (compare.py writes a copy with its own `seconds` and
// `fullscreen`). Prints the same markers as peer-slider for Peers/compare.py. Run with qmlscene under
// QT_QPA_PLATFORM=wayland; QT_WAYLAND_DISABLE_WINDOWDECORATION=1 leaves Qt's own decorations off.
import QtQuick 2.15
import QtQuick.Window 2.15
import QtQuick.Controls 2.15

Window {
    id: window
    width: 800
    height: 200
    visible: true
    title: "qt-slider"
    color: "#f2f2f7"

    property real seconds: 10
    property bool fullscreen: false
    property int frames: 0
    property int step: 0
    property bool moving: true
    property bool started: false

    Slider {
        id: slider
        anchors.verticalCenter: parent.verticalCenter
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.margins: 20
        from: 0
        to: 1
    }

    // qmlscene shows the window itself: fullscreen is asked for once it is loaded.
    Component.onCompleted: if (fullscreen) window.showFullScreen()

    onFrameSwapped: {
        if (!started) {
            started = true
            console.log("first-frame")
            console.log("moving-start")
            movingTimer.start()
        }
        if (moving) {
            step += 1
            var t = (step % 200) / 100
            slider.value = t <= 1 ? t : 2 - t
            frames += 1
        }
    }

    Timer {
        id: movingTimer
        interval: window.seconds * 1000
        onTriggered: {
            window.moving = false
            console.log("moving-end frames=" + window.frames)
            idleTimer.start()
        }
    }

    Timer {
        id: idleTimer
        interval: window.seconds * 1000
        onTriggered: {
            console.log("idle-end")
            Qt.quit()
        }
    }
}
