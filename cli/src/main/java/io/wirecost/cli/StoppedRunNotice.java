package io.wirecost.cli;

import io.wirecost.runner.RunCoordinator;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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

    StoppedRunNotice(Path dir) {
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
        StringBuilder sb = new StringBuilder();
        for (RunCoordinator.Side side : sides) {
            Set<String> names = new LinkedHashSet<>();
            for (ScenarioResult r : side.results()) if (r.ok()) names.add(r.scenario());
            if (names.isEmpty()) continue;
            if (sb.length() > 0) sb.append("; ");
            String label = side.config().label();
            sb.append(label.isEmpty() ? "" : label + ": ").append(String.join(", ", names));
        }
        finished.set(sb.toString());
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
