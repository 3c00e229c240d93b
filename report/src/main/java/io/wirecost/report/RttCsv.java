package io.wirecost.report;

import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.ScenarioResult;
import java.util.List;
import java.util.Locale;

/**
 * {@code rtt.csv}: {@code scenario,operation,mean_micros,stddev_micros,cv_percent,invocations,ci_low,ci_high}, the
 * first repetition of each scenario; the 95 % interval columns come last so that readers of the older six
 * columns keep working.
 */
public final class RttCsv {

    public static final String HEADER =
            "scenario,operation,mean_micros,stddev_micros,cv_percent,invocations,ci_low,ci_high";

    private RttCsv() {}

    public static String render(List<ScenarioResult> results) {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (ScenarioResult r : results) {
            for (RttStatistics s : r.rtt()) {
                sb.append(r.scenario())
                        .append(',')
                        .append(s.operation())
                        .append(',')
                        .append(num(s.meanMicros()))
                        .append(',')
                        .append(num(s.stddevMicros()))
                        .append(',')
                        .append(num(s.cvPercent()))
                        .append(',')
                        .append(s.invocations())
                        .append(',')
                        .append(num(s.interval().low()))
                        .append(',')
                        .append(num(s.interval().high()))
                        .append('\n');
            }
        }
        return sb.toString();
    }

    /** NaN (no such figure, e.g. the spread of a geometric mean) is an empty field. */
    static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }
}
