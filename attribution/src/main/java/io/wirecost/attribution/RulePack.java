package io.wirecost.attribution;

import java.util.List;

/**
 * A built-in rule file for one library family (Jetty, Jackson, Kafka, ...), layered over the defaults
 * like a {@code --rules FILE}. {@code covers} is the pack's one-line description; {@code detectPackages}
 * are the packages whose presence on a stack means the library is there (its {@code # detect:} line),
 * empty when any frame its rules claim does: a pack sharing a package with another (Jasper JSP runs in
 * Tomcat and Jetty alike) names its own, so that Jetty's Jasper frames do not detect Tomcat.
 */
public record RulePack(String name, String covers, List<String> detectPackages, RuleFile file) {

    public RulePack {
        detectPackages = List.copyOf(detectPackages);
    }

    /** The names of the categories this pack declares, in file order. */
    public List<String> categoryNames() {
        return file.categories().stream().map(Category::name).toList();
    }

    /** True when one of these frames shows the pack's library: in a detect package, else claimed by one of its frame rules. */
    boolean detectsAny(FramesSeen seen) {
        if (!detectPackages.isEmpty()) return detectPackages.stream().anyMatch(seen.packages()::contains);
        List<Rule> rules = file.rules().stream()
                .filter(s -> s.kind() != Rule.Kind.THREAD)
                .map(s -> new Rule(s.kind(), s.pattern(), 0, s.source(), s.line()))
                .toList(); // built once: globs compile
        for (Rule r : rules) if (seen.anyMatches(r)) return true;
        return false;
    }

    boolean detects(Frame frame) {
        FramesSeen one = new FramesSeen();
        one.addAll(java.util.Set.of(frame));
        return detectsAny(one);
    }
}
