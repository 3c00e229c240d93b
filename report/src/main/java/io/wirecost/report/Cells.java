package io.wirecost.report;

import io.wirecost.runner.ScenarioResult;
import java.util.Locale;

/** How the run's tables write a scenario's column header, a share and a time. */
final class Cells {

    private Cells() {}

    /** A scenario's column header: today's transports, which no paper measured, are marked "today only". */
    static String label(ScenarioResult r) {
        return io.wirecost.scenarios.Scenarios.todayOnly(r.scenario()) ? r.scenario() + " (today only)" : r.scenario();
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String fmt(double micros) {
        return micros >= 100 ? String.format(Locale.ROOT, "%.1f", micros) : String.format(Locale.ROOT, "%.2f", micros);
    }
}
