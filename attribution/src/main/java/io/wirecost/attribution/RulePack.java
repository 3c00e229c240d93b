package io.wirecost.attribution;

import java.util.List;

/**
 * A built-in rule file for one library family (Jetty, Jackson, Kafka, ...), layered over the defaults
 * like a {@code --rules FILE}. {@code covers} is the pack's one-line description.
 */
public record RulePack(String name, String covers, RuleFile file) {

    /** The names of the categories this pack declares, in file order. */
    public List<String> categoryNames() {
        return file.categories().stream().map(Category::name).toList();
    }

    /** True when one of this pack's rules claims the frame or, for thread rules, the thread. */
    boolean claims(Frame frame) {
        for (RuleFile.Spec s : file.rules()) {
            if (s.kind() != Rule.Kind.THREAD && new Rule(s.kind(), s.pattern(), 0, s.source(), s.line()).matches(frame)) return true;
        }
        return false;
    }
}
