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
     * What results.json says of it (older runs lack some): method and counts, CPU pinning, the method's JVM options,
     * profiler and the event behind the endpoints' CPU per request; not scenario options, the user's JVM options or
     * the JDK, which are what a comparison compares.
     */
    static Map<String, String> of(ResultsFile.Run run, ResultsFile.EndpointSampler endpointSampler) {
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
        // "none" where the method added none or the run predates the field: ws-security's figure moves with the
        // adaptive method's JIT thresholds, so a baseline measured without them is not judged against a run with them
        List<String> jvm = new ArrayList<>();
        if (run.methodJvmOptions() != null)
            run.methodJvmOptions().forEach((scenario, options) -> jvm.add(scenario + ": " + String.join(" ", options)));
        p.put("JVM options of the method", jvm.isEmpty() ? "none" : String.join("; ", jvm));
        ResultsFile.Profiler prof = run.profiler();
        if (prof != null && prof.engine() != null) {
            // a profile file given to diff says no interval (0): "every 0 ns" would read as a setting
            p.put(
                    "profiler",
                    prof.sampler()
                            + (prof.intervalNs() == null || prof.intervalNs() <= 0
                                    ? ", interval unknown"
                                    : " every " + prof.intervalNs() + " ns"));
        }
        // the event the recordings name, which is not always the one asked for (a JVM without perf events falls back
        // to a timer): itimer and ctimer lean CPU per request on long requests where cpu does not, so a change of
        // sampler alone would move every endpoint's figure
        if (endpointSampler != null && endpointSampler.event() != null)
            p.put("endpoint sampler", endpointSampler.event());
        return p;
    }

    /** Pinned or not, and where the JIT compiled in the warm-up; not which CPU, which differs between machines. */
    static String pinning(String cpuAffinity) {
        if (!cpuAffinity.startsWith("cpu ")) return cpuAffinity;
        if (!cpuAffinity.contains("JIT compiler threads")) return "both JVMs on one CPU";
        // --quick runs name whether the JIT stayed apart to the end, where their warm-up was cut
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
