package io.wirecost.attribution;

import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

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
         * True (for a later rule) when every frame (or thread) that rule matches is already claimed by this earlier
         * rule, so the later one can never decide anything. Conservative for globs: this glob must match the
         * other pattern's text with its {@code *} taken literally. The glob is compiled once here, not per pair:
         * a file of n rules is checked in n² pairs on every start.
         */
        Predicate<Spec> shadowing() {
            boolean globbed = (kind == Rule.Kind.THREAD || kind == Rule.Kind.NATIVE) && pattern.indexOf('*') >= 0;
            Pattern glob = globbed ? Rule.globToRegex(pattern) : null;
            return later -> shadows(later, glob);
        }

        private boolean shadows(Spec later, Pattern glob) {
            boolean thisThread = kind == Rule.Kind.THREAD;
            if (thisThread != (later.kind == Rule.Kind.THREAD)) return false;
            switch (kind) {
                case THREAD:
                case NATIVE:
                    // a pattern without '*' is a glob matching only itself
                    return later.kind == kind
                            && (pattern.equals(later.pattern)
                                    || glob != null
                                            && glob.matcher(later.pattern).matches());
                case PACKAGE:
                    return later.kind == Rule.Kind.PACKAGE && later.pattern.equals(pattern)
                            || later.kind != Rule.Kind.NATIVE && below(javaTypeOf(later), pattern, '.');
                case CLASS:
                    return (later.kind == Rule.Kind.CLASS || later.kind == Rule.Kind.METHOD)
                            && (javaTypeOf(later).equals(pattern) || below(javaTypeOf(later), pattern, '$'));
                case METHOD:
                    return later.kind == Rule.Kind.METHOD && pattern.equals(later.pattern);
                default:
                    return false;
            }
        }

        /** {@code name.startsWith(outer + separator)}, without building that string for every pair. */
        private static boolean below(String name, String outer, char separator) {
            return name.length() > outer.length() && name.charAt(outer.length()) == separator && name.startsWith(outer);
        }

        private static String javaTypeOf(Spec s) {
            return s.kind == Rule.Kind.METHOD ? s.pattern.substring(0, s.pattern.lastIndexOf('.')) : s.pattern;
        }
    }
}
