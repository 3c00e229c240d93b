package io.wirecost.report;

import io.wirecost.runner.Estimate;
import io.wirecost.runner.ScenarioResult;
import java.util.List;
import java.util.Locale;

/** How the tables print a figure with its 95 % interval, and say where the interval comes from. */
final class Intervals {

    private Intervals() {}

    /** {@code 34.00 [33.10, 35.20]}; without a known interval, the figure and {@code [?]}. */
    static String cell(Estimate e) {
        String v = Cells.fmt(e.value());
        return e.known() ? v + " [" + Cells.fmt(e.low()) + ", " + Cells.fmt(e.high()) + "]" : v + " [?]";
    }

    /** One note line: from the batches of one run, or from the spread between K repetitions. */
    static String basis(List<ScenarioResult> all) {
        int k = all.stream().mapToInt(ScenarioResult::repetition).max().orElse(1);
        return k >= 2
                ? String.format(
                        Locale.ROOT,
                        "95 %% intervals: Student t over the %d repetitions' means (between-run spread).",
                        k)
                : "95 % intervals: Student t over the kept measurement batches of one run, widened by the move between "
                        + "the timed pass and the first type measured again after it (facts.drift, adaptive and paper methods); "
                        + "--repeat 3 or more also captures differences between fresh JVM pairs; ratios and geomeans by the "
                        + "delta method on logarithms.";
    }
}
