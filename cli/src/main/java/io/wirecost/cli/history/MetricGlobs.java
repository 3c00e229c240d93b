package io.wirecost.cli.history;

import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/** Metric names matched by globs: {@code *} is any text, {@code ?} one character; several globs: any matches. */
final class MetricGlobs {

    private MetricGlobs() {}

    /** No glob: every metric. */
    static Predicate<String> of(List<String> globs) {
        if (globs.isEmpty()) return m -> true;
        List<Pattern> patterns = globs.stream().map(MetricGlobs::pattern).toList();
        return m -> patterns.stream().anyMatch(p -> p.matcher(m).matches());
    }

    static Pattern pattern(String glob) {
        StringBuilder re = new StringBuilder();
        for (String part : glob.split("(?=[*?])|(?<=[*?])")) {
            re.append(part.equals("*") ? ".*" : part.equals("?") ? "." : Pattern.quote(part));
        }
        return Pattern.compile(re.toString());
    }
}
