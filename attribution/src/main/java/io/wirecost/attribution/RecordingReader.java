package io.wirecost.attribution;

import one.jfr.ClassRef;
import one.jfr.JfrReader;
import one.jfr.MethodRef;
import one.jfr.StackTrace;
import one.jfr.event.Event;
import one.jfr.event.ExecutionSample;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Streams the samples of a JFR recording, from async-profiler or JDK Flight Recorder, one chunk at a
 * time into a {@link SampleSink}. Built on async-profiler's {@code one.jfr.JfrReader}: it reads chunk
 * by chunk with a fixed 2 MB buffer, so memory grows with distinct stacks, not with samples.
 *
 * <pre>
 * RecordingSummary s = new RecordingReader(SampleMode.CPU).read(Path.of("app.jfr"), sink);
 * </pre>
 */
public final class RecordingReader {

    private static final Field NATIVE_METHOD_SAMPLE_TYPE = nativeMethodSampleField();

    private final SampleMode mode;

    public RecordingReader(SampleMode mode) {
        this.mode = mode;
    }

    public RecordingSummary read(Path file, SampleSink sink) throws RecordingException {
        ChunkScan scan = ChunkScan.of(file);
        return withDeadline(file.toString(), scan, () -> readChunks(file.toString(), scan, sink));
    }

    /**
     * JfrReader's loops over counts read from the file never check for interruption, so a corrupted
     * count can keep it busy for hours. The reading runs in a daemon thread with a budget far above
     * any sound file's needs (3 s plus 1 s per 5 MB; 2 million samples take about 2 s); past it the
     * file is reported corrupted and the thread, which nothing references any more, is abandoned.
     */
    private static RecordingSummary withDeadline(String name, ChunkScan scan,
                                                 java.util.concurrent.Callable<RecordingSummary> read) throws RecordingException {
        long budgetMillis = 3_000 + scan.fileSize() / 5_000;
        java.util.concurrent.FutureTask<RecordingSummary> task = new java.util.concurrent.FutureTask<>(read);
        Thread t = new Thread(task, "wirecost-jfr-reader");
        t.setDaemon(true);
        t.start();
        try {
            return task.get(budgetMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            t.interrupt();
            throw new RecordingException(name, "corrupted: reading did not finish within " + budgetMillis / 1000
                    + " s (a size or count field is implausible)");
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RecordingException re) throw re;
            if (e.getCause() instanceof OutOfMemoryError) throw new RecordingException(name, "corrupted: a size field asks for more memory than the JVM has");
            throw new RecordingException(name, scan.describeFailure(e.getCause() instanceof Exception ex ? ex : new RuntimeException(e.getCause())));
        } catch (InterruptedException e) {
            t.interrupt();
            Thread.currentThread().interrupt();
            throw new RecordingException(name, "interrupted while reading");
        }
    }

    private RecordingSummary readChunks(String name, ChunkScan scan, SampleSink sink) throws RecordingException {
        Map<String, Long> counts = new TreeMap<>();
        List<String> warnings = new ArrayList<>();
        String producer = "jdk";
        int chunks = 0;
        try (JfrReader jfr = new JfrReader(name)) {
            jfr.registerEvent("jdk.NativeMethodSample", NativeMethodSampleEvent.class);
            jfr.stopAtNewChunk = true;
            // only the chunks the scan found whole: JfrReader fails on a trailing chunk cut inside its header
            // instead of reporting it incomplete, which would lose the complete chunks before it
            while (chunks < scan.completeChunks() && jfr.hasMoreChunks()) {
                boolean separated = routeNativeSamples(jfr);
                if (!separated && mode != SampleMode.WALL && chunks == 0) {
                    warnings.add("cannot separate jdk.NativeMethodSample from jdk.ExecutionSample with this jfr-converter; "
                            + "CPU shares may include threads blocked in native code");
                }
                boolean async = isAsyncProfiler(jfr);
                if (async) producer = "async-profiler";
                JfrChunk chunk = new JfrChunk(jfr, async);
                sink.beginChunk(chunk);
                int stateDefault = stateKey(jfr, "STATE_DEFAULT");
                for (Event e; (e = jfr.readEvent()) != null; ) {
                    String type = selectedType(e, async, stateDefault);
                    if (type == null) continue;
                    counts.merge(type, e.samples(), Long::sum);
                    sink.sample(e.stackTraceId, e.tid, e.time, e.samples());
                }
                chunks++;
            }
        } catch (IOException | RuntimeException e) {
            // the reader signals truncation and corruption as IOException or as buffer/index errors
            throw new RecordingException(name, scan.describeFailure(e));
        }
        if (scan.lostBytes() > 0) {
            warnings.add(String.format("recording truncated: the last chunk is incomplete, %d of %d bytes (%.1f %%) not read",
                    scan.lostBytes(), scan.fileSize(), 100.0 * scan.lostBytes() / scan.fileSize()));
        }
        return new RecordingSummary(name, producer, counts, chunks, scan.lostBytes(), warnings);
    }

    /** The event type name a sample counts as in this mode, or null when it does not count. */
    private String selectedType(Event e, boolean async, int stateDefault) {
        if (e instanceof NativeMethodSampleEvent) {
            return mode == SampleMode.WALL ? "jdk.NativeMethodSample" : null;
        }
        if (!(e instanceof ExecutionSample)) return null;
        int state = ((ExecutionSample) e).threadState;
        if (state == ExecutionSample.CPU_TIME_SAMPLE) {
            return mode == SampleMode.CPU_TIME ? "jdk.CPUTimeSample" : null;
        }
        if (mode == SampleMode.CPU_TIME) return null;
        if (async) {
            // async-profiler: cpu/itimer samples carry STATE_DEFAULT, wall-clock samples a real thread state
            boolean cpu = state == stateDefault;
            if (mode == SampleMode.CPU) return cpu ? "jdk.ExecutionSample" : null;
            return cpu ? null : "profiler.WallClockSample";
        }
        return "jdk.ExecutionSample";
    }

    private static boolean isAsyncProfiler(JfrReader jfr) {
        for (String type : jfr.typesByName.keySet()) {
            if (type.startsWith("profiler.")) return true;
        }
        return false;
    }

    private static int stateKey(JfrReader jfr, String state) {
        Map<Integer, String> states = jfr.enums.get("jdk.types.ThreadState");
        if (states != null) {
            for (Map.Entry<Integer, String> s : states.entrySet()) {
                if (state.equals(s.getValue())) return s.getKey();
            }
        }
        return Integer.MIN_VALUE;
    }

    /**
     * JfrReader reads jdk.NativeMethodSample as an ExecutionSample before it looks at registered event
     * types; clearing its cached type id (reset on every chunk) lets our registered type take it.
     */
    private static boolean routeNativeSamples(JfrReader jfr) {
        if (NATIVE_METHOD_SAMPLE_TYPE == null) return false;
        try {
            NATIVE_METHOD_SAMPLE_TYPE.setInt(jfr, -1);
            return true;
        } catch (IllegalAccessException e) {
            return false;
        }
    }

    private static Field nativeMethodSampleField() {
        try {
            Field f = JfrReader.class.getDeclaredField("nativeMethodSample");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Resolves the ids of the chunk being read. Method names are cached: a stack repeats them. */
    private static final class JfrChunk implements ChunkView {
        // jdk.types.FrameType keys; in JDK Flight Recorder's recordings 3 is a Java native method, in
        // async-profiler's it is C code (as 4 is C++ and 5 kernel code, which the JDK does not record)
        private static final byte FRAME_NATIVE = 3;
        private static final byte FRAME_CPP = 4;
        private static final byte FRAME_KERNEL = 5;

        private final JfrReader jfr;
        private final Map<Long, Frame> frames = new java.util.HashMap<>();
        /** Methods seen in C, C++ or kernel frames: async-profiler gives them their library as class. */
        private final java.util.Set<Long> nativeMethods = new java.util.HashSet<>();
        private final boolean asyncProfiler;

        JfrChunk(JfrReader jfr, boolean asyncProfiler) {
            this.jfr = jfr;
            this.asyncProfiler = asyncProfiler;
        }

        @Override
        public long[] stackMethods(int stackTraceId) {
            StackTrace st = jfr.stackTraces.get(stackTraceId);
            if (st == null) return new long[0];
            if (st.types != null) {
                for (int i = 0; i < st.methods.length && i < st.types.length; i++) {
                    byte t = st.types[i];
                    if (t == FRAME_CPP || t == FRAME_KERNEL || (t == FRAME_NATIVE && asyncProfiler)) {
                        nativeMethods.add(st.methods[i]);
                    }
                }
            }
            return st.methods;
        }

        @Override
        public byte[] stackTypes(int stackTraceId) {
            StackTrace st = jfr.stackTraces.get(stackTraceId);
            return st == null || st.types == null ? new byte[0] : st.types;
        }

        @Override
        public Frame frame(long methodId) {
            return frames.computeIfAbsent(methodId, this::resolve);
        }

        private Frame resolve(long methodId) {
            MethodRef m = jfr.methods.get(methodId);
            if (m == null) return Frame.nativeSymbol("[unknown]");
            String method = symbol(m.name);
            ClassRef c = jfr.classes.get(m.cls);
            String cls = c == null ? "" : symbol(c.name).replace('/', '.');
            return cls.isEmpty() || nativeMethods.contains(methodId) ? Frame.nativeSymbol(method) : Frame.java(cls, method);
        }

        private String symbol(long id) {
            byte[] b = jfr.symbols.get(id);
            return b == null ? "" : new String(b, StandardCharsets.UTF_8);
        }

        @Override
        public String threadName(int threadId) {
            return jfr.threads.get(threadId);
        }

        @Override
        public long epochNanos(long ticks) {
            return jfr.chunkStartNanos + (long) ((ticks - jfr.chunkStartTicks) * 1e9 / jfr.ticksPerSec);
        }

        @Override
        public long recordingStartNanos() {
            return jfr.startNanos;   // the minimum over the chunks read so far: the first chunk's start
        }
    }
}
