package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rule-free view, like the paper's raw profiler output: samples by the package of the leaf Java
 * frame (native leaves count under the first Java frame above them, or {@code [no Java frame]} when the stack
 * has none).
 */
public final class PackageProfile implements SampleSink {

    private final Map<String, Long> byPackage = new HashMap<>();
    /** Maps the leaf frame's class to its row: its package, or (with --by artifact) its jar or module. */
    private final java.util.function.Function<String, String> keyOfClass;

    private final Map<Integer, String> stackPackage = new HashMap<>();
    private ChunkView chunk;
    private long total;

    /** Rows by the leaf Java frame's package. */
    public PackageProfile() {
        this(PackageProfile::packageOf);
    }

    /** Rows by any key of the leaf Java frame's class, e.g. {@link ArtifactIndex#artifactOf}. */
    public PackageProfile(java.util.function.Function<String, String> keyOfClass) {
        this.keyOfClass = keyOfClass;
    }

    static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "(default package)" : className.substring(0, dot);
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        stackPackage.clear();
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        String pkg = stackPackage.computeIfAbsent(stackTraceId, this::leafPackage);
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
