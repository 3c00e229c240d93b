package io.wirecost.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Runs the scenarios of one or two configurations, each scenario {@code repeat} times in fresh JVM
 * pairs, repetitions interleaved across scenarios (1 of each, then 2 of each ...). With two
 * configurations and {@code interleave}, baseline and candidate alternate (ABAB...) so that drift of the
 * machine hits both alike; without it, all repetitions of one configuration come first.
 * Every side's results are written after each scenario run.
 */
public final class RunCoordinator {

    /** One configuration's runner, its writer and the results it has so far. */
    public record Side(
            RunConfig config,
            ScenarioRunner runner,
            RunOutput writer,
            RunMetadata meta,
            List<ScenarioResult> results) {}

    private final List<Side> sides;
    private final List<String> scenarios;
    private final int repeat;
    private final boolean interleave;
    private final Consumer<String> progress;
    private Runnable afterEach = () -> {};

    public RunCoordinator(
            List<Side> sides, List<String> scenarios, int repeat, boolean interleave, Consumer<String> progress) {
        this.sides = List.copyOf(sides);
        this.scenarios = List.copyOf(scenarios);
        this.repeat = repeat;
        this.interleave = interleave;
        this.progress = progress;
    }

    /** Called after every scenario run, once its files are written (the metrics endpoint updates here). */
    public void afterEach(Runnable hook) {
        this.afterEach = hook;
    }

    /**
     * Repetitions are the outer loop: repetition 1 of every scenario, then repetition 2 ..., so drift of the
     * machine (another build starting, a thermal change) spreads over all scenarios instead of hitting
     * every repetition of one; the spread between repetitions then measures it.
     */
    public void run() throws Exception {
        for (Step s : order(sides.size(), scenarios, repeat, interleave))
            runOnce(sides.get(s.side()), s.scenario(), s.repetition());
    }

    /** One scenario run: which side (0 baseline, 1 candidate), which scenario, which repetition. */
    record Step(int side, String scenario, int repetition) {}

    /** The order {@link #run()} follows; its own method so that a test can check it without starting JVMs. */
    static List<Step> order(int sides, List<String> scenarios, int repeat, boolean interleave) {
        List<Step> out = new ArrayList<>();
        if (interleave) {
            for (int rep = 1; rep <= repeat; rep++)
                for (String scenario : scenarios)
                    for (int side = 0; side < sides; side++) out.add(new Step(side, scenario, rep));
        } else {
            for (int side = 0; side < sides; side++)
                for (int rep = 1; rep <= repeat; rep++)
                    for (String scenario : scenarios) out.add(new Step(side, scenario, rep));
        }
        return out;
    }

    private void runOnce(Side side, String scenario, int rep) throws Exception {
        String label = scenario
                + (repeat > 1 ? " #" + rep : "")
                + (side.config().label().isEmpty() ? "" : " [" + side.config().label() + "]");
        progress.accept(label + ": starting server and client JVMs");
        ScenarioResult r = side.runner().run(scenario, rep);
        side.results().add(r);
        side.writer().write(side.meta(), side.results()); // an interrupted run keeps what it measured
        afterEach.run();
        progress.accept(label + ": " + (r.ok() ? "done" : "FAILED: " + r.error())
                + String.format(Locale.ROOT, " (%.1f s)", r.seconds()));
    }

    public List<Side> sides() {
        return sides;
    }

    /** The first repetition of every scenario: what the console tables and csv files show. */
    public static List<ScenarioResult> firstRepetitions(List<ScenarioResult> results) {
        List<ScenarioResult> out = new ArrayList<>();
        for (ScenarioResult r : results) if (r.repetition() == 1) out.add(r);
        return out;
    }
}
