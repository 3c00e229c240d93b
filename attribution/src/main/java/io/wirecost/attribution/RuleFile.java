package io.wirecost.attribution;

import java.util.List;

/**
 * One parsed rule file before composition: its categories, its rules in file order (category names
 * unresolved, since a user file may use the default categories) and its fallback, if any.
 */
public record RuleFile(
        String source, List<Category> categories, List<Spec> rules, String fallback, int fallbackLine, int lastLine) {

    public RuleFile {
        categories = List.copyOf(categories);
        rules = List.copyOf(rules);
    }

    /** A rule line as written. */
    public record Spec(String category, Rule.Kind kind, String pattern, String source, int line, Rule.Reach reach) {

        public Spec(String category, Rule.Kind kind, String pattern, String source, int line) {
            this(category, kind, pattern, source, line, Rule.Reach.FRAME);
        }

        /**
         * True when every frame (or thread) {@code later} matches is already claimed by this earlier rule,
         * so {@code later} can never decide anything. Conservative for globs: this glob must match the
         * other pattern's text with its {@code *} taken literally.
         */
        boolean shadows(Spec later) {
            boolean thisThread = kind == Rule.Kind.THREAD;
            if (thisThread != (later.kind == Rule.Kind.THREAD)) return false;
            switch (kind) {
                case THREAD:
                case NATIVE:
                    return later.kind == kind
                            && (pattern.equals(later.pattern)
                                    || Rule.globToRegex(pattern)
                                            .matcher(later.pattern)
                                            .matches());
                case PACKAGE:
                    return later.kind == Rule.Kind.PACKAGE && later.pattern.equals(pattern)
                            || later.kind != Rule.Kind.NATIVE
                                    && javaTypeOf(later).startsWith(pattern + ".");
                case CLASS:
                    return (later.kind == Rule.Kind.CLASS || later.kind == Rule.Kind.METHOD)
                            && (javaTypeOf(later).equals(pattern)
                                    || javaTypeOf(later).startsWith(pattern + "$"));
                case METHOD:
                    return later.kind == Rule.Kind.METHOD && pattern.equals(later.pattern);
                default:
                    return false;
            }
        }

        private static String javaTypeOf(Spec s) {
            return s.kind == Rule.Kind.METHOD ? s.pattern.substring(0, s.pattern.lastIndexOf('.')) : s.pattern;
        }
    }
}
