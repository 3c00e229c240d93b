package io.wirecost.testalloc.right;

/** Allocates byte arrays in its own package, so --by package can tell its bytes apart. */
public final class Allocator {
    private static volatile Object sink; // keeps allocations from being optimised away

    private Allocator() {}

    /** Allocates about {@code totalBytes} in arrays of {@code chunkBytes}. */
    public static void allocate(long totalBytes, int chunkBytes) {
        for (long done = 0; done < totalBytes; done += chunkBytes) sink = new byte[chunkBytes];
    }
}
