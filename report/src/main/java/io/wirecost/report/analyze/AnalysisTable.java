package io.wirecost.report.analyze;

import io.wirecost.attribution.JmcAnalysis;
import io.wirecost.attribution.RuleFinding;
import java.io.PrintStream;
import java.util.Locale;

/** {@code wirecost analyze --format table}: the rules that ran, most severe first; N/A rules counted, not listed. */
public final class AnalysisTable {

    private AnalysisTable() {}

    public static void write(JmcAnalysis.Report r, PrintStream out) {
        long notApplicable = r.findings().stream().filter(f -> !applicable(f)).count();
        out.printf(
                Locale.ROOT,
                "%s (JFR %s, %d chunk%s): JDK Mission Control's automated analysis%n",
                r.file(),
                r.formatVersion(),
                r.chunks(),
                r.chunks() == 1 ? "" : "s");
        out.printf(Locale.ROOT, "  %-8s %5s  %-32s %s%n", "SEVERITY", "SCORE", "RULE", "SUMMARY");
        for (RuleFinding f : r.findings()) {
            if (!applicable(f)) continue;
            out.printf(
                    Locale.ROOT,
                    "  %-8s %5s  %-32s %s%n",
                    f.severity(),
                    f.score() < 0 ? "-" : String.format(Locale.ROOT, "%.1f", f.score()),
                    f.ruleId(),
                    f.summary());
        }
        out.printf(
                Locale.ROOT,
                "  (%d rule%s not applicable: the recording lacks the events they need)%n",
                notApplicable,
                notApplicable == 1 ? "" : "s");
    }

    static boolean applicable(RuleFinding f) {
        return f.severity() != RuleFinding.Severity.NA && f.severity() != RuleFinding.Severity.IGNORE;
    }
}
