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

    RuleSet(List<Category> categories, List<Rule> rules, int fallbackIndex) {
        this.categories = List.copyOf(categories);
        List<Rule> frames = new ArrayList<>();
        List<Rule> threads = new ArrayList<>();
        for (Rule r : rules) (r.kind() == Rule.Kind.THREAD ? threads : frames).add(r);
        this.frameRules = List.copyOf(frames);
        this.threadRules = List.copyOf(threads);
        this.fallbackIndex = fallbackIndex;
        this.coveringRules = frames.stream().anyMatch(Rule::covers);
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
        for (Rule r : frameRules) {
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
