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
 * first rule in file order wins. A sample nothing claims goes to the fallback category.
 */
public final class RuleSet {

    public static final String DEFAULT_RESOURCE = "default.rules";

    private final List<Category> categories;
    private final List<Rule> frameRules;
    private final List<Rule> threadRules;
    private final int fallbackIndex;

    RuleSet(List<Category> categories, List<Rule> rules, int fallbackIndex) {
        this.categories = List.copyOf(categories);
        List<Rule> frames = new ArrayList<>();
        List<Rule> threads = new ArrayList<>();
        for (Rule r : rules) (r.kind() == Rule.Kind.THREAD ? threads : frames).add(r);
        this.frameRules = List.copyOf(frames);
        this.threadRules = List.copyOf(threads);
        this.fallbackIndex = fallbackIndex;
    }

    /** The rules shipped with wirecost: one category per row of seed 000's Table 3, plus what the paper misses. */
    public static RuleSet defaults() {
        try (InputStream in = RuleSet.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            Objects.requireNonNull(in, "default rules resource missing");
            return RuleParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "default.rules");
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the default rules", e);
        }
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
        for (Frame f : leafFirst) {
            Rule r = ruleFor(f);
            if (r != null) return r.categoryIndex();
        }
        return fallbackIndex;
    }
}
