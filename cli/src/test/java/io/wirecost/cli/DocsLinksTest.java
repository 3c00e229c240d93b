package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the repository's Markdown resolves: the file exists and, where the link names an
 * anchor in a Markdown file, a heading of that file makes that anchor as GitHub renders it. Pages link into
 * each other's sections, and a heading renamed in one page silently breaks the others.
 */
class DocsLinksTest {

    private static final Path HOME =
            Path.of(System.getProperty("wirecost.home", "..")).toAbsolutePath().normalize();
    private static final Set<String> SKIPPED = Set.of(".git", "target", "runs", "node_modules");
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        for (Path page : markdownPages()) {
            List<String> lines = proseLines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = LINK.matcher(withoutCodeSpans(lines.get(i)));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z][a-z+.-]*:.*")) continue; // http:, https:, mailto:
                    int hash = target.indexOf('#');
                    String file = hash < 0 ? target : target.substring(0, hash);
                    String anchor = hash < 0 ? null : target.substring(hash + 1);
                    Path resolved = file.isEmpty()
                            ? page
                            : page.getParent().resolve(file).normalize();
                    String where = HOME.relativize(page) + ":" + (i + 1) + ": " + target;
                    if (!Files.exists(resolved)) {
                        broken.add(where + " (no such file)");
                    } else if (anchor != null && resolved.toString().endsWith(".md")) {
                        Set<String> known = anchors.computeIfAbsent(resolved, DocsLinksTest::anchorsOf);
                        if (!known.contains(anchor)) broken.add(where + " (no such heading)");
                    }
                }
            }
        }
        assertEquals(List.of(), broken, "broken links in the repository's Markdown");
    }

    @Test
    void anchorsAreMadeAsGitHubMakesThem() {
        assertEquals("the-ci-gate-wirecost-diff", slug("The CI gate (`wirecost diff`)"));
        assertEquals("todays-transports-grpc-and-restjson", slug("Today's transports: gRPC and REST/JSON"));
        assertEquals(
                "relative-time-by-category--of-middleware-cpu-samples-role-all-today-vs-seed-000-table-3",
                slug("Relative time by category, % of middleware CPU samples (role: all), today vs seed 000 Table 3"));
        assertEquals("n̂-and-ratio", slug("n̂ and ratio"));
        assertEquals("a-link", slug("[A link](x.md)"));
    }

    /** GitHub's rule: lower case, drop what is neither a letter, a digit, a space, '-' nor '_', spaces to '-'. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
        return text.toLowerCase(java.util.Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{M}\\p{N} _-]", "")
                .replace(' ', '-');
    }

    private static Set<String> anchorsOf(Path page) {
        Set<String> found = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : proseLines(page)) {
            Matcher h = HEADING.matcher(line);
            if (!h.matches()) continue;
            String base = slug(h.group(1));
            int n = seen.merge(base, 1, Integer::sum) - 1;
            found.add(n == 0 ? base : base + "-" + n);
        }
        // explicit HTML anchors (<a id="...">, <a name="...">)
        Matcher a = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"").matcher(read(page));
        while (a.find()) found.add(a.group(1));
        return found;
    }

    /** The page's lines outside fenced code blocks, where '#' starts a shell comment, not a heading. */
    private static List<String> proseLines(Path page) {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : read(page).split("\n", -1)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                out.add("");
                continue;
            }
            out.add(fenced ? "" : line);
        }
        return out;
    }

    private static String withoutCodeSpans(String line) {
        return line.replaceAll("`[^`]*`", "``");
    }

    private static String read(Path page) {
        try {
            return Files.readString(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> markdownPages() throws IOException {
        try (Stream<Path> files = Files.walk(HOME)) {
            return files.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p))
                    .filter(p -> {
                        for (Path part : HOME.relativize(p)) if (SKIPPED.contains(part.toString())) return false;
                        return true;
                    })
                    .sorted()
                    .toList();
        }
    }
}
