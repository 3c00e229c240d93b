package io.wirecost.attribution;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads collapsed stacks ({@code root;caller;leaf count}, one stack per line), as written by
 * async-profiler ({@code -o collapsed}), Brendan Gregg's stackcollapse scripts and most flame graph
 * tools. async-profiler's frame suffixes ({@code _[j]}, {@code _[k]}, ...) set the frame type, slashes in
 * class names become dots, and a root frame {@code [name tid=N]} (async-profiler {@code -t}) names the
 * thread. The whole file is one chunk without timestamps.
 */
public final class CollapsedReader {

    private static final Pattern THREAD_FRAME = Pattern.compile("\\[(.*?)(?: tid=\\d+)?]");
    private static final String[] SUFFIXES = {"_[0]", "_[j]", "_[i]", "_[k]", "_[1]"};
    private static final byte[] SUFFIX_TYPES = {0, 1, 2, 5, 6};

    public RecordingSummary read(Path file, SampleSink sink) throws RecordingException {
        String name = file.toString();
        if (!Files.isRegularFile(file))
            throw new RecordingException(name, Files.exists(file) ? "not a regular file" : "no such file");
        Table table = new Table();
        List<int[]> samples = new ArrayList<>(); // {stack id, thread id} per line, with the weight beside
        List<Long> weights = new ArrayList<>();
        long total = 0;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int lineNo = 0;
            for (String line; (line = r.readLine()) != null; ) {
                lineNo++;
                if (line.isBlank()) continue;
                int space = line.lastIndexOf(' ');
                long count;
                try {
                    count = space > 0 ? Long.parseLong(line.substring(space + 1).trim()) : -1;
                } catch (NumberFormatException e) {
                    count = -1;
                }
                if (count <= 0 || line.substring(0, space).isBlank()) {
                    throw new RecordingException(
                            name,
                            "line " + lineNo
                                    + ": malformed collapsed stack (expected 'frame;frame;... COUNT' with a positive COUNT)");
                }
                String[] frames = line.substring(0, space).split(";");
                int thread = -1;
                int first = 0;
                Matcher m = THREAD_FRAME.matcher(frames[0]);
                if (frames.length > 1 && m.matches()) {
                    thread = table.thread(m.group(1));
                    first = 1;
                }
                samples.add(new int[] {table.stack(frames, first), thread});
                weights.add(count);
                total += count;
            }
        } catch (java.nio.charset.MalformedInputException e) {
            throw new RecordingException(name, "not a collapsed stack file (not UTF-8 text)");
        } catch (IOException e) {
            throw new RecordingException(name, "cannot read: " + e.getMessage());
        }
        if (samples.isEmpty()) throw new RecordingException(name, "empty collapsed stack file");
        sink.beginChunk(table);
        // a line's count is that many samples of weight 1
        for (int i = 0; i < samples.size(); i++) {
            long n = weights.get(i);
            sink.samples(samples.get(i)[0], samples.get(i)[1], n, n, n);
        }
        return new RecordingSummary(name, "collapsed", Map.of("collapsed", total), 1, 0, List.of());
    }

    /** async-profiler's {@code [name tid=N]} thread frame (and OTLP thread.name) as the thread's own name. */
    static String threadName(String label) {
        Matcher m = THREAD_FRAME.matcher(label);
        return m.matches() ? m.group(1) : label;
    }

    /** A frame named as flame graph tools name them: a native symbol, or a Java method with dots or slashes. */
    static Frame frameOf(String text, byte type) {
        return isNativeName(text, type) ? Frame.nativeSymbol(text) : Frame.parse(text.replace('/', '.'));
    }

    static boolean isNativeName(String text, byte type) {
        return type == 5 || text.contains("::") || text.startsWith("[") || text.indexOf('.') < 0;
    }

    /** Frames, stacks and threads of the file, with dense ids; doubles as the chunk view. */
    private static final class Table extends InMemoryChunkView {
        private final Map<String, Integer> frameIds = new HashMap<>();
        private final Map<String, Integer> stackIds = new HashMap<>();
        private final List<long[]> stacks = new ArrayList<>();

        int thread(String name) {
            int i = threads.indexOf(name);
            if (i < 0) {
                threads.add(name);
                i = threads.size() - 1;
            }
            return i;
        }

        int stack(String[] rootFirst, int from) {
            long[] leafFirst = new long[rootFirst.length - from];
            for (int i = from; i < rootFirst.length; i++) leafFirst[rootFirst.length - 1 - i] = frame(rootFirst[i]);
            String key = java.util.Arrays.toString(leafFirst);
            return stackIds.computeIfAbsent(key, k -> {
                stacks.add(leafFirst);
                return stacks.size() - 1;
            });
        }

        private int frame(String raw) {
            return frameIds.computeIfAbsent(raw, r -> {
                byte type = -1;
                String text = r;
                for (int i = 0; i < SUFFIXES.length; i++) {
                    if (text.endsWith(SUFFIXES[i])) {
                        type = SUFFIX_TYPES[i];
                        text = text.substring(0, text.length() - SUFFIXES[i].length());
                        break;
                    }
                }
                Frame f = frameOf(text, type);
                frames.add(f);
                frameTypes.add(type >= 0 ? type : (f.isNative() ? (byte) 3 : (byte) 1));
                return frames.size() - 1;
            });
        }

        @Override
        long[] stack(int stackTraceId) {
            return stacks.get(stackTraceId);
        }

        @Override
        public long epochNanos(long ticks) {
            return 0;
        }

        @Override
        public java.util.function.LongUnaryOperator epochClock() {
            return ticks -> 0; // the stacks' table is not pinned for it
        }

        @Override
        public long recordingStartNanos() {
            return 0;
        }
    }
}
