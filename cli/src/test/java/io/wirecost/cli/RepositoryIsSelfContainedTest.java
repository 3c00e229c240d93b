package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A user of the project has only the repository: nothing in it may point to a path outside it, and the
 * README, an entry page, links only to files that exist (or to the pages named in {@link #WRITTEN_ELSEWHERE}).
 */
class RepositoryIsSelfContainedTest {

    private static final Path HOME =
            Path.of(System.getProperty("wirecost.home", "..")).toAbsolutePath().normalize();
    private static final Set<String> SKIPPED = Set.of(".git", "target", "runs", "node_modules");
    /**
     * A path to the steering checkout's shared/ folder: spelled as a path, or built from segments in Java
     * ({@code Path.of("..", "..", "shared", ...)}), which is how a test once reached JMC's recordings there.
     */
    static final Pattern OUTSIDE =
            Pattern.compile("\\.\\./shared/|/work/shared|\"\\.\\.\"\\s*,\\s*(\"\\.\\.\"\\s*,\\s*)*\"shared\"");

    @Test
    void thePatternFindsBothSpellings() {
        // built from parts, so that this file holds no such path itself
        assertTrue(OUTSIDE.matcher("see .." + "/shared/seeds/000.pdf").find());
        assertTrue(OUTSIDE.matcher("Path.of(\"..\", \"..\", \"shared\", \"recordings\")")
                .find());
        assertFalse(OUTSIDE.matcher("Path.of(\"..\", \"shared-lib\")").find());
    }

    @Test
    void noFilePointsOutsideTheRepository() throws Exception {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(HOME)) {
            for (Path f :
                    files.filter(p -> Files.isRegularFile(p) && inRepository(p)).toList()) {
                if (Files.size(f) > 2_000_000 || f.toString().endsWith(".jfr")) continue;
                String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                if (f.endsWith(getClass().getSimpleName() + ".java")) continue; // this test names the pattern
                if (OUTSIDE.matcher(text).find()) found.add(HOME.relativize(f).toString());
            }
        }
        assertEquals(List.of(), found, "files pointing outside the repository");
    }

    @Test
    void theReadmeIsAnEntryPageWhoseLinksResolve() throws Exception {
        List<String> lines = Files.readAllLines(HOME.resolve("README.md"));
        assertTrue(lines.size() < 200, "README.md has " + lines.size() + " lines");
        List<String> broken = new ArrayList<>();
        Matcher m = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)").matcher(String.join("\n", lines));
        while (m.find()) {
            String target = m.group(1);
            if (target.startsWith("http")) continue;
            if (!Files.exists(HOME.resolve(target))) broken.add(target);
        }
        assertEquals(List.of(), broken, "README links to missing files");
    }

    private static boolean inRepository(Path p) {
        for (Path part : HOME.relativize(p)) if (SKIPPED.contains(part.toString())) return false;
        return true;
    }
}
