package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmc.common.IMCFrame;
import org.openjdk.jmc.common.IMCMethod;
import org.openjdk.jmc.common.IMCStackTrace;
import org.openjdk.jmc.common.IMCThread;

/**
 * Gives JMC's stacks, methods and threads the ids a {@link SampleSink} expects, for {@link JmcRecordingReader}. Ticks
 * are epoch nanoseconds. A class of its own: it is the mapping from JMC's object model to the ids and frame type codes
 * every reader hands its sinks, apart from how the reader loads chunks and picks their events.
 */
final class JmcChunkView implements ChunkView {
    private final long startNanos;
    private final Map<IMCStackTrace, Integer> stackIds = new HashMap<>();
    private final List<long[]> stackMethods = new ArrayList<>();
    private final List<byte[]> stackTypes = new ArrayList<>();
    private final Map<IMCMethod, Long> methodIds = new HashMap<>();
    private final List<Frame> frames = new ArrayList<>();
    private final Map<IMCThread, Integer> threadIds = new HashMap<>();
    private final List<String> threadNames = new ArrayList<>();
    private static final Set<IMCFrame.Type> NATIVE =
            Set.of(IMCFrame.Type.NATIVE, IMCFrame.Type.CPP, IMCFrame.Type.KERNEL);

    JmcChunkView(long startNanos) {
        this.startNanos = startNanos;
    }

    int stackId(IMCStackTrace stack) {
        if (stack == null) return -1;
        return stackIds.computeIfAbsent(stack, s -> {
            List<? extends IMCFrame> fs = s.getFrames();
            long[] methods = new long[fs.size()];
            byte[] types = new byte[fs.size()];
            for (int i = 0; i < methods.length; i++) { // JMC lists the top (leaf) frame first, as ChunkView does
                IMCFrame f = fs.get(i);
                methods[i] = methodId(f.getMethod(), NATIVE.contains(f.getType()));
                types[i] = frameType(f.getType());
            }
            stackMethods.add(methods);
            stackTypes.add(types);
            return stackMethods.size() - 1;
        });
    }

    private long methodId(IMCMethod m, boolean nativeCode) {
        if (m == null) {
            frames.add(Frame.nativeSymbol("[unknown]"));
            return frames.size() - 1;
        }
        return methodIds.computeIfAbsent(m, k -> {
            String cls = k.getType() == null ? "" : k.getType().getFullName().replace('/', '.');
            frames.add(
                    cls.isEmpty() || nativeCode
                            ? Frame.nativeSymbol(k.getMethodName())
                            : Frame.java(cls, k.getMethodName()));
            return (long) frames.size() - 1;
        });
    }

    /** async-profiler's frame type codes, which {@link ChunkView#stackTypes} promises. */
    private static byte frameType(IMCFrame.Type t) {
        if (t == IMCFrame.Type.INTERPRETED) return 0;
        if (t == IMCFrame.Type.JIT_COMPILED) return 1;
        if (t == IMCFrame.Type.INLINED) return 2;
        if (t == IMCFrame.Type.NATIVE) return 3;
        if (t == IMCFrame.Type.CPP) return 4;
        if (t == IMCFrame.Type.KERNEL) return 5;
        return 1;
    }

    int threadId(IMCThread thread) {
        if (thread == null) return -1;
        return threadIds.computeIfAbsent(thread, t -> {
            threadNames.add(t.getThreadName());
            return threadNames.size() - 1;
        });
    }

    @Override
    public long[] stackMethods(int stackTraceId) {
        return stackTraceId < 0 || stackTraceId >= stackMethods.size() ? new long[0] : stackMethods.get(stackTraceId);
    }

    @Override
    public byte[] stackTypes(int stackTraceId) {
        return stackTraceId < 0 || stackTraceId >= stackTypes.size() ? new byte[0] : stackTypes.get(stackTraceId);
    }

    @Override
    public Frame frame(long methodId, byte frameType) {
        return methodId < 0 || methodId >= frames.size() ? Frame.nativeSymbol("[unknown]") : frames.get((int) methodId);
    }

    @Override
    public String threadName(int threadId) {
        return threadId < 0 || threadId >= threadNames.size() ? null : threadNames.get(threadId);
    }

    @Override
    public long epochNanos(long ticks) {
        return ticks;
    }

    @Override
    public java.util.function.LongUnaryOperator epochClock() {
        return java.util.function.LongUnaryOperator.identity(); // the loaded items are not pinned for it
    }

    @Override
    public long recordingStartNanos() {
        return startNanos;
    }
}
