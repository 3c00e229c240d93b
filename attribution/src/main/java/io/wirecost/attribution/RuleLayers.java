package io.wirecost.attribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Resolves {@code --rules} arguments into rule layers: a file path, {@code pack:NAME} (a built-in
 * pack), or {@code pack:auto} (every pack whose classes the recording holds, detected by a first pass
 * over it), or {@code pack:none} (no pack: the defaults alone, as for wirecost's own scenarios). Later
 * layers win, as for files.
 */
public final class RuleLayers {

    public static final String PACK_PREFIX = "pack:";
    /** Detect the packs from the recording: the default of commands that profile an unknown JVM. */
    public static final String AUTO = PACK_PREFIX + "auto";
    /** No pack: the defaults alone, where {@code pack:auto} would be the default. */
    public static final String NONE = PACK_PREFIX + "none";

    private RuleLayers() {}

    /** True when one of the layers is {@code pack:auto}, so the recording must be scanned first. */
    public static boolean needsDetection(List<String> layers) {
        return layers.contains(AUTO);
    }

    /**
     * The rule set of these layers over the defaults (unless {@code withDefaults} is false);
     * {@code seen} is asked only when a layer is {@code pack:auto}. Errors name the layer.
     */
    public static RuleSet load(List<String> layers, boolean withDefaults, Supplier<FramesSeen> seen) {
        return RuleSet.compose(files(layers, withDefaults, seen));
    }

    static List<RuleFile> files(List<String> layers, boolean withDefaults, Supplier<FramesSeen> seen) {
        List<RuleFile> files = new ArrayList<>();
        if (withDefaults) files.add(RuleSet.defaultFile());
        for (String layer : layers) {
            if (layer.equals(NONE)) continue;
            if (layer.equals(AUTO)) {
                for (RulePack p : RulePacks.detect(seen.get())) files.add(p.file());
            } else if (layer.startsWith(PACK_PREFIX)) {
                files.add(pack(layer.substring(PACK_PREFIX.length())).file());
            } else {
                files.add(RuleParser.readFile(Path.of(layer)));
            }
        }
        if (files.isEmpty())
            throw new RuleFileException("(no rule files)", 0, "no rules: give --rules FILE or keep the defaults");
        return files;
    }

    /** A built-in pack by name; the error lists the names there are. */
    public static RulePack pack(String name) {
        return RulePacks.byName(name)
                .orElseThrow(() -> new RuleFileException(
                        PACK_PREFIX + name,
                        0,
                        "no such rule pack (packs: auto, none, "
                                + String.join(
                                        ", ",
                                        RulePacks.all().stream()
                                                .map(RulePack::name)
                                                .toList()) + ")"
                                + (name.contains(",")
                                        ? "; several packs: one --rules each, e.g. --rules pack:jdbc"
                                                + " --rules pack:tls"
                                        : "")));
    }
}
