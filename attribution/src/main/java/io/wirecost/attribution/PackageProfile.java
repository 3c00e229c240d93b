package io.wirecost.attribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rule-free view, like the paper's raw profiler output: samples by the package of the leaf Java
 * frame (native leaves count under the first Java frame above them, or {@code [no Java frame]} when the stack
 * has none). A scenario run's views by artifact set wirecost's harness apart ({@link #byArtifactHarnessApart}).
 */
public final class PackageProfile implements SampleSink {

    /** The row of the samples the default rules give to the harness of wirecost's scenario JVMs. */
    public static final String HARNESS_ROW = "(wirecost harness)";

    /** The default rules' category of the scenario JVMs' harness. */
    static final String HARNESS_CATEGORY = "harness";

    private final Map<String, Long> byPackage = new HashMap<>();
    /** Maps the leaf frame's class to its row: its package, or (with --by artifact) its jar or module. */
    private final java.util.function.Function<String, String> keyOfClass;

    private final Map<Integer, String> stackPackage = new HashMap<>();
    /** Null, or what tells the stacks that make the row {@link #HARNESS_ROW}. */
    private final StackClassifier apart;

    private final int apartCategory;
    private ChunkView chunk;
    private long total;

    /** Rows by the leaf Java frame's package. */
    public PackageProfile() {
        this(PackageProfile::packageOf);
    }

    /** Rows by any key of the leaf Java frame's class, e.g. {@link ArtifactIndex#artifactOf}. */
    public PackageProfile(java.util.function.Function<String, String> keyOfClass) {
        this(keyOfClass, null, -1);
    }

    private PackageProfile(
            java.util.function.Function<String, String> keyOfClass, StackClassifier apart, int apartCategory) {
        this.keyOfClass = keyOfClass;
        this.apart = apart;
        this.apartCategory = apartCategory;
    }

    /**
     * A recording's CPU samples by the artifact of their leaf Java frame (from the agent's {@code .artifacts} file
     * beside it), except that what the default rules give to the harness of wirecost's scenario JVMs is the row
     * {@link #HARNESS_ROW}: the harness runs its command loop, with its JSON, inside the profiled window, and by its
     * leaf alone that work would count as jackson-databind's in a scenario where no JSON crosses the wire. In a JVM
     * that is not wirecost's the harness rules match nothing, and this is the rule-free view.
     */
    public static PackageProfile byArtifactHarnessApart(Path recording) throws RecordingException {
        RuleSet rules = RuleSet.defaults();
        PackageProfile p = new PackageProfile(
                ArtifactIndex.beside(List.of(recording))::artifactOf,
                StackClassifier.classifyOnly(rules),
                rules.indexOf(HARNESS_CATEGORY));
        Recordings.read(recording, SampleMode.CPU, p);
        return p;
    }

    static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "(default package)" : className.substring(0, dot);
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        stackPackage.clear();
        if (apart != null) apart.beginChunk(chunk);
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        // the classifier caches by stack and by thread itself: a thread rule may claim a whole thread
        String pkg = apart != null && apart.classify(stackTraceId, threadId) == apartCategory
                ? HARNESS_ROW
                : stackPackage.computeIfAbsent(stackTraceId, this::leafPackage);
        byPackage.merge(pkg, weight, Long::sum);
        total += weight;
    }

    private String leafPackage(int stackTraceId) {
        return LeafKey.of(chunk, stackTraceId, keyOfClass);
    }

    public record Row(String packageName, long samples, double percent) {}

    /** The {@code n} largest packages, then one row {@code (others)} with the rest. */
    public List<Row> top(int n) {
        List<Map.Entry<String, Long>> all = new ArrayList<>(byPackage.entrySet());
        all.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()));
        List<Row> rows = new ArrayList<>();
        long rest = 0;
        for (int i = 0; i < all.size(); i++) {
            if (i < n)
                rows.add(new Row(
                        all.get(i).getKey(),
                        all.get(i).getValue(),
                        100.0 * all.get(i).getValue() / total));
            else rest += all.get(i).getValue();
        }
        if (rest > 0) rows.add(new Row("(others)", rest, 100.0 * rest / total));
        return rows;
    }

    public long total() {
        return total;
    }
}
