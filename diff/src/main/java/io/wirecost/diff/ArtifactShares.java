package io.wirecost.diff;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Diff lines by artifact: each role's CPU share of a library's own code (the leaf Java frame's jar, as
 * {@code attribute --by artifact}), per repetition, from the recordings and the agent's {@code .artifacts}
 * files. An upgraded library keeps its line: artifacts match by {@code group:artifact} without the version,
 * and the line names both versions ({@code com.sun.xml.ws:jaxws-rt 4.0.4 -> 4.0.5}).
 *
 * <p>These lines are reported, never gating ({@link DiffLine.NotGating#INFORMATIONAL}, as allocation and lock shares): they split the same samples as
 * the category lines, so testing both would count one change twice, and their number grows with the
 * classpath, which would make Holm's correction stricter for the lines the gate is about.
 */
public final class ArtifactShares {

    /** Lines below this share on both sides are left out: a classpath has hundreds of artifacts. */
    private static final double MIN_PERCENT = 1.0;

    private ArtifactShares() {}

    public static List<DiffLine> lines(Path baseDir, Path candDir) {
        Map<String, Map<String, List<Map<String, Long>>>> b = ArtifactCounts.read(baseDir);
        Map<String, Map<String, List<Map<String, Long>>>> c = ArtifactCounts.read(candDir);
        List<DiffLine> out = new ArrayList<>();
        for (String scenario : b.keySet()) {
            if (!c.containsKey(scenario)) continue;
            for (String role : b.get(scenario).keySet()) {
                List<Map<String, Long>> rb = b.get(scenario).get(role);
                List<Map<String, Long>> rc = c.get(scenario).getOrDefault(role, List.of());
                if (rc.isEmpty()) continue;
                String basis = rb.size() + "+" + rc.size() + " repetitions";
                TreeSet<String> keys = new TreeSet<>();
                rb.forEach(m -> m.keySet().forEach(a -> keys.add(unversioned(a))));
                rc.forEach(m -> m.keySet().forEach(a -> keys.add(unversioned(a))));
                keys.remove(ArtifactCounts.TOTAL);
                for (String key : keys) {
                    long[][] sb = samples(rb, key);
                    long[][] sc = samples(rc, key);
                    double pb = percent(sb);
                    double pc = percent(sc);
                    if (pb < MIN_PERCENT && pc < MIN_PERCENT) continue;
                    Stats.Interval d = Stats.shareDifference(sb, sc);
                    out.add(new DiffLine(
                            scenario,
                            DiffLine.Kind.ARTIFACT,
                            role + "/" + label(key, rb, rc),
                            "%",
                            pb,
                            pc,
                            d.estimate(),
                            d.low(),
                            d.high(),
                            d.p(),
                            DiffLine.Verdict.REPORTED,
                            basis,
                            DiffLine.NotGating.INFORMATIONAL));
                }
            }
        }
        return out;
    }

    /**
     * One run's artifact shares per scenario and role, pooled over its repetitions (percent of the role's samples,
     * versions folded as in the diff lines), those of at least 1 % only; empty for a run without .artifacts files.
     * {@code wirecost history} stores them beside the category shares.
     */
    public static Map<String, Map<String, Map<String, Double>>> pooledPercents(Path runDir) {
        Map<String, Map<String, Map<String, Double>>> out = new LinkedHashMap<>();
        ArtifactCounts.read(runDir)
                .forEach((scenario, roles) -> roles.forEach((role, reps) -> {
                    TreeSet<String> keys = new TreeSet<>();
                    reps.forEach(m -> m.keySet().forEach(a -> keys.add(unversioned(a))));
                    keys.remove(ArtifactCounts.TOTAL);
                    for (String key : keys) {
                        double p = percent(samples(reps, key));
                        if (p >= MIN_PERCENT)
                            out.computeIfAbsent(scenario, k -> new TreeMap<>())
                                    .computeIfAbsent(role, k -> new TreeMap<>())
                                    .put(key, p);
                    }
                }));
        return out;
    }

    /** {@code g:a:v} to {@code g:a}; jar file names and JDK modules are kept as they are. */
    static String unversioned(String artifact) {
        String[] parts = artifact.split(":");
        return parts.length == 3 ? parts[0] + ":" + parts[1] : artifact;
    }

    private static String label(String key, List<Map<String, Long>> b, List<Map<String, Long>> c) {
        String vb = version(key, b);
        String vc = version(key, c);
        if (vb.equals(vc)) return vb.isEmpty() ? key : key + ":" + vb;
        return key + " " + (vb.isEmpty() ? "(absent)" : vb) + " -> " + (vc.isEmpty() ? "(absent)" : vc);
    }

    private static String version(String key, List<Map<String, Long>> reps) {
        TreeSet<String> versions = new TreeSet<>();
        for (Map<String, Long> m : reps) {
            for (String a : m.keySet())
                if (!a.equals(key) && unversioned(a).equals(key)) versions.add(a.substring(key.length() + 1));
        }
        return String.join("/", versions);
    }

    /** Per repetition: {samples of this artifact, all samples}, as the category lines' shares. */
    private static long[][] samples(List<Map<String, Long>> reps, String key) {
        long[][] out = new long[reps.size()][];
        for (int i = 0; i < reps.size(); i++) {
            long n = 0;
            for (Map.Entry<String, Long> e : reps.get(i).entrySet())
                if (unversioned(e.getKey()).equals(key)) n += e.getValue();
            out[i] = new long[] {n, reps.get(i).getOrDefault(ArtifactCounts.TOTAL, 0L)};
        }
        return out;
    }

    private static double percent(long[][] reps) {
        long n = 0, t = 0;
        for (long[] r : reps) {
            n += r[0];
            t += r[1];
        }
        return t == 0 ? 0 : 100.0 * n / t;
    }
}
