package io.wirecost.attribution;

/**
 * jdk.types.FrameType keys, as both readers (wirecost's own and async-profiler's) resolve them. In JDK Flight
 * Recorder's recordings 3 is a Java native method, in async-profiler's it is C code (as 4 is C++ and 5 kernel code,
 * which the JDK does not record).
 */
final class FrameTypes {

    static final byte INTERPRETED = 0;
    private static final byte NATIVE = 3;
    private static final byte CPP = 4;
    private static final byte KERNEL = 5;

    private FrameTypes() {}

    /**
     * Whether a frame of this type is native code, named by its symbol rather than by a class and method:
     * async-profiler gives C, C++ and kernel symbols their library as class, so their type says what they are.
     */
    static boolean isNative(byte frameType, boolean asyncProfiler) {
        return frameType == CPP || frameType == KERNEL || (frameType == NATIVE && asyncProfiler);
    }
}
