package io.wirecost.attribution;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Ordered category rules. A sample is classified by its thread first (thread rules), then frame by
 * frame from the leaf up: the first frame that any rule claims decides, and for that frame the
 * first rule in file order wins, unless a covering rule claims a frame nearer the root ({@link Rule.Reach#COVERS}).
 * A sample nothing claims goes to the fallback category.
 */
public final class RuleSet {

    public static final String DEFAULT_RESOURCE = "default.rules";

    private final List<Category> categories;
    private final List<Rule> frameRules;
    private final List<Rule> threadRules;
    private final int fallbackIndex;
    private final boolean coveringRules;
    /**
     * The frame rules that may claim a Java frame whose class name starts with a given ASCII character, in file
     * order: a method, class or package rule can only match a class name that starts as its pattern does. A
     * recording's distinct frames are matched once each, but real ones have tens of thousands, and pack:auto adds
     * hundreds of rules to the defaults' four hundred, nearly all of which one look at the first letter rules out.
     */
    private final Rule[][] javaRulesByFirstChar = new Rule[128][];
    /** The native rules in file order: the only ones that may claim a native frame. */
    private final Rule[] nativeRules;

    RuleSet(List<Category> categories, List<Rule> rules, int fallbackIndex) {
        this.categories = List.copyOf(categories);
        List<Rule> frames = new ArrayList<>();
        List<Rule> threads = new ArrayList<>();
        for (Rule r : rules) (r.kind() == Rule.Kind.THREAD ? threads : frames).add(r);
        this.frameRules = List.copyOf(frames);
        this.threadRules = List.copyOf(threads);
        this.fallbackIndex = fallbackIndex;
        this.coveringRules = frames.stream().anyMatch(Rule::covers);
        List<Rule> natives = new ArrayList<>();
        List<List<Rule>> java = new ArrayList<>();
        for (int c = 0; c < javaRulesByFirstChar.length; c++) java.add(new ArrayList<>());
        for (Rule r : frameRules) {
            if (r.kind() == Rule.Kind.NATIVE) {
                natives.add(r);
                continue;
            }
            String start = r.kind() == Rule.Kind.METHOD ? r.methodClass() : r.pattern();
            if (start.isEmpty()) {
                for (List<Rule> list : java) list.add(r); // tried on every frame, as before
            } else if (start.charAt(0) < javaRulesByFirstChar.length) {
                java.get(start.charAt(0)).add(r);
            } // else only a class name starting beyond ASCII may match, and those go through every rule
        }
        for (int c = 0; c < javaRulesByFirstChar.length; c++)
            javaRulesByFirstChar[c] = java.get(c).toArray(new Rule[0]);
        this.nativeRules = natives.toArray(new Rule[0]);
    }

    /** True when some frame rule covers its callees: then a stack's walk cannot stop at its first claimed frame. */
    public boolean hasCoveringRules() {
        return coveringRules;
    }

    /** The rules shipped with wirecost: one category per row of seed 000's Table 3, plus what the paper misses. */
    public static RuleSet defaults() {
        return compose(List.of(defaultFile()));
    }

    static RuleFile defaultFile() {
        try (InputStream in = RuleSet.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            Objects.requireNonNull(in, "default rules resource missing");
            return RuleParser.parseFile(new String(in.readAllBytes(), StandardCharsets.UTF_8), DEFAULT_RESOURCE);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the default rules", e);
        }
    }

    /**
     * The defaults (unless {@code withDefaults} is false) with user rule files layered on top, later
     * files winning: their rules are tried first, a category they declare again replaces the earlier
     * declaration in place, and their fallback (if any) replaces the earlier one.
     */
    public static RuleSet load(List<java.nio.file.Path> userFiles, boolean withDefaults) {
        return RuleLayers.load(
                userFiles.stream().map(java.nio.file.Path::toString).toList(), withDefaults, FramesSeen::new);
    }

    /** Composes parsed files (lowest precedence first) into one ordered rule set; errors name file and line. */
    public static RuleSet compose(List<RuleFile> files) {
        return RuleComposition.of(files);
    }

    public List<Category> categories() {
        return categories;
    }

    public List<Rule> rules() {
        List<Rule> all = new ArrayList<>(threadRules);
        all.addAll(frameRules);
        return all;
    }

    public Category category(int index) {
        return categories.get(index);
    }

    public int fallbackIndex() {
        return fallbackIndex;
    }

    public int indexOf(String categoryName) {
        for (int i = 0; i < categories.size(); i++) {
            if (categories.get(i).name().equals(categoryName)) return i;
        }
        return -1;
    }

    /** The first rule that claims this frame, or null. */
    public Rule ruleFor(Frame frame) {
        String cls = frame.className();
        if (cls.isEmpty()) return firstMatch(nativeRules, frame);
        char first = cls.charAt(0);
        if (first < javaRulesByFirstChar.length) return firstMatch(javaRulesByFirstChar[first], frame);
        for (Rule r : frameRules) {
            if (r.matches(frame)) return r;
        }
        return null;
    }

    private static Rule firstMatch(Rule[] candidates, Frame frame) {
        for (Rule r : candidates) {
            if (r.matches(frame)) return r;
        }
        return null;
    }

    /** The rule that decides a sample whose thread has this name, or null when no thread rule matches. */
    public Rule threadRuleFor(String threadName) {
        for (Rule r : threadRules) {
            if (r.matchesThread(threadName)) return r;
        }
        return null;
    }

    /** The category index a thread rule assigns to every sample of this thread, or -1. */
    public int threadCategory(String threadName) {
        for (Rule r : threadRules) {
            if (r.matchesThread(threadName)) return r.categoryIndex();
        }
        return -1;
    }

    /** Uncached classification of one stack, leaf frame first. The readers use {@link StackClassifier}. */
    public int classify(List<Frame> leafFirst, String threadName) {
        int byThread = threadCategory(threadName);
        if (byThread >= 0) return byThread;
        int category = fallbackIndex;
        boolean claimed = false;
        boolean leafRun = true; // only passthrough frames so far, from the leaf
        for (Frame f : leafFirst) {
            Rule r = ruleFor(f);
            if (r == null) {
                leafRun = false;
            } else if (r.covers()) {
                return r.categoryIndex(); // a covering frame decides everything below it
            } else if (!claimed && (!r.passthrough() || leafRun)) {
                category = r.categoryIndex();
                claimed = true;
                if (!coveringRules) return category;
            }
        }
        return category;
    }
}
