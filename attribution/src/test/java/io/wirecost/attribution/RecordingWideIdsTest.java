package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The own reader hands the sinks a recording of many chunks as one chunk with recording-wide ids, so a sink
 * caching per chunk (the classifier, the flame graph's names) resolves each distinct stack once: a recording
 * concatenated with itself holds no more distinct stacks or threads than one copy, and three times its weight.
 */
class RecordingWideIdsTest {

    private static final Path CPU = Path.of("src/test/resources/recordings/ap29-cpu.jfr");

    /** What a sink saw: chunks begun, distinct stack and thread ids, their frames resolved, the weight. */
    private static final class Seen implements SummingSink {
        int chunks;
        final Set<Integer> stacks = new HashSet<>();
        final Set<Integer> threads = new HashSet<>();
        final Set<String> frames = new HashSet<>();
        long weight;
        ChunkView view;

        @Override
        public void beginChunk(ChunkView chunk) {
            chunks++;
            view = chunk;
        }

        @Override
        public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
            stacks.add(stackTraceId);
            threads.add(threadId);
            this.weight += weight;
            long[] methods = view.stackMethods(stackTraceId);
            byte[] types = view.stackTypes(stackTraceId);
            for (int i = 0; i < methods.length; i++)
                frames.add(view.frame(methods[i], ChunkView.typeAt(types, i)).toString());
        }
    }

    private static Seen read(Path file) throws RecordingException {
        Seen s = new Seen();
        RecordingSummary summary = Recordings.read(file, SampleMode.CPU, s);
        assertTrue(summary.chunks() >= 1, file.toString());
        return s;
    }

    @Test
    void concatenatedChunksShareTheirIds(@TempDir Path dir) throws Exception {
        byte[] one = Files.readAllBytes(CPU);
        Path three = dir.resolve("three.jfr");
        Files.write(three, concat(one, one, one));
        Seen single = read(CPU);
        Seen triple = read(three);
        assertEquals(1, triple.chunks, "the sinks see one chunk");
        assertTrue(single.stacks.size() > 1, "a recording with stacks: " + single.stacks.size());
        assertEquals(single.stacks.size(), triple.stacks.size(), "distinct stacks");
        assertEquals(single.threads.size(), triple.threads.size(), "distinct threads");
        assertEquals(single.frames, triple.frames, "the frames the stacks resolve to");
        assertEquals(3 * single.weight, triple.weight, "every chunk's samples counted");
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }
}
