package io.wirecost.report;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.CategoryShare;
import io.wirecost.attribution.CpuContention;
import io.wirecost.diff.ResultsFile;
import io.wirecost.runner.RoleAttribution;
import java.util.ArrayList;
import java.util.List;

/**
 * One role's shares in results.json ({@code shares} and {@code companions} of a scenario): middleware and JVM shares
 * with their intervals, the recordings read and their CPU contention. A class of its own because it is the one place
 * the attribution module's results become the reader's records, apart from the run's round trips, CPU and factors.
 */
final class SharesSection {

    private SharesSection() {}

    /** A role's shares, with the paper's figure beside each middleware share where {@code paperColumn} has one. */
    static ResultsFile.Shares of(RoleAttribution role, String paperColumn) {
        Attribution a = role.attribution();
        List<ResultsFile.MiddlewareShare> mw = new ArrayList<>();
        for (CategoryShare s : a.middleware()) {
            String paper = PaperFigures.percent(s.category(), paperColumn);
            // 95 %: Wilson over samples, a ratio estimator's interval over bytes or nanoseconds (CategoryShare)
            mw.add(new ResultsFile.MiddlewareShare(
                    s.category().name(),
                    s.percent(),
                    s.ciLow(),
                    s.ciHigh(),
                    s.samples(),
                    s.category().paperRow(),
                    paper.isEmpty() ? null : paper));
        }
        List<ResultsFile.Share> jvm = a.jvm().stream()
                .map(s -> new ResultsFile.Share(s.category().name(), s.percent(), s.ciLow(), s.ciHigh(), s.samples()))
                .toList();
        List<ResultsFile.Recording> recs = role.recordings().stream()
                .map(s -> new ResultsFile.Recording(
                        s.file(),
                        s.producer(),
                        s.eventCounts(),
                        s.chunks(),
                        s.warnings(),
                        contention(s.cpuContention())))
                .toList();
        return new ResultsFile.Shares(
                a.events(), a.totalSamples(), a.middlewareSamples(), a.jvmPercent(), mw, jvm, recs);
    }

    private static ResultsFile.CpuContention contention(CpuContention c) {
        if (c == null) return null;
        List<ResultsFile.ContendedThread> threads = c.threads().stream()
                .map(t -> new ResultsFile.ContendedThread(
                        t.thread(), t.samples(), t.samplesPercent(), t.cpuTimePercent()))
                .toList();
        boolean known = c.verdict() != CpuContention.Verdict.UNKNOWN;
        return new ResultsFile.CpuContention(
                c.verdict().name().toLowerCase(java.util.Locale.ROOT),
                c.cpuLoadEvents(),
                known ? c.machineCpuMedianPercent() : null,
                known ? c.otherProcessesMedianPercent() : null,
                known ? c.largestGapPoints() : null,
                threads,
                c.note());
    }
}
