package io.wirecost.attribution;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One rule line of a rule file: frames (or threads) matching {@code pattern} belong to a category.
 *
 * <ul>
 *   <li>{@code method pkg.Class.name}: that method of that exact class</li>
 *   <li>{@code class pkg.Class}: every method of the class and of its nested classes ({@code pkg.Class$Inner})</li>
 *   <li>{@code package pkg.sub}: every class in the package or below it</li>
 *   <li>{@code native Glob*}: a native (C/C++) frame whose symbol matches the glob</li>
 *   <li>{@code thread Glob*}: every sample of a thread whose name matches the glob (tried before any frame)</li>
 * </ul>
 * A rule written {@code rule CATEGORY passthrough KIND PATTERN} is for frames work passes through
 * ({@code AccessController.doPrivileged} runs the caller's action): it claims a sample only when its frame is
 * at the leaf or has only passthrough frames above it; otherwise the frame is transparent and the search
 * goes on towards the root, so the unclaimed work above it is not swallowed.
 * A rule written {@code rule CATEGORY covers KIND PATTERN} is the opposite, for frames whose callees are all
 * their work whatever library runs it ({@code ServiceLoader} reading jars, parsing service files and loading
 * classes on every message): its frame decides every sample below it, over the rules that claim the frames
 * nearer the leaf. Of several covering frames in one stack, the one nearest the leaf decides.
 * Globs know one wildcard, {@code *}, for any run of characters.
 */
public final class Rule {

    public enum Kind {
        METHOD,
        CLASS,
        PACKAGE,
        NATIVE,
        THREAD
    }

    /** How far a frame's rule reaches: its frame's own code and what no rule claims above it, or less, or more. */
    public enum Reach {
        /** The frame's own code, and the work above it no rule claims (a plain rule). */
        FRAME,
        /** Only the frame's own code; transparent otherwise. */
        PASSTHROUGH,
        /** Everything below the frame, over the rules claiming frames nearer the leaf. */
        COVERS
    }

    private final Kind kind;
    private final String pattern;
    private final int categoryIndex;
    private final String source;
    private final int line;
    private final Pattern glob; // only for NATIVE and THREAD patterns with a '*'
    private final String methodClass; // only for METHOD
    private final String methodName;
    private final Reach reach;

    public Rule(Kind kind, String pattern, int categoryIndex, String source, int line) {
        this(kind, pattern, categoryIndex, source, line, Reach.FRAME);
    }

    public Rule(Kind kind, String pattern, int categoryIndex, String source, int line, Reach reach) {
        this.reach = reach;
        this.kind = kind;
        this.pattern = pattern;
        this.categoryIndex = categoryIndex;
        this.source = source;
        this.line = line;
        this.glob = pattern.indexOf('*') >= 0 ? globToRegex(pattern) : null;
        int dot = pattern.lastIndexOf('.');
        this.methodClass = kind == Kind.METHOD ? pattern.substring(0, Math.max(dot, 0)) : null;
        this.methodName = kind == Kind.METHOD ? pattern.substring(dot + 1) : null;
    }

    public boolean matches(Frame frame) {
        String cls = frame.className();
        switch (kind) {
            case METHOD:
                return !frame.isNative() && frame.method().equals(methodName) && cls.equals(methodClass);
            case CLASS:
                return !frame.isNative()
                        && cls.startsWith(pattern)
                        && (cls.length() == pattern.length() || cls.charAt(pattern.length()) == '$');
            case PACKAGE:
                return !frame.isNative()
                        && cls.startsWith(pattern)
                        && cls.length() > pattern.length()
                        && cls.charAt(pattern.length()) == '.';
            case NATIVE:
                return frame.isNative() && textMatches(frame.method());
            default:
                return false;
        }
    }

    public boolean matchesThread(String threadName) {
        return kind == Kind.THREAD && threadName != null && textMatches(threadName);
    }

    private boolean textMatches(String text) {
        return glob == null ? pattern.equals(text) : glob.matcher(text).matches();
    }

    static Pattern globToRegex(String glob) {
        String[] parts = glob.split("\\*", -1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) sb.append(".*");
            if (!parts[i].isEmpty()) sb.append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(sb.toString(), Pattern.DOTALL);
    }

    public Kind kind() {
        return kind;
    }

    /** A method rule's class, null for other kinds. */
    String methodClass() {
        return methodClass;
    }

    public String pattern() {
        return pattern;
    }

    public int categoryIndex() {
        return categoryIndex;
    }

    public String source() {
        return source;
    }

    public int line() {
        return line;
    }

    public Reach reach() {
        return reach;
    }

    public boolean passthrough() {
        return reach == Reach.PASSTHROUGH;
    }

    public boolean covers() {
        return reach == Reach.COVERS;
    }

    @Override
    public String toString() {
        return (reach == Reach.FRAME ? "" : reach.name().toLowerCase(Locale.ROOT) + ' ')
                + kind.name().toLowerCase(Locale.ROOT) + ' ' + pattern + " (" + source + ':' + line + ')';
    }
}
