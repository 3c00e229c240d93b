package io.wirecost.history;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * One of the machine's series each run stores (load average, steal, busy CPU, the host's speed), as
 * {@link MachineChange} reads it: how to get it from a run, when its step is large enough to explain a metric's, and
 * how that step is written. Each fact's threshold and format belong to the fact, not to how change points are searched
 * and matched, so the series are kept together here.
 *
 * <p>{@code material}: the smallest difference of the means either side that counts, so that a
 * statistically clear but harmless move (load 1.2 to 1.5 on an idle machine) explains nothing: one more runnable
 * thread, one point of steal, five points of busy CPU, and a tenth of the host's speed before the step. The host's
 * speed (the runner's one-core AES-GCM reference, MB/s) is relative because its level is the host's own: the
 * virtual machine this was built on flips between states a third apart, while the reference of runs in one state
 * varies by a few percent, so a tenth is well outside the one and well inside the other. It is the one fact that
 * sees a host slowing under a steady load and steal, which moves every figure per call alike.
 *
 * @param format   each mean's format; {@code unit} follows both once
 * @param relative {@code material} is a fraction of the mean before the step, not a difference in the fact's unit
 */
record MachineFact(
        String label, String format, String unit, ToDoubleFunction<RunFacts> value, double material, boolean relative) {
    static final MachineFact LOAD = new MachineFact("load", "%.1f", "", RunFacts::loadAverage, 1.0, false);
    static final MachineFact STEAL = new MachineFact("steal", "%.1f %%", "", RunFacts::stealPercent, 1.0, false);
    static final MachineFact BUSY = new MachineFact("busy CPU", "%.1f %%", "", RunFacts::busyPercent, 5.0, false);
    static final MachineFact HOST_SPEED =
            new MachineFact("host reference", "%.0f", " MB/s", RunFacts::hostSpeedMbps, 0.10, true);
    /** In the order they are tried: the first material step near the metric's explains it. */
    static final List<MachineFact> ALL = List.of(LOAD, STEAL, BUSY, HOST_SPEED);

    /** Whether the machine's step at {@code cp} is large enough to explain a metric's. */
    boolean material(EDivisive.ChangePoint cp) {
        double step = Math.abs(cp.meanAfter() - cp.meanBefore());
        return relative ? step >= material * Math.abs(cp.meanBefore()) : step >= material;
    }

    /** {@code load 25.7 -> 12.9}, {@code host reference 1180 -> 700 MB/s}. */
    String step(EDivisive.ChangePoint cp) {
        return label + " " + String.format(Locale.ROOT, format, cp.meanBefore()) + " -> "
                + String.format(Locale.ROOT, format, cp.meanAfter()) + unit;
    }
}
