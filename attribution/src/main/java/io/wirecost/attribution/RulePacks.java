package io.wirecost.attribution;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The built-in rule packs, read from the engine's resources ({@code packs/index} lists them in the
 * order {@code pack:auto} layers them, later winning), and their detection in a recording.
 */
public final class RulePacks {

    private static final String DIR = "packs/";
    private static final String COVERS = "# covers:";
    private static final String DETECT = "# detect:";
    private static volatile List<RulePack> all;

    private RulePacks() {}

    /** Every built-in pack, in layering order. */
    public static List<RulePack> all() {
        List<RulePack> packs = all;
        if (packs == null) {
            packs = new ArrayList<>();
            for (String line : resource("index").split("\n")) {
                String name = line.strip();
                if (name.isEmpty() || name.startsWith("#")) continue;
                packs.add(read(name));
            }
            all = packs = List.copyOf(packs);
        }
        return packs;
    }

    public static Optional<RulePack> byName(String name) {
        return all().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * The packs whose rules claim at least one frame the recording holds, in layering order: the
     * libraries present. A pack whose classes never appear on a stack cannot change any share.
     */
    public static List<RulePack> detect(FramesSeen seen) {
        List<RulePack> found = new ArrayList<>();
        for (RulePack p : all()) if (p.detectsAny(seen)) found.add(p);
        return found;
    }

    private static RulePack read(String name) {
        String source = "pack:" + name;
        String text = resource(name + ".rules");
        String covers = text.lines()
                .filter(l -> l.startsWith(COVERS))
                .findFirst()
                .map(l -> l.substring(COVERS.length()).strip())
                .orElseThrow(() -> new IllegalStateException(source + ": no '" + COVERS + "' line"));
        List<String> detect = text.lines()
                .filter(l -> l.startsWith(DETECT))
                .findFirst()
                .map(l -> List.of(l.substring(DETECT.length()).strip().split("\\s+")))
                .orElse(List.of());
        return new RulePack(name, covers, detect, RuleParser.parseFile(text, source));
    }

    private static String resource(String file) {
        try (InputStream in = RulePacks.class.getResourceAsStream(DIR + file)) {
            if (in == null) throw new IllegalStateException("rule pack resource missing: " + DIR + file);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read rule pack resource " + DIR + file, e);
        }
    }
}
