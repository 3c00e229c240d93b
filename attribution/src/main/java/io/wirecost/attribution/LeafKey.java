package io.wirecost.attribution;

import java.util.function.Function;

/** The key of a stack's leaf Java frame (its package, or its artifact): what the rule-free views group by. */
final class LeafKey {

    /** Stacks with no Java frame at all: JIT, GC and VM threads. */
    static final String NO_JAVA_FRAME = "[no Java frame]";

    private LeafKey() {}

    /** Native leaves count under the first Java frame above them. */
    static String of(ChunkView chunk, int stackTraceId, Function<String, String> keyOfClass) {
        long[] methods = chunk.stackMethods(stackTraceId);
        byte[] types = chunk.stackTypes(stackTraceId);
        for (int i = 0; i < methods.length; i++) {
            Frame f = chunk.frame(methods[i], ChunkView.typeAt(types, i));
            if (f.isNative()) continue;
            return keyOfClass.apply(f.className());
        }
        return NO_JAVA_FRAME;
    }
}
