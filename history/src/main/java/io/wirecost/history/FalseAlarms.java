package io.wirecost.history;

import io.wirecost.history.ChangePointCheck.Found;
import io.wirecost.history.HistoryStore.Entry;
import io.wirecost.history.HistoryStore.Point;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * {@code history check}'s false alarms on an A/A history (the same build measured again and again, nothing changed):
 * every change point there is false about the code. Counted per metric over the whole history, and per CI job: the
 * check as a job would have run it after each run, on the runs so far.
 *
 * @param runs        runs in the history
 * @param metrics     metrics checked
 * @param changed     metrics with at least one change point, of those checked
 * @param failing     metrics whose newest change point fails the check, of those checked
 * @param machine     metrics whose newest change point is a regression the machine's change explains
 * @param unconfirmed metrics whose newest change point is a regression under a steady machine, not yet confirmed
 * @param weak        metrics whose newest change point is a confirmed regression under a steady machine whose p-value
 *                    does not hold over all the metrics checked
 * @param jobsFailed  checks as CI would have run them (after each run from the {@code fromRuns}-th on, the last on the
 *                    whole history) that would have exited 1: overlapping histories, so not independent trials
 * @param failedJobs  those jobs, each with the change points that failed it, in the history's order: which metric,
 *                    after how many runs, is what a reader of an A/A history looks at next
 * @param remeasured  the jobs that would have measured again (examples/.github/workflows/history.yml) had each
 *                    re-measure, passing as it should where nothing changed, cleared its scenarios' stretch from the
 *                    change point to the job's run ({@link Cleared}): the failed jobs whose failing change points
 *                    an earlier re-measure had not cleared
 */
public record FalseAlarms(
        int runs,
        int metrics,
        Proportion changed,
        Proportion failing,
        int machine,
        int unconfirmed,
        int weak,
        Proportion jobsFailed,
        List<FailedJob> failedJobs,
        Proportion remeasured) {

    /** The check a CI job would have run on the history's first {@code runs} runs, and what failed it. */
    public record FailedJob(int runs, List<Found> failing) {}

    /** k of n with its 95 % Clopper-Pearson interval. */
    public record Proportion(int k, int n, double low, double high) {

        static Proportion of(int k, int n) {
            if (n == 0) return new Proportion(0, 0, Double.NaN, Double.NaN);
            // the exact (Clopper-Pearson) interval from the beta distribution's quantiles
            double low = k == 0 ? 0 : new BetaDistribution(k, n - k + 1.0).inverseCumulativeProbability(0.025);
            double high = k == n ? 1 : new BetaDistribution(k + 1.0, n - k).inverseCumulativeProbability(0.975);
            return new Proportion(k, n, low, high);
        }

        public double rate() {
            return n == 0 ? Double.NaN : (double) k / n;
        }
    }

    /**
     * The check over the whole history ({@code runs}, in the history's order) and over each of its beginnings of at
     * least {@code fromRuns} runs; {@code measured}: the gating series as stored, each history's figures per call
     * read as {@code scaling} says, on that history's runs alone, as a CI job would have read them.
     */
    public static FalseAlarms of(
            ChangePointCheck check,
            List<Entry> runs,
            Map<String, List<Point>> measured,
            HostScaling.Mode scaling,
            Map<String, List<Point>> shares,
            int fromRuns) {
        Map<String, List<Point>> gating = HostScaling.apply(measured, scaling).series();
        List<Found> found = check.check(gating, shares);
        List<Found> newest = found.stream().filter(Found::newest).toList();
        int failing = (int) newest.stream().filter(Found::gates).count();
        int machine = (int) newest.stream()
                .filter(f -> f.regression() && !f.machine().isEmpty())
                .count();
        int unconfirmed = (int) newest.stream()
                .filter(f -> f.regression() && f.machine().isEmpty() && !f.confirmed())
                .count();
        int weak = (int) newest.stream()
                .filter(f -> f.regression() && f.machine().isEmpty() && f.confirmed() && !f.significant())
                .count();
        int jobs = 0;
        List<FailedJob> failed = new ArrayList<>();
        for (int k = Math.max(fromRuns, 1); k < runs.size(); k++) {
            Set<String> sofar = new HashSet<>();
            for (Entry e : runs.subList(0, k)) sofar.add(e.facts().key());
            Predicate<Point> in = p -> sofar.contains(p.run().facts().key());
            jobs++;
            Map<String, List<Point>> job =
                    HostScaling.apply(upTo(measured, in), scaling).series();
            failedJob(k, check.check(job, upTo(shares, in))).ifPresent(failed::add);
        }
        // the whole history is the last job
        jobs++;
        failedJob(runs.size(), found).ifPresent(failed::add);
        return new FalseAlarms(
                runs.size(),
                gating.size(),
                Proportion.of(newest.size(), gating.size()),
                Proportion.of(failing, gating.size()),
                machine,
                unconfirmed,
                weak,
                Proportion.of(failed.size(), jobs),
                List.copyOf(failed),
                Proportion.of(remeasured(failed, runs), jobs));
    }

    /** How many of the failed jobs would have measured again, each re-measure clearing what failed its job. */
    private static int remeasured(List<FailedJob> failed, List<Entry> runs) {
        List<Cleared> stretches = new ArrayList<>();
        int remeasured = 0;
        for (FailedJob job : failed) {
            Cleared.Covering covering = new Cleared.Covering(stretches, runs);
            List<Found> left = job.failing().stream()
                    .filter(f -> covering.of(f.metric(), f.run().seq()).isEmpty())
                    .toList();
            if (left.isEmpty()) continue;
            remeasured++;
            long newest = runs.get(job.runs() - 1).seq();
            for (Found f : left)
                Cleared.scenarioOf(f.metric())
                        .ifPresent(s -> stretches.add(new Cleared(
                                s, f.run().seq(), newest, f.runBefore().commit(), "an A/A re-measure", Instant.EPOCH)));
        }
        return remeasured;
    }

    private static Optional<FailedJob> failedJob(int runs, List<Found> found) {
        List<Found> gates = found.stream().filter(Found::gates).toList();
        return gates.isEmpty() ? Optional.empty() : Optional.of(new FailedJob(runs, gates));
    }

    private static Map<String, List<Point>> upTo(Map<String, List<Point>> series, Predicate<Point> in) {
        Map<String, List<Point>> out = new LinkedHashMap<>();
        series.forEach((metric, points) -> {
            List<Point> kept = points.stream().filter(in).toList();
            if (!kept.isEmpty()) out.put(metric, kept);
        });
        return out;
    }
}
