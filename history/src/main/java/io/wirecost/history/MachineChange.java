package io.wirecost.history;

import io.wirecost.attribution.stats.Median;
import io.wirecost.history.HistoryStore.Point;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * Whether a change point in a metric's history is the machine's rather than the code's: the runs either side of it
 * were measured on a different host or CPU model, or by a different method or profiler setting (which {@code diff}
 * refuses to compare across), or one of the machine's own series (load average, steal, busy CPU,
 * the host's speed, as each run stored them) has a change point at the same run (±1) by the same detector, and a
 * material one, or, for
 * a figure per call, the runs on either side had no idle CPU. On a shared machine CPU per call and round trips follow
 * the load; a step there that coincides with a step of the load cannot be told from the code's, so it is reported with
 * the machine's figures and does not fail the check, while a step under a steady machine still does.
 */
public final class MachineChange {

    /**
     * Busy CPU (all the machine's CPUs, during the timed passes) from which a run had no idle CPU: its figures per
     * call were measured against other work for the CPU, and move with it by more than any step of the code.
     */
    static final double SATURATED_BUSY_PERCENT = 95;

    /** How far (runs) a machine's change point may be from the metric's and still explain it. */
    static final int NEAR_RUNS = 1;

    /** Where and how a run was measured: a different one either side is not the code's change. */
    private record Place(String label, Function<RunFacts, String> of) {}

    private static final List<Place> PLACES = List.of(
            new Place("host", RunFacts::host),
            new Place("CPU model", RunFacts::cpuModel),
            // not the machine but not the code either: diff gives runs measured differently no verdict
            new Place("measured with", RunFacts::measuredWith));

    private final EDivisive detector;

    /** The machine's change points per run sequence: every metric over the same runs shares them. */
    private final Map<List<String>, Map<MachineFact, List<EDivisive.ChangePoint>>> changes = new HashMap<>();

    public MachineChange(EDivisive detector) {
        this.detector = detector;
    }

    /**
     * Why the change at {@code at} (its sides the runs {@code [from, at)} and {@code [at, to)} of {@code points}) is
     * the machine's, e.g. {@code "load 25.5 -> 13.0"}; empty when the machine held steady across it. {@code perCall}:
     * a figure per call (CPU, round trip), which a saturated machine moves too; a share is not, since where a
     * process's CPU goes moves far less with other work than how much it takes.
     */
    public Optional<String> explain(List<Point> points, int from, int at, int to, boolean perCall) {
        List<Point> before = points.subList(from, at);
        List<Point> after = points.subList(at, to);
        for (Place place : PLACES) {
            Optional<String> moved = moved(before, after, place.of());
            if (moved.isPresent()) return Optional.of(place.label() + " " + moved.get());
        }
        List<String> runs = points.stream().map(p -> p.run().facts().key()).toList();
        Map<MachineFact, List<EDivisive.ChangePoint>> machine =
                changes.computeIfAbsent(runs, k -> changePoints(points));
        for (MachineFact fact : MachineFact.ALL) {
            for (EDivisive.ChangePoint cp : machine.getOrDefault(fact, List.of())) {
                // the machine's step between its own neighbouring change points, not over the metric's sides,
                // which may span another step of the machine
                if (Math.abs(cp.index() - at) <= NEAR_RUNS && fact.material(cp)) return Optional.of(fact.step(cp));
            }
        }
        double busyBefore = median(before, RunFacts::busyPercent);
        double busyAfter = median(after, RunFacts::busyPercent);
        if (perCall && (busyBefore >= SATURATED_BUSY_PERCENT || busyAfter >= SATURATED_BUSY_PERCENT))
            return Optional.of(String.format(
                    Locale.ROOT, "busy CPU %.0f %% -> %.0f %% (median), saturated", busyBefore, busyAfter));
        return Optional.empty();
    }

    /**
     * Each side measured on one known host (or CPU model), and not the same one. A side that mixes several (ephemeral
     * CI runners, a new host name every job) says nothing of where the other side ran.
     */
    private static Optional<String> moved(List<Point> before, List<Point> after, Function<RunFacts, String> where) {
        Set<String> b = before.stream().map(p -> where.apply(p.run().facts())).collect(Collectors.toSet());
        Set<String> a = after.stream().map(p -> where.apply(p.run().facts())).collect(Collectors.toSet());
        if (b.size() != 1 || a.size() != 1 || b.contains("") || a.contains("") || b.equals(a)) return Optional.empty();
        return Optional.of(b.iterator().next() + " -> " + a.iterator().next());
    }

    /** The median of a fact over runs that recorded it; NaN where none did. */
    private static double median(List<Point> side, ToDoubleFunction<RunFacts> fact) {
        return Median.of(side.stream()
                .mapToDouble(p -> fact.applyAsDouble(p.run().facts()))
                .filter(Double::isFinite)
                .toArray());
    }

    /**
     * Each fact's change points over these runs (indices into them). A fact is searched over the runs from the first
     * after which every run recorded it: a history that began before wirecost stored a fact (the host's speed, since
     * schema 2) gets it from there on, and the older runs, which did not record it, are judged as before it existed.
     * A fact the newest run did not record is left out.
     */
    private Map<MachineFact, List<EDivisive.ChangePoint>> changePoints(List<Point> points) {
        Map<MachineFact, List<EDivisive.ChangePoint>> out = new HashMap<>();
        for (MachineFact fact : MachineFact.ALL) {
            double[] v = points.stream()
                    .mapToDouble(p -> fact.value().applyAsDouble(p.run().facts()))
                    .toArray();
            int from = v.length;
            while (from > 0 && Double.isFinite(v[from - 1])) from--;
            if (from == v.length) continue;
            int offset = from;
            out.put(
                    fact,
                    detector.changePoints(java.util.Arrays.copyOfRange(v, from, v.length)).stream()
                            .map(cp -> new EDivisive.ChangePoint(
                                    cp.index() + offset,
                                    cp.qhat(),
                                    cp.pValue(),
                                    cp.meanBefore(),
                                    cp.meanAfter(),
                                    cp.stdBefore(),
                                    cp.stdAfter()))
                            .toList());
        }
        return out;
    }
}
