package io.wirecost.attribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Parses the rule file format (documented in attribution/RULES.md). Hand-written because the format
 * is three line types and errors must name the line; no maintained library gives both.
 *
 * <pre>
 * category socket-write group=middleware paper="java.net.SocketOutputStream.socketWrite" title="Socket write"
 * rule socket-write method sun.nio.ch.SocketDispatcher.write0
 * fallback other
 * </pre>
 */
public final class RuleParser {

    /** Compiled once: a rule file has hundreds of lines, and every command parses the built-in one. */
    private static final Pattern CATEGORY_NAME = Pattern.compile("[a-z0-9][a-z0-9_.-]*");

    private static final Pattern JAVA_NAME =
            Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$<][\\p{L}\\p{N}_$>]*)*");

    private RuleParser() {}

    public static RuleSet parse(Path file) {
        return RuleSet.compose(List.of(readFile(file)));
    }

    public static RuleSet parse(String text, String source) {
        return RuleSet.compose(List.of(parseFile(text, source)));
    }

    /** Reads one file; category names in rules are resolved when files are composed into a RuleSet. */
    public static RuleFile readFile(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new RuleFileException(file.toString(), 0, "no such file");
        } catch (java.nio.charset.MalformedInputException e) {
            throw new RuleFileException(file.toString(), 0, "not a text file (not UTF-8)");
        } catch (IOException e) {
            throw new RuleFileException(file.toString(), 0, "cannot read: " + e.getMessage());
        }
        return parseFile(text, file.toString());
    }

    public static RuleFile parseFile(String text, String source) {
        List<Category> categories = new ArrayList<>();
        Map<String, Integer> categoryLines = new HashMap<>();
        List<RuleFile.Spec> rules = new ArrayList<>();
        String fallback = null;
        int fallbackLine = 0;
        int lastLine = 0;

        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            lastLine = lineNo;
            List<String> tokens = tokenize(line, source, lineNo);
            switch (tokens.get(0)) {
                case "category": {
                    Category c = parseCategory(tokens, source, lineNo);
                    if (categoryLines.containsKey(c.name())) {
                        throw new RuleFileException(
                                source,
                                lineNo,
                                "duplicate category '" + c.name() + "' (first declared on line "
                                        + categoryLines.get(c.name()) + ")");
                    }
                    categoryLines.put(c.name(), lineNo);
                    categories.add(c);
                    break;
                }
                case "rule":
                    Rule.Reach reach = tokens.size() > 2 ? reachOf(tokens.get(2)) : Rule.Reach.FRAME;
                    int k = reach == Rule.Reach.FRAME ? 2 : 3;
                    if (tokens.size() < k + 2) {
                        throw new RuleFileException(
                                source, lineNo, "expected 'rule CATEGORY [passthrough|covers] KIND PATTERN'");
                    }
                    // thread names and C++ symbols may hold blanks: the pattern is the rest of the line
                    RuleFile.Spec spec = parseRule(
                            tokens.get(1),
                            tokens.get(k),
                            String.join(" ", tokens.subList(k + 1, tokens.size())),
                            source,
                            lineNo);
                    if (reach != Rule.Reach.FRAME && spec.kind() == Rule.Kind.THREAD) {
                        throw new RuleFileException(
                                source,
                                lineNo,
                                "a thread rule cannot be " + reach.name().toLowerCase(Locale.ROOT)
                                        + " (it claims the whole sample, not a frame)");
                    }
                    rules.add(
                            reach != Rule.Reach.FRAME
                                    ? new RuleFile.Spec(
                                            spec.category(), spec.kind(), spec.pattern(), source, lineNo, reach)
                                    : spec);
                    break;
                case "fallback":
                    if (tokens.size() != 2) throw new RuleFileException(source, lineNo, "expected 'fallback CATEGORY'");
                    if (fallback != null) throw new RuleFileException(source, lineNo, "second fallback line");
                    fallback = tokens.get(1);
                    fallbackLine = lineNo;
                    break;
                default:
                    throw new RuleFileException(
                            source,
                            lineNo,
                            "unknown line type '" + tokens.get(0) + "' (expected category, rule or fallback)");
            }
        }
        return new RuleFile(source, categories, rules, fallback, fallbackLine, Math.max(1, lastLine));
    }

    private static Category parseCategory(List<String> t, String source, int line) {
        if (t.size() < 2) throw new RuleFileException(source, line, "expected 'category NAME group=...'");
        String name = t.get(1);
        if (!CATEGORY_NAME.matcher(name).matches()) {
            throw new RuleFileException(
                    source, line, "invalid category name '" + name + "' (lower case, digits, - _ .)");
        }
        Category.Group group = null;
        String paper = "";
        String title = "";
        for (String kv : t.subList(2, t.size())) {
            int eq = kv.indexOf('=');
            if (eq <= 0) throw new RuleFileException(source, line, "expected key=value, got '" + kv + "'");
            String key = kv.substring(0, eq);
            String value = kv.substring(eq + 1);
            switch (key) {
                case "group":
                    try {
                        group = Category.Group.valueOf(value.toUpperCase(Locale.ROOT));
                    } catch (IllegalArgumentException e) {
                        throw new RuleFileException(
                                source, line, "group must be middleware or jvm, got '" + value + "'");
                    }
                    break;
                case "paper":
                    paper = value;
                    break;
                case "title":
                    title = value;
                    break;
                default:
                    throw new RuleFileException(
                            source, line, "unknown key '" + key + "' (expected group, paper, title)");
            }
        }
        if (group == null)
            throw new RuleFileException(source, line, "category '" + name + "' needs group=middleware or group=jvm");
        return new Category(name, group, paper, title);
    }

    /** The word after a rule's category: a reach modifier, or already the kind of a plain rule. */
    private static Rule.Reach reachOf(String word) {
        switch (word) {
            case "passthrough":
                return Rule.Reach.PASSTHROUGH;
            case "covers":
                return Rule.Reach.COVERS;
            default:
                return Rule.Reach.FRAME;
        }
    }

    private static RuleFile.Spec parseRule(String category, String kindText, String p, String source, int line) {
        Rule.Kind kind;
        try {
            kind = Rule.Kind.valueOf(kindText.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new RuleFileException(
                    source,
                    line,
                    "unknown rule kind '" + kindText + "' (expected method, class, package, native, thread)");
        }
        boolean javaName = kind == Rule.Kind.METHOD || kind == Rule.Kind.CLASS || kind == Rule.Kind.PACKAGE;
        if (javaName && !JAVA_NAME.matcher(p).matches()) {
            throw new RuleFileException(
                    source, line, "invalid " + kindText + " pattern '" + p + "' (a dotted Java name, no wildcards)");
        }
        if (kind == Rule.Kind.METHOD && p.indexOf('.') < 0) {
            throw new RuleFileException(source, line, "method pattern '" + p + "' needs Class.method");
        }
        return new RuleFile.Spec(category, kind, p, source, line);
    }

    /** Splits on blanks; a double-quoted run (after '=' or alone) is one token without its quotes. */
    static List<String> tokenize(String line, String source, int lineNo) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if (!quoted && Character.isWhitespace(c)) {
                if (any) out.add(cur.toString());
                cur.setLength(0);
                any = false;
            } else {
                cur.append(c);
                any = true;
            }
        }
        if (quoted) throw new RuleFileException(source, lineNo, "unterminated quote");
        if (any) out.add(cur.toString());
        return out;
    }
}
