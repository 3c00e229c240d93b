package io.wirecost.runner;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/**
 * How a run measures: each method is one warm-up policy (how long the JVMs warm up, how the batches are sized,
 * how long the profiled pass runs). Written to results.json by its label ({@code settings.method},
 * {@code facts.counts.method}).
 */
public enum RunMethod {
    /** The papers' counts, kept exactly (also any counts given on the command line). */
    PAPER("paper"),
    /** Warm-up until the pace settles, batches sized by time ({@link WarmupPass}): the default. */
    ADAPTIVE("adaptive"),
    /** --quick: the counts cut to a time budget per scenario. */
    QUICK("quick");

    private final String label;

    RunMethod(String label) {
        this.label = label;
    }

    /** The method's name on the command line and in results.json. */
    @JsonValue
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }

    /** The method called {@code label}; an unknown name is an {@link IllegalArgumentException} naming it. */
    public static RunMethod of(String label) {
        return Arrays.stream(values())
                .filter(m -> m.label.equals(label))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown method " + label));
    }

    /** Whether the method cuts the counts to a time budget at each scenario's pace. */
    public boolean timeBudget() {
        return this == QUICK;
    }

    /**
     * Calls per type of the cold probe that starts the warm-up and sets the pace: 20, or 5 with --quick, whose
     * first cold calls count against its warm-up time (ws-security's first 20 per type took longer than the
     * whole warm-up --quick allows).
     */
    int probeCalls(RunSettings s) {
        return Math.min(s.warmupCalls(), this == QUICK ? 5 : 20);
    }

    /** The warm-up in the progress line. */
    String describeWarmup(RunSettings s) {
        return switch (this) {
            case QUICK -> "at most " + s.warmupCalls() + " calls per data type";
            case ADAPTIVE -> "until the pace settles";
            case PAPER -> s.warmupCalls() + " calls per data type";
        };
    }
}
