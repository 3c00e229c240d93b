package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A flame graph drawn from a {@link StackTree}, each stack once with its summed weight, is the graph its samples draw
 * one by one: async-profiler's graph sums by path and sorts when written.
 */
class StackTreeTest {

    private static final RuleSet RULES = RuleSet.defaults();

    @Test
    void aTreeDrawsTheGraphItsSamplesDraw() throws Exception {
        for (String name : List.of("ap29-cpu.jfr", "ap29-wall.jfr", "ap29-cpu-alloc-lock.jfr")) {
            Path file = Path.of("src/test/resources/recordings", name);
            for (SampleMode mode : List.of(SampleMode.CPU, SampleMode.WALL)) {
                FlameGraphSink bySample = new FlameGraphSink("html", name, RULES, false);
                RecordingSummary s = Recordings.read(file, mode, bySample);
                StackTree tree = new StackTree();
                Recordings.read(file, mode, tree);
                FlameGraphSink byTree = new FlameGraphSink("html", name, RULES, false);
                byTree.addAll(tree);
                assertEquals(html(bySample), html(byTree), name + " " + mode);
                assertEquals(s.samples(), tree.total(), name + " " + mode);
            }
        }
    }

    @Test
    void aCaptureDrawsOneTreeForEveryGraph() throws Exception {
        Path file = Path.of("src/test/resources/recordings/ap29-cpu.jfr");
        SampleCapture kept = SampleCapture.read(file, SampleMode.CPU, UnaryOperator.identity());
        StackTree tree = kept.stacks();
        assertSame(tree, kept.stacks());
        assertTrue(tree.stacks() > 1, "stacks: " + tree.stacks());
        FlameGraphSink replayed = new FlameGraphSink("html", "t", RULES, false);
        kept.replay(replayed);
        FlameGraphSink drawn = new FlameGraphSink("html", "t", RULES, false);
        drawn.addAll(tree);
        String page = html(drawn); // async-profiler's graph can be written once only
        assertEquals(html(replayed), page);
        // and the comparison sees one stack left out
        StackTree fewer = new StackTree();
        kept.replay(new SampleSink() {
            int first = -1;

            @Override
            public void beginChunk(ChunkView chunk) {
                fewer.beginChunk(chunk);
            }

            @Override
            public boolean needsEachSample() {
                return false;
            }

            @Override
            public void sample(int stackTraceId, int threadId, long ticks, long weight) {
                if (first < 0) first = stackTraceId;
                if (stackTraceId != first) fewer.sample(stackTraceId, threadId, ticks, weight);
            }
        });
        FlameGraphSink lessDrawn = new FlameGraphSink("html", "t", RULES, false);
        lessDrawn.addAll(fewer);
        assertNotEquals(page, html(lessDrawn));
    }

    @Test
    void aGraphRootedByCategoryTakesNoTree() {
        FlameGraphSink byCategory = new FlameGraphSink("html", "t", RULES, true);
        assertThrows(IllegalStateException.class, () -> byCategory.addAll(new StackTree()));
    }

    private static String html(FlameGraphSink sink) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, false, StandardCharsets.UTF_8);
        sink.write(ps);
        ps.flush();
        return out.toString(StandardCharsets.UTF_8);
    }
}
