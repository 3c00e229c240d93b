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
 * draw, byte for byte: the same keys with the same weights; and a page is the same whatever order its stacks come in,
 * which changes from one reading of a recording to the next (its chunks are read in parallel). The samples are
 * scripted chunks of frames whose names hold the separators StackCounts joins with, empty names and stacks, one name
 * under several frame types, and names of one String hash.
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

    /** Names of one String hash (Aa and BB hash alike): a map's order of them is no layout. */
    @Test
    void keysOfOneHash() {
        Chunk c = new Chunk(0);
        for (String n : sameHash()) c.sample(1, "root", n);
        for (String n : sameHash()) c.sample(1, n);
        for (int i = 0; i < 120; i++) c.sample(1, "filler" + i, "leaf");
        for (String n : sameHash()) c.sample(2, "root", n, "leaf");
        assertSamePage(List.of(c), List.of(c), "one hash");
        assertSamePage(List.of(c), random(new Random(3), 300), "one hash against random");
    }

    /** A stack the tree tells apart by its frame types is one key, its weights summed. */
    @Test
    void framesOfOtherTypesAreOneKey() {
        Chunk typed = new Chunk(0);
        for (int i = 0; i < 20; i++) typed.sample(1, "f" + i);
        typed.sample(1, 5, "f0");
        assertEquals(listed(counts(List.of(typed)).paths()), listed(JoinedStacks.of(tree(List.of(typed)))));
        assertTrue(listed(JoinedStacks.of(tree(List.of(typed)))).contains("f0 2"));
    }

    /** The same samples in another order draw the same page: siblings by name, shares from whole weights. */
    @Test
    void thePageIsTheSameWhateverTheOrderOfItsStacks() {
        for (int seed = 0; seed < 10; seed++) {
            List<Chunk> chunks = random(new Random(seed), 300);
            List<Chunk> reversed = new ArrayList<>();
            for (Chunk c : chunks) reversed.add(0, c.reversed());
            List<Chunk> cand = random(new Random(500 + seed), 200);
            String page = DiffFlameGraph.render("t", JoinedStacks.of(tree(chunks)), JoinedStacks.of(tree(cand)));
            assertEquals(
                    page,
                    DiffFlameGraph.render("t", JoinedStacks.of(tree(reversed)), JoinedStacks.of(tree(cand))),
                    "seed " + seed);
            assertEquals(
                    page,
                    DiffFlameGraph.render(
                            "t", counts(reversed).paths(), counts(cand).paths()));
        }
        // and it can tell pages apart: another candidate is another page
        List<Chunk> base = random(new Random(1), 300);
        assertNotEquals(
                DiffFlameGraph.render(
                        "t", JoinedStacks.of(tree(base)), JoinedStacks.of(tree(random(new Random(2), 300)))),
                DiffFlameGraph.render(
                        "t", JoinedStacks.of(tree(base)), JoinedStacks.of(tree(random(new Random(4), 300)))));
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

    /** Each key with samples as its joined string and weight, in string order. */
    private static List<String> listed(StackPaths p) {
        List<String> out = new ArrayList<>();
        p.forEach((frames, depth, weight) -> {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < depth; i++) names.add(p.names().get(frames[i]));
            // split drops a joined string's trailing empty names, which the graph skips anyway
            while (!names.isEmpty() && names.get(names.size() - 1).isEmpty()) names.remove(names.size() - 1);
            if (weight > 0) out.add(String.join(";", names) + " " + weight);
        });
        Collections.sort(out);
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

        /** The same stacks, their samples in the reverse order. */
        Chunk reversed() {
            Chunk r = new Chunk(firstMethod);
            r.stacks.addAll(stacks);
            r.stackTypes.addAll(stackTypes);
            r.methods.addAll(methods);
            List<long[]> s = new ArrayList<>(samples);
            Collections.reverse(s);
            r.samples.addAll(s);
            return r;
        }

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
