package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parsed rule files, lowest precedence first, composed into one {@link RuleSet}: a later file's rules are tried first,
 * a category declared again replaces the earlier one in place, the last fallback wins. Errors name file and line.
 */
final class RuleComposition {

    private RuleComposition() {}

    static RuleSet of(List<RuleFile> files) {
        java.util.LinkedHashMap<String, Category> categories = new java.util.LinkedHashMap<>();
        for (RuleFile f : files) for (Category c : f.categories()) categories.put(c.name(), c);
        List<String> names = new ArrayList<>(categories.keySet());
        List<Rule> rules = new ArrayList<>();
        for (int i = files.size() - 1; i >= 0; i--) {
            RuleFile f = files.get(i);
            checkShadowing(f);
            for (RuleFile.Spec spec : f.rules()) {
                int index = names.indexOf(spec.category());
                if (index < 0) {
                    throw new RuleFileException(
                            spec.source(), spec.line(), "rule names unknown category '" + spec.category() + "'");
                }
                rules.add(new Rule(spec.kind(), spec.pattern(), index, spec.source(), spec.line(), spec.reach()));
            }
        }
        RuleFile withFallback = null;
        for (RuleFile f : files) if (f.fallback() != null) withFallback = f;
        if (withFallback == null) {
            RuleFile last = files.get(files.size() - 1);
            throw new RuleFileException(last.source(), last.lastLine(), "missing 'fallback CATEGORY' line");
        }
        int fb = names.indexOf(withFallback.fallback());
        if (fb < 0) {
            throw new RuleFileException(
                    withFallback.source(),
                    withFallback.fallbackLine(),
                    "fallback names unknown category '" + withFallback.fallback() + "'");
        }
        if (!categories.get(withFallback.fallback()).isMiddleware()) {
            throw new RuleFileException(
                    withFallback.source(),
                    withFallback.fallbackLine(),
                    "fallback category must be in group middleware");
        }
        return new RuleSet(new ArrayList<>(categories.values()), rules, fb);
    }

    /** Within one file, a rule that an earlier rule of the same file always beats is a mistake. */
    private static void checkShadowing(RuleFile f) {
        List<RuleFile.Spec> rules = f.rules();
        List<java.util.function.Predicate<RuleFile.Spec>> shadowing = new ArrayList<>(rules.size());
        for (RuleFile.Spec r : rules) shadowing.add(r.shadowing());
        for (int j = 1; j < rules.size(); j++) {
            for (int i = 0; i < j; i++) {
                if (shadowing.get(i).test(rules.get(j))) {
                    RuleFile.Spec a = rules.get(i);
                    RuleFile.Spec b = rules.get(j);
                    throw new RuleFileException(
                            b.source(),
                            b.line(),
                            "rule '" + b.kind().name().toLowerCase(Locale.ROOT) + " " + b.pattern()
                                    + "' can never match: line " + a.line() + " ('"
                                    + a.kind().name().toLowerCase(Locale.ROOT) + " " + a.pattern()
                                    + "') claims everything it would");
                }
            }
        }
    }
}
