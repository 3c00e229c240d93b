package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.FlameGraphSink;
import io.wirecost.attribution.Recordings;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The harness's own work in a real profiled pass is never a middleware category (issue 51): the command loop's
 * JSON replies run Jackson between the timed batches, and the default rules' {@code json} claimed them until the
 * {@code harness} rules covered the loop's methods. Reads a scenario JVM's recording with each sample's category
 * as its root frame.
 */
final class HarnessSamples {

    private static final String HARNESS = "io.wirecost.scenarios.harness.";

    private HarnessSamples() {}

    /** Collapsed stacks of one recording, each rooted at {@code [category]}. */
    static List<String> categorised(Path recording) throws Exception {
        FlameGraphSink sink = new FlameGraphSink("collapsed", "harness check", RuleSet.defaults(), true);
        Recordings.read(recording, SampleMode.CPU, sink);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            sink.write(ps);
        }
        List<String> out = new ArrayList<>();
        for (String line : bytes.toString(StandardCharsets.UTF_8).split("\n")) if (!line.isBlank()) out.add(line);
        return out;
    }

    /**
     * No {@code json} sample passes through the harness's command loop, JSON or CPU readings, and every sample
     * that does is {@code harness}, or {@code unwalked} where the profiler left a frame it could not name on the
     * stack (that rule decides nearer the leaf; both are reported apart from the middleware, group {@code jvm});
     * returns how many samples the harness's own frames held.
     */
    static long assertNoHarnessInMiddleware(Path recording) throws Exception {
        List<String> lines = categorised(recording);
        assertTrue(!lines.isEmpty(), recording + ": no samples");
        long harness = 0;
        for (String line : lines) {
            boolean loopWork = line.contains(HARNESS + "CommandLoop.encode")
                    || line.contains(HARNESS + "CommandLoop.send")
                    || line.contains(HARNESS + "CommandLoop.reply")
                    || line.contains(HARNESS + "CommandLoop.readCommand")
                    || line.contains(HARNESS + "ProcessCpu.");
            if (line.startsWith("[json]"))
                assertTrue(!line.contains(HARNESS), recording + ": a json sample through the harness: " + line);
            if (loopWork) {
                assertTrue(
                        line.startsWith("[harness]") || line.startsWith("[unwalked]"),
                        recording + ": the harness's work elsewhere: " + line);
                harness += Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return harness;
    }

    /**
     * The {@code json} samples whose stack reaches a thread's root ({@code Thread.run} or a {@code main} method): on
     * a whole stack the harness's JSON is {@code harness}, so a scenario that sends no JSON has none. A stack the
     * profiler cut short without a {@code break_*} or {@code unknown} frame at its root (a sample in thousands, now
     * and then) can still end in Jackson's frames and land in {@code json}: nothing on it says whose work it was.
     */
    static List<String> jsonOnWholeStacks(Path recording) throws Exception {
        List<String> whole = new ArrayList<>();
        for (String line : categorised(recording)) {
            if (!line.startsWith("[json];")) continue;
            String root = line.substring("[json];".length()).split(";", 2)[0];
            if (root.startsWith("java.lang.Thread.run") || root.contains(".main_[")) whole.add(line);
        }
        return whole;
    }
}
