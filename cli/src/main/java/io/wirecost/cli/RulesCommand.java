package io.wirecost.cli;

import io.wirecost.attribution.Category;
import io.wirecost.attribution.Frame;
import io.wirecost.attribution.Rule;
import io.wirecost.attribution.RuleLayers;
import io.wirecost.attribution.RulePack;
import io.wirecost.attribution.RulePacks;
import io.wirecost.attribution.RuleSet;
import io.wirecost.runner.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code wirecost rules}: check rule files and see which rule claims a frame.
 *
 * <pre>
 * ./wirecost rules --check my.rules
 * ./wirecost rules --explain sun.nio.ch.NioSocketImpl.write
 * ./wirecost rules --explain-thread "C2 CompilerThre"
 * ./wirecost rules --list
 * ./wirecost rules --check pack:all
 * </pre>
 */
@Command(
        name = "rules",
        mixinStandardHelpOptions = true,
        description = "Validate rule files, explain which rule claims a frame, list rules.")
final class RulesCommand implements Callable<Integer> {

    @Option(
            names = "--check",
            paramLabel = "FILE|pack:NAME",
            description =
                    "Validate these rule files or packs (layered over the defaults, later wins); pack:all checks every pack.")
    List<String> check = new ArrayList<>();

    @Option(
            names = "--rules",
            paramLabel = "FILE|pack:NAME",
            description = "Rule files or packs to use with --explain and --list; repeatable.")
    List<String> rules = new ArrayList<>();

    @Option(names = "--no-default-rules", description = "Do not layer over the built-in rules.")
    boolean noDefaults;

    @Option(names = "--explain", paramLabel = "FRAME", description = "A frame: pkg.Class.method, or a native symbol.")
    List<String> explain = new ArrayList<>();

    @Option(names = "--explain-thread", paramLabel = "NAME", description = "A thread name.")
    List<String> explainThreads = new ArrayList<>();

    @Option(
            names = "--list",
            description = "Print the built-in packs, then the categories and the rules in the order they are tried.")
    boolean list;

    /** --check pack:all: every built-in pack layered in pack:auto's order, as if all were detected. */
    static final String ALL_PACKS = RuleLayers.PACK_PREFIX + "all";

    @Override
    public Integer call() {
        if (check.isEmpty() && explain.isEmpty() && explainThreads.isEmpty() && !list) {
            throw new UsageException(
                    "nothing to do: give --check FILE, --explain FRAME, --explain-thread NAME or --list");
        }
        List<String> layers = new ArrayList<>();
        for (String layer : concat(rules, check)) {
            if (layer.equals(RuleLayers.AUTO)) {
                throw new UsageException(
                        "--check/--rules pack:auto: packs are detected from a recording; give pack:NAME or pack:all");
            }
            if (layer.equals(ALL_PACKS)) RulePacks.all().forEach(p -> layers.add(RuleLayers.PACK_PREFIX + p.name()));
            else layers.add(layer);
        }
        RuleSet set = LoadedRules.load(layers, !noDefaults, null);
        if (!check.isEmpty()) {
            System.out.printf(
                    Locale.ROOT,
                    "ok: %s: %d categories, %d rules, fallback %s%n",
                    String.join(", ", check),
                    set.categories().size(),
                    set.rules().size(),
                    set.category(set.fallbackIndex()).name());
        }
        for (String f : explain) {
            Rule r = set.ruleFor(Frame.parse(f));
            System.out.println(f + " -> "
                    + (r == null
                            ? set.category(set.fallbackIndex()).name()
                                    + " (no rule claims this frame: the frames above it decide, else the fallback)"
                            : set.category(r.categoryIndex()).name() + " (" + r.source() + ":" + r.line() + ": "
                                    + kind(r) + ")"));
        }
        for (String t : explainThreads) {
            Rule r = set.threadRuleFor(t);
            System.out.println("thread '" + t + "' -> "
                    + (r == null
                            ? "no thread rule: its frames decide"
                            : set.category(r.categoryIndex()).name() + " (" + r.source() + ":" + r.line() + ": "
                                    + kind(r) + ")"));
        }
        if (list) {
            System.out.println(
                    "Built-in packs (--rules pack:NAME; pack:auto takes those whose classes a recording holds):");
            for (RulePack p : RulePacks.all()) {
                System.out.printf(
                        Locale.ROOT,
                        "pack %-12s %s%n     %-12s categories: %s%n",
                        p.name(),
                        p.covers(),
                        "",
                        String.join(", ", p.categoryNames()));
            }
            System.out.println();
            for (Category c : set.categories()) {
                System.out.printf(
                        Locale.ROOT,
                        "category %-26s %-10s %s%n",
                        c.name(),
                        c.group().name().toLowerCase(Locale.ROOT),
                        c.paperRow().isEmpty() ? "" : "paper: " + c.paperRow());
            }
            for (Rule r : set.rules()) {
                System.out.printf(
                        Locale.ROOT,
                        "%-26s %-40s %s:%d%n",
                        set.category(r.categoryIndex()).name(),
                        kind(r),
                        r.source(),
                        r.line());
            }
            System.out.println("fallback " + set.category(set.fallbackIndex()).name());
        }
        return 0;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String kind(Rule r) {
        return (r.reach() == Rule.Reach.FRAME ? "" : r.reach().name().toLowerCase(Locale.ROOT) + " ")
                + r.kind().name().toLowerCase(Locale.ROOT) + " " + r.pattern();
    }
}
