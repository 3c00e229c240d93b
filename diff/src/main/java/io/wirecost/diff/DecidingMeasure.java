package io.wirecost.diff;

import java.util.List;
import java.util.Map;

/**
 * Which measure judges a scenario's cost, round trips or CPU per call: the steadier between repetitions, by the
 * coefficient of variation of the primitives' geometric mean pooled over both runs ({@link Gate}'s second rule). It
 * looks at each run's spread, not at the difference between the runs, so the choice does not lean on what the gate
 * then tests.
 */
final class DecidingMeasure {

    private DecidingMeasure() {}

    /**
     * CPU decides where both sides have its primitives' geometric mean with an interval and it varies less than the
     * round trips, and where there are no round trips at all (a profiled command's JVM: its CPU per run).
     */
    static Gate.Decision decide(String scenario, RunData base, RunData cand) {
        double rtt = pooled(rttCv(base, scenario), rttCv(cand, scenario));
        double cpu = pooled(cpuCv(base, scenario), cpuCv(cand, scenario));
        boolean noRoundTrips =
                base.scenarios().get(scenario).get(0).rttMeanMicros().isEmpty();
        boolean cpuDecides = noRoundTrips || (!Double.isNaN(cpu) && (Double.isNaN(rtt) || cpu < rtt));
        return new Gate.Decision(cpuDecides ? DiffLine.Kind.CPU : DiffLine.Kind.RTT, 100 * rtt, 100 * cpu);
    }

    private static double pooled(double a, double b) {
        return Math.sqrt((a * a + b * b) / 2);
    }

    /** Between-repetition CV of the round trips' primitives geometric mean (the sd of its logarithm). */
    private static double rttCv(RunData run, String scenario) {
        List<RunData.Repetition> reps = run.scenarios().get(scenario);
        if (reps.size() < 2) return Double.NaN;
        double[] v = RunDiff.rttSamples(reps, "primitives-geomean");
        if (v.length < 2) return Double.NaN;
        double[] logs = new double[v.length];
        for (int i = 0; i < v.length; i++) logs[i] = Math.log(v[i]);
        double m = Stats.mean(logs);
        double s = 0;
        for (double x : logs) s += (x - m) * (x - m);
        return Math.sqrt(s / (logs.length - 1));
    }

    /**
     * The same CV for CPU per call (all roles; a profiled command's CPU per run), recovered from cpu.csv's interval: sd
     * = half-width / t(K-1) · √K.
     */
    private static double cpuCv(RunData run, String scenario) {
        Map<String, CpuCsv.Figure> cpu = run.cpu().getOrDefault(scenario, Map.of());
        CpuCsv.Figure f = cpu.getOrDefault("all/primitives-geomean", cpu.get("all/" + CpuCsv.COMMAND));
        int k = run.repetitions(scenario);
        if (f == null || k < 2 || Double.isNaN(f.halfWidthMicros()) || f.micros() <= 0) return Double.NaN;
        return f.halfWidthMicros() / Stats.tQuantile975(k - 1) * Math.sqrt(k) / f.micros();
    }
}
