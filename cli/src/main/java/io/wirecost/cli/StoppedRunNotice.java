package io.wirecost.cli;

import io.wirecost.runner.RunCoordinator;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The line {@code run} says when Ctrl-C or SIGTERM ends it before its last scenario: which scenarios the run
 * directory holds, so that a part is not taken for the whole. The JVM ends through its shutdown hooks without
 * unwinding the run, so the line comes from a hook; what finished is recorded after each scenario, never read from
 * the lists the run is still writing.
 */
final class StoppedRunNotice implements AutoCloseable {

    private final AtomicReference<String> finished = new AtomicReference<>("");
    private final Thread hook;
    private final int repeat;

    /** {@code repeat}: the repetitions asked of each scenario, so that a part of them is said as such. */
    StoppedRunNotice(Path dir, int repeat) {
        this.repeat = repeat;
        hook = new Thread(
                () -> System.err.println(
                        finished.get().isEmpty()
                                ? "wirecost: stopped before the run ended; no scenario finished, " + dir
                                        + " holds no results"
                                : "wirecost: stopped before the run ended; " + dir
                                        + " holds the scenarios that finished (" + finished.get()
                                        + "), not the others"),
                "wirecost-run-stopped");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Called after each scenario: the scenarios that finished so far, each side's under its label. */
    void finished(List<RunCoordinator.Side> sides) {
        Map<String, Map<String, Integer>> bySide = new LinkedHashMap<>();
        for (RunCoordinator.Side side : sides) {
            Map<String, Integer> done = bySide.computeIfAbsent(side.config().label(), k -> new LinkedHashMap<>());
            for (ScenarioResult r : side.results()) if (r.ok()) done.merge(r.scenario(), 1, Integer::sum);
        }
        finished.set(finishedText(bySide, repeat));
    }

    /**
     * "tcp, rmi", or with repetitions "tcp 3 of 3 repetitions, rmi 1 of 3 repetitions", each labelled side's after
     * its label ("baseline: tcp; candidate: tcp"); "" where nothing finished.
     */
    static String finishedText(Map<String, Map<String, Integer>> bySide, int repeat) {
        StringBuilder sb = new StringBuilder();
        bySide.forEach((label, done) -> {
            if (done.isEmpty()) return;
            if (sb.length() > 0) sb.append("; ");
            sb.append(label.isEmpty() ? "" : label + ": ")
                    .append(String.join(
                            ", ",
                            done.entrySet().stream()
                                    .map(e -> repeat == 1
                                            ? e.getKey()
                                            : e.getKey() + " " + e.getValue() + " of " + repeat + " repetitions")
                                    .toList()));
        });
        return sb.toString();
    }

    /** The run ended: nothing to say. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is ending: the hook says its line
        }
    }
}
