import CLibcExtensions

/// Memory freed when a window, embedded surface or canvas goes.
package enum FreedMemory {
    /// Gives the heap's free pages back to the system (glibc's malloc_trim; nothing elsewhere). A released
    /// window leaves 2 to 4 MiB of freed pages in the heap, fragmented among live allocations (no allocation
    /// lost: valgrind); a panel with little memory wants them back. About 1 ms.
    package static func returnToSystem() { _ = slider_release_free_heap_pages() }
}
