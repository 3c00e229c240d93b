package io.wirecost.report;

import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.ScenarioResult;
import java.util.List;

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
        Csv csv = new Csv(HEADER);
        for (ScenarioResult r : results) {
            for (RttStatistics s : r.rtt()) {
                csv.row(
                        r.scenario(),
                        s.operation(),
                        Csv.micros(s.meanMicros()),
                        Csv.micros(s.stddevMicros()),
                        Csv.micros(s.cvPercent()),
                        s.invocations(),
                        Csv.micros(s.interval().low()),
                        Csv.micros(s.interval().high()));
            }
        }
        return csv.toString();
    }
}
