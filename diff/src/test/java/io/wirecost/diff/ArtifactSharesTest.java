package io.wirecost.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Artifact lines of {@code diff}: an upgraded library keeps one line that names both versions, outside the gate. */
class ArtifactSharesTest {

    /** Stacks sampled from the H2 TCP server (see RulePacksTest). */
    private static final Path H2 = Path.of(
            System.getProperty("wirecost.home"),
            "attribution",
            "src",
            "test",
            "resources",
            "io",
            "wirecost",
            "attribution",
            "packs",
            "h2-server.collapsed");

    @TempDir
    Path tmp;

    @Test
    void anUpgradedArtifactIsOneReportedLineWithBothVersions() throws Exception {
        Path base = run("base", "2.2.224");
        Path cand = run("cand", "2.3.232");
        List<DiffLine> lines = ArtifactShares.lines(base, cand);
        DiffLine h2 = lines.stream()
                .filter(l -> l.metric().startsWith("all/com.h2database:h2"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(lines));
        assertEquals("all/com.h2database:h2 2.2.224 -> 2.3.232", h2.metric());
        assertEquals(DiffLine.Verdict.REPORTED, h2.verdict());
        assertEquals(DiffLine.NotGating.INFORMATIONAL, h2.reason());
        assertTrue(Gate.informational(h2), "outside Holm's family");
        assertTrue(h2.baseline() > 50, h2.toString()); // the H2 server's CPU is mostly H2's own code
        assertEquals(0.0, h2.change(), 1e-9); // the same stacks on both sides
        assertTrue(lines.stream().anyMatch(l -> l.metric().equals("all/java.base")), lines.toString());
        // only artifacts: the per-repetition total is no line of its own
        assertTrue(lines.stream().allMatch(l -> l.metric().matches("all/[\\w.:\\[\\] ()>-]+")), lines.toString());
        assertEquals(100.0, lines.stream().mapToDouble(DiffLine::baseline).sum(), 1.0, lines.toString());
        assertEquals("com.h2database:h2", ArtifactShares.unversioned("com.h2database:h2:2.2.224"));
        assertEquals("java.base", ArtifactShares.unversioned("java.base"));
    }

    /** A run directory of two repetitions of scenario h2, each the H2 stacks with an .artifacts file naming H2 at this version. */
    private Path run(String name, String version) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name).resolve("recordings"));
        String stacks = Files.readString(H2);
        Matcher m = Pattern.compile("(?:^|;)((?:java|javax|jdk|sun|org\\.h2)(?:\\.[a-z0-9_]+)*)\\.[A-Z]")
                .matcher(stacks);
        StringBuilder artifacts = new StringBuilder();
        java.util.Set<String> packages = new java.util.TreeSet<>();
        while (m.find()) packages.add(m.group(1));
        for (String p : packages)
            artifacts
                    .append(p)
                    .append('\t')
                    .append(p.startsWith("org.h2") ? "com.h2database:h2:" + version : "java.base")
                    .append('\n');
        StringBuilder scenarios = new StringBuilder();
        for (int rep = 1; rep <= 2; rep++) {
            Files.writeString(dir.resolve("h2-" + rep + ".collapsed"), stacks);
            Files.writeString(dir.resolve("h2-" + rep + ".collapsed.artifacts"), artifacts);
            if (rep > 1) scenarios.append(',');
            scenarios
                    .append("{\"scenario\":\"h2\",\"status\":\"ok\",\"repetition\":")
                    .append(rep)
                    .append(",\"recordings\":{\"all\":\"recordings/h2-")
                    .append(rep)
                    .append(".collapsed\"}}");
        }
        Files.writeString(
                dir.getParent().resolve("results.json"),
                "{\"format\":\"wirecost-results/1\",\"scenarios\":[" + scenarios + "]}");
        return dir.getParent();
    }
}
