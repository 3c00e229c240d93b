package io.wirecost.cli;

import io.wirecost.attribution.FramesSeen;
import io.wirecost.attribution.RuleFileException;
import io.wirecost.attribution.RuleLayers;
import io.wirecost.attribution.RuleSet;
import io.wirecost.runner.UsageException;
import java.util.List;
import java.util.function.Supplier;

/**
 * The rule layers as every command loads them, and what {@code pack:auto} detected while loading, for the line that
 * names the rules applied ("built-in rules + pack:auto (h2, jdbc)").
 */
final class LoadedRules {

    /** The packs pack:auto applied, once {@link #loadDetecting} has detected them. */
    private List<String> detected = List.of();

    /** The layers, over the built-in rules or alone; a bad rule file or pack name is the user's to fix, in one line. */
    static RuleSet load(List<String> layers, boolean withDefaults, Supplier<FramesSeen> seen) {
        try {
            return RuleLayers.load(layers, withDefaults, seen);
        } catch (RuleFileException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** As {@link #load}, keeping the packs pack:auto detects in the frames {@code seen} reads. */
    RuleSet loadDetecting(List<String> layers, boolean withDefaults, Supplier<FramesSeen> seen) {
        return load(layers, withDefaults, () -> {
            FramesSeen frames = seen.get();
            detected = PackDetection.names(frames);
            return frames;
        });
    }

    /** A layer as the rules line names it: pack:auto with the packs it detected, any other as given. */
    String named(String layer) {
        if (!layer.equals(RuleLayers.AUTO)) return layer;
        return layer + " (" + (detected.isEmpty() ? "no pack detected" : String.join(", ", detected)) + ")";
    }
}
