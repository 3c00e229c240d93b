package io.wirecost.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a run measured, in words a reader compares: two runs whose protocols differ get no verdict from the gate, since
 * the protocol, not the change under test, would move the figures.
 */
final class RunProtocol {

    private RunProtocol() {}

    /**
     * How the run measured, where results.json says (older runs lack some of it): the method and its counts,
     * the CPU pinning, the JVM options the method adds, the profiler. Two runs measured differently cannot be
     * judged against each other: the method moves the figures (a profiling interval moves shares by points,
     * pinning moves CPU per call by a factor of three; docs/RESULTS.md). Scenario options ({@code
     * inject.cpu-us}), the user's JVM options and the JDK are left out: they are what a comparison compares.
     */
    static Map<String, String> of(ResultsFile.Run run) {
        Map<String, String> p = new LinkedHashMap<>();
        ResultsFile.Settings s = run.settings();
        if (s != null && s.method() != null) {
            p.put("method", s.method());
            // the counts matter where they are fixed; the other methods size them by time and report them
            if (s.method().equals("paper")) {
                p.put(
                        "counts",
                        s.warmupCalls() + " warm-up calls, " + s.reps() + " x " + s.invocations() + " invocations");
            }
        }
        if (s != null && s.stringLength() != null) p.put("string length", String.valueOf(s.stringLength()));
        if (run.cpuAffinity() != null) p.put("CPU pinning", pinning(run.cpuAffinity()));
        // absent in runs before 2026-11-27 and in runs whose method added none: ws-security's figure moves by more than
        // the gate's smallest regression with the adaptive method's JIT thresholds, so a baseline measured without them
        // is not judged against a run with them
        List<String> jvm = new ArrayList<>();
        if (run.methodJvmOptions() != null)
            run.methodJvmOptions().forEach((scenario, options) -> jvm.add(scenario + ": " + String.join(" ", options)));
        p.put("JVM options of the method", jvm.isEmpty() ? "none" : String.join("; ", jvm));
        ResultsFile.Profiler prof = run.profiler();
        if (prof != null && prof.engine() != null) {
            p.put(
                    "profiler",
                    prof.engine() + " " + (prof.event() == null ? "" : prof.event()) + " every "
                            + (prof.intervalNs() == null ? "?" : prof.intervalNs()) + " ns");
        }
        return p;
    }

    /**
     * Pinned or not, and where the JIT compiled during the warm-up; not which CPU, which differs between
     * machines (the highest one) without changing what is measured.
     */
    static String pinning(String cpuAffinity) {
        if (!cpuAffinity.startsWith("cpu ")) return cpuAffinity;
        if (!cpuAffinity.contains("JIT compiler threads")) return "both JVMs on one CPU";
        // --quick since 2026-11-26: to the end where its warm-up was cut; before, on the pinned CPU throughout
        return "both JVMs on one CPU, the JIT on another until the timed pass"
                + (cpuAffinity.contains("to the end where --quick cut the warm-up") ? " (to the end where cut)" : "");
    }

    /** "what: baseline's vs candidate's" for every way the two runs were measured differently (both sides known). */
    static Map<String, String> differences(RunData base, RunData cand) {
        Map<String, String> out = new LinkedHashMap<>();
        base.protocol().forEach((what, b) -> {
            String c = cand.protocol().get(what);
            if (c != null && !c.equals(b)) out.put(what, b + " vs " + c);
        });
        return out;
    }
}
