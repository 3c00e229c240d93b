package io.wirecost.diff;

import io.wirecost.attribution.JoinedStacks;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.Recordings;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.StackTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The differential flame graphs between two run directories: one page per scenario and role recorded on both
 * sides, every repetition's recording pooled. {@code diff} writes them beside its verdict and {@code history
 * report} between the runs either side of a change point, so the two show the same picture.
 */
public final class DiffFlames {

    private DiffFlames() {}

    /**
     * Page name ({@code rmi-server}, ...) to its HTML, in name order; empty when the two runs share no recorded
     * scenario and role (or either has no {@code recordings/}). {@code title} names the two sides on each page.
     */
    public static Map<String, String> render(Path baseline, Path candidate, String title)
            throws IOException, RecordingException {
        return render(baseline, candidate, title, p -> null);
    }

    /**
     * As {@link #render(Path, Path, String)}, replaying the reading {@code kept} holds of a recording (whole, in CPU
     * mode, as sums) instead of reading the file again; null where none is kept.
     */
    public static Map<String, String> render(
            Path baseline, Path candidate, String title, Function<Path, SampleCapture> kept)
            throws IOException, RecordingException {
        Map<String, List<Path>> b = recordings(baseline);
        Map<String, List<Path>> c = recordings(candidate);
        Map<String, String> pages = new LinkedHashMap<>();
        for (Map.Entry<String, List<Path>> e : b.entrySet()) {
            List<Path> cand = c.get(e.getKey());
            if (cand == null) continue;
            pages.put(
                    e.getKey(),
                    DiffFlameGraph.render(
                            "wirecost diff " + e.getKey() + ": " + title,
                            JoinedStacks.of(stacks(e.getValue(), kept)),
                            JoinedStacks.of(stacks(cand, kept))));
        }
        return pages;
    }

    /** A side's stacks; a lone kept reading's own tree, which its side's flame graph drew already. */
    private static StackTree stacks(List<Path> files, Function<Path, SampleCapture> kept) throws RecordingException {
        StackTree tree = new StackTree();
        SampleCapture only = files.size() == 1 ? kept.apply(files.get(0)) : null;
        if (only != null && only.replaysInto(tree)) return only.stacks();
        for (Path f : files) {
            SampleCapture c = kept.apply(f);
            if (c != null && c.replaysInto(tree)) c.replay(tree);
            else Recordings.read(f, SampleMode.CPU, tree);
        }
        return tree;
    }

    /**
     * Page name -> recordings of every repetition: as results.json names each scenario's recording per role and
     * repetition ({@code profile --repeat} keeps repetition K's under {@code recordings/rep-K/}, and a JVM's file is
     * named after its pid), {@code scenario-role}, or the scenario alone for the one role {@code all} of a profile or
     * attach run. By file name ({@code rmi-server.jfr}, {@code rmi.r2-server.jfr}) for a run whose results.json names
     * none, as older runs' do not.
     */
    private static Map<String, List<Path>> recordings(Path run) throws IOException {
        Path runDir = Files.isDirectory(run) ? run : run.toAbsolutePath().getParent();
        Map<String, List<Path>> named = named(runDir);
        if (!named.isEmpty()) return named;
        Path dir = runDir.resolve("recordings");
        Map<String, List<Path>> out = new TreeMap<>();
        if (!Files.isDirectory(dir)) return out;
        try (Stream<Path> s = Files.list(dir)) {
            // .jfr, or the OTLP copy of a profile file (ProfileRun); not the .artifacts and .requests beside them
            for (Path f : s.filter(p -> p.toString().endsWith(".jfr") || Recordings.isOtlp(p))
                    .sorted()
                    .toList()) {
                String n = f.getFileName().toString().replaceFirst("\\.[^.]+$", "");
                out.computeIfAbsent(n.replaceFirst("\\.r\\d+-", "-"), k -> new ArrayList<>())
                        .add(f);
            }
        }
        return out;
    }

    /** The recordings results.json names that are still there; empty when it names none or cannot be read. */
    private static Map<String, List<Path>> named(Path runDir) {
        Path results = runDir.resolve("results.json");
        Map<String, List<Path>> out = new TreeMap<>();
        if (!Files.isRegularFile(results)) return out;
        List<ResultsFile.Scenario> scenarios;
        try {
            scenarios = ResultsFile.read(results).scenarios();
        } catch (RunData.BadRunException e) {
            // diff has read it already and said what is wrong; history report draws what the file names give
            return out;
        }
        for (ResultsFile.Scenario s : scenarios)
            s.recordings().forEach((role, name) -> {
                Path f = runDir.resolve(name);
                if (Files.isRegularFile(f))
                    out.computeIfAbsent(
                                    role.equals("all") ? s.scenario() : s.scenario() + "-" + role,
                                    k -> new ArrayList<>())
                            .add(f);
            });
        return out;
    }
}
