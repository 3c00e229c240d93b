package io.wirecost.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.ChunkView;
import io.wirecost.attribution.Frame;
import io.wirecost.attribution.JoinedStacks;
import io.wirecost.attribution.SampleSink;
import io.wirecost.attribution.StackCounts;
import io.wirecost.attribution.StackPaths;
import io.wirecost.attribution.StackTree;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The differential flame graph drawn from stack trees ({@link JoinedStacks}) is the page StackCounts' joined strings
 * drew, byte for byte: the same stacks with the same weights in the same order, since the graph lays out siblings in
 * the order it meets them. The samples are scripted chunks of frames whose names hold the separators StackCounts
 * joined with, empty names and stacks, one name under several frame types, and enough stacks that the map grows and
 * fills bins past their list length.
 */
class JoinedStacksPageTest {

    private static final String[] NAMES = {
        "java.lang.Thread.run",
        "a;b",
        "a:b",
        "",
        ";",
        "x;;y",
        "é;ü",
        "trail;",
        "Aa",
        "BB",
        "io.x.Y.z",
        "C2Compiler::compile"
    };

    @Test
    void variedStacksDrawTheSamePageAsJoinedStrings() {
        for (int seed = 0; seed < 30; seed++) {
            List<Chunk> base = random(new Random(seed), 40 + seed * 30);
            List<Chunk> cand = random(new Random(1000 + seed), 25 + seed * 20);
            assertSamePage(base, cand, "seed " + seed);
        }
    }

    @Test
    void oneSideWithoutStacksOrWithOnlyEmptyOnes() {
        List<Chunk> some = random(new Random(7), 200);
        Chunk empty = new Chunk(0);
        empty.sample(3, new String[0]);
        empty.sample(1, "", "");
        empty.sample(2, "", "a;b", "");
        assertSamePage(List.of(), some, "no baseline");
        assertSamePage(some, List.of(), "no candidate");
        assertSamePage(List.of(empty), some, "empty stacks");
        assertSamePage(List.of(empty), List.of(empty), "only empty stacks");
    }

    /** Names of one String hash (Aa and BB hash alike) crowd one bin past eight keys, where a HashMap makes it a tree. */
    @Test
    void keysOfOneHashKeepTheirOrder() {
        Chunk c = new Chunk(0);
        for (String n : sameHash()) c.sample(1, "root", n);
        for (String n : sameHash()) c.sample(1, n);
        for (int i = 0; i < 120; i++) c.sample(1, "filler" + i, "leaf");
        for (String n : sameHash()) c.sample(2, "root", n, "leaf");
        assertSamePage(List.of(c), List.of(c), "one hash");
        assertSamePage(List.of(c), random(new Random(3), 300), "one hash against random");
    }

    /** A map grows on the merge after it passes its threshold, so whether a sample follows the last new key counts. */
    @Test
    void aSampleAfterTheLastNewKeyGrowsTheMapAsStackCountsDid() {
        for (int keys = 10; keys < 30; keys++) {
            Chunk ending = new Chunk(0);
            for (int i = 0; i < keys; i++) ending.sample(1, "f" + i);
            Chunk repeating = new Chunk(0);
            for (int i = 0; i < keys; i++) repeating.sample(1, "f" + i);
            repeating.sample(1, "f0");
            Chunk typed = new Chunk(0);
            for (int i = 0; i < keys; i++) typed.sample(1, "f" + i);
            typed.sample(1, 5, "f0"); // a new stack of the tree (another frame type), an old key of StackCounts
            for (List<Chunk> side : List.of(List.of(ending), List.of(repeating), List.of(typed))) {
                assertEquals(listed(counts(side).paths()), listed(JoinedStacks.of(tree(side))), keys + " keys");
                assertSamePage(side, List.of(ending), keys + " keys");
            }
        }
    }

    /** The comparison sees order: the same samples in another order lay out one hash's names otherwise. */
    @Test
    void theComparisonSeesTheOrder() {
        Chunk forward = new Chunk(0);
        Chunk backward = new Chunk(0);
        List<String> names = sameHash();
        for (String n : names) forward.sample(1, "root", n);
        Collections.reverse(names);
        for (String n : names) backward.sample(1, "root", n);
        String fromStrings = DiffFlameGraph.render("t", counts(List.of(forward)).paths(), new StackCounts().paths());
        String fromTree =
                DiffFlameGraph.render("t", JoinedStacks.of(tree(List.of(backward))), new StackCounts().paths());
        assertNotEquals(fromStrings, fromTree);
        assertEquals(fromStrings.length(), fromTree.length());
    }

    private static void assertSamePage(List<Chunk> base, List<Chunk> cand, String what) {
        StackCounts cb = counts(base);
        StackCounts cc = counts(cand);
        StackTree tb = tree(base);
        StackTree tc = tree(cand);
        assertEquals(cb.total(), tb.total(), what);
        assertEquals(listed(cb.paths()), listed(JoinedStacks.of(tb)), what);
        String page = DiffFlameGraph.render("wirecost diff " + what, cb.paths(), cc.paths());
        assertTrue(page.contains("<rect"), what);
        assertEquals(
                page, DiffFlameGraph.render("wirecost diff " + what, JoinedStacks.of(tb), JoinedStacks.of(tc)), what);
    }

    private static StackCounts counts(List<Chunk> chunks) {
        StackCounts s = new StackCounts();
        feed(chunks, s);
        return s;
    }

    private static StackTree tree(List<Chunk> chunks) {
        StackTree s = new StackTree();
        feed(chunks, s);
        return s;
    }

    private static void feed(List<Chunk> chunks, SampleSink sink) {
        for (Chunk c : chunks) {
            sink.beginChunk(c);
            for (long[] s : c.samples) sink.samples((int) s[0], 0, s[1], 1, s[1] * (double) s[1]);
        }
    }

    /** Each stack as its joined string and weight, in the side's order. */
    private static List<String> listed(StackPaths p) {
        List<String> out = new ArrayList<>();
        p.forEach((frames, depth, weight) -> {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < depth; i++) names.add(p.names().get(frames[i]));
            // split drops a joined string's trailing empty names, which the graph skips anyway
            while (!names.isEmpty() && names.get(names.size() - 1).isEmpty()) names.remove(names.size() - 1);
            out.add(String.join(";", names) + " " + weight);
        });
        return out;
    }

    private static List<String> sameHash() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            StringBuilder sb = new StringBuilder();
            for (int b = 0; b < 4; b++) sb.append((i >> b & 1) == 0 ? "Aa" : "BB");
            out.add(sb.toString());
        }
        return out;
    }

    /** Chunks of random stacks, some repeated across chunks under other ids, with weights from 0. */
    private static List<Chunk> random(Random r, int samples) {
        List<String[]> stacks = new ArrayList<>();
        List<byte[]> types = new ArrayList<>();
        for (int i = 0; i < samples / 3 + 1; i++) {
            String[] s = new String[r.nextInt(9)];
            for (int f = 0; f < s.length; f++)
                s[f] = r.nextInt(4) == 0 ? "m" + r.nextInt(30) : NAMES[r.nextInt(NAMES.length)];
            stacks.add(s);
            byte[] t = new byte[r.nextInt(3) == 0 ? r.nextInt(s.length + 1) : s.length]; // some recorded without types
            for (int f = 0; f < t.length; f++) t[f] = (byte) r.nextInt(7);
            types.add(t);
        }
        List<Chunk> chunks = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            Chunk chunk = new Chunk(c * 1000 + r.nextInt(500));
            for (int i = 0; i < samples / 3; i++) {
                int k = r.nextInt(stacks.size());
                chunk.sample(r.nextInt(4), types.get(k), stacks.get(k));
            }
            chunks.add(chunk);
        }
        return chunks;
    }

    /** One chunk's scripted samples: stack ids and method ids of its own, every frame a name as written. */
    private static final class Chunk implements ChunkView {
        final List<long[]> stacks = new ArrayList<>(); // leaf first
        final List<byte[]> stackTypes = new ArrayList<>();
        final List<String> methods = new ArrayList<>();
        final List<long[]> samples = new ArrayList<>(); // stack id, weight
        final long firstMethod;

        Chunk(long firstMethod) {
            this.firstMethod = firstMethod;
        }

        void sample(long weight, String... rootFirst) {
            byte[] t = new byte[rootFirst.length];
            java.util.Arrays.fill(t, (byte) 1);
            sample(weight, t, rootFirst);
        }

        void sample(long weight, int type, String... rootFirst) {
            byte[] t = new byte[rootFirst.length];
            java.util.Arrays.fill(t, (byte) type);
            sample(weight, t, rootFirst);
        }

        void sample(long weight, byte[] typesRootFirst, String[] rootFirst) {
            long[] m = new long[rootFirst.length];
            byte[] t = new byte[typesRootFirst.length];
            for (int i = 0; i < m.length; i++) {
                m[i] = firstMethod + methods.size();
                methods.add(rootFirst[rootFirst.length - 1 - i]);
            }
            for (int i = 0; i < t.length; i++) t[i] = typesRootFirst[typesRootFirst.length - 1 - i];
            stacks.add(m);
            stackTypes.add(t);
            samples.add(new long[] {stacks.size() - 1 + 7, weight}); // ids from 7: not indexes by chance
        }

        @Override
        public long[] stackMethods(int stackTraceId) {
            return stacks.get(stackTraceId - 7);
        }

        @Override
        public byte[] stackTypes(int stackTraceId) {
            return stackTypes.get(stackTraceId - 7);
        }

        @Override
        public Frame frame(long methodId, byte frameType) {
            return Frame.nativeSymbol(methods.get((int) (methodId - firstMethod)));
        }

        @Override
        public String threadName(int threadId) {
            return "main";
        }

        @Override
        public long epochNanos(long ticks) {
            return ticks;
        }

        @Override
        public LongUnaryOperator epochClock() {
            return t -> t;
        }

        @Override
        public long recordingStartNanos() {
            return 0;
        }
    }
}
