// xkbcommon: compiles the keymap the compositor sends and turns evdev key codes into keysyms.
#include <xkbcommon/xkbcommon.h>
