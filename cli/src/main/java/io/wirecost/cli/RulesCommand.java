package io.wirecost.cli;

import io.wirecost.attribution.Category;
import io.wirecost.attribution.Frame;
import io.wirecost.attribution.Rule;
import io.wirecost.attribution.RuleSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code wirecost rules}: check rule files and see which rule claims a frame.
 *
 * <pre>
 * ./wirecost rules --check my.rules
 * ./wirecost rules --explain sun.nio.ch.NioSocketImpl.write
 * ./wirecost rules --explain-thread "C2 CompilerThre"
 * ./wirecost rules --list
 * </pre>
 */
@Command(name = "rules", mixinStandardHelpOptions = true, description = "Validate rule files, explain which rule claims a frame, list rules.")
final class RulesCommand implements Callable<Integer> {

    @Option(names = "--check", paramLabel = "FILE", description = "Validate these rule files (layered over the defaults, later wins).")
    List<Path> check = new ArrayList<>();

    @Option(names = "--rules", paramLabel = "FILE", description = "Rule files to use with --explain and --list; repeatable.")
    List<Path> rules = new ArrayList<>();

    @Option(names = "--no-default-rules", description = "Do not layer over the built-in rules.")
    boolean noDefaults;

    @Option(names = "--explain", paramLabel = "FRAME", description = "A frame: pkg.Class.method, or a native symbol.")
    List<String> explain = new ArrayList<>();

    @Option(names = "--explain-thread", paramLabel = "NAME", description = "A thread name.")
    List<String> explainThreads = new ArrayList<>();

    @Option(names = "--list", description = "Print the categories and the rules in the order they are tried.")
    boolean list;

    @Override
    public Integer call() {
        if (check.isEmpty() && explain.isEmpty() && explainThreads.isEmpty() && !list) {
            throw new UsageException("nothing to do: give --check FILE, --explain FRAME, --explain-thread NAME or --list");
        }
        List<Path> files = new ArrayList<>(rules);
        files.addAll(check);
        RuleSet set;
        try {
            set = RuleSet.load(files, !noDefaults);
        } catch (io.wirecost.attribution.RuleFileException e) {
            throw new UsageException(e.getMessage());
        }
        if (!check.isEmpty()) {
            System.out.printf("ok: %s: %d categories, %d rules, fallback %s%n", String.join(", ", check.stream().map(Path::toString).toList()),
                    set.categories().size(), set.rules().size(), set.category(set.fallbackIndex()).name());
        }
        for (String f : explain) {
            Rule r = set.ruleFor(Frame.parse(f));
            System.out.println(f + " -> " + (r == null
                    ? set.category(set.fallbackIndex()).name() + " (no rule claims this frame: the frames above it decide, else the fallback)"
                    : set.category(r.categoryIndex()).name() + " (" + r.source() + ":" + r.line() + ": " + kind(r) + ")"));
        }
        for (String t : explainThreads) {
            Rule r = set.threadRuleFor(t);
            System.out.println("thread '" + t + "' -> " + (r == null ? "no thread rule: its frames decide"
                    : set.category(r.categoryIndex()).name() + " (" + r.source() + ":" + r.line() + ": " + kind(r) + ")"));
        }
        if (list) {
            for (Category c : set.categories()) {
                System.out.printf("category %-26s %-10s %s%n", c.name(), c.group().name().toLowerCase(),
                        c.paperRow().isEmpty() ? "" : "paper: " + c.paperRow());
            }
            for (Rule r : set.rules()) {
                System.out.printf("%-26s %-40s %s:%d%n", set.category(r.categoryIndex()).name(), kind(r), r.source(), r.line());
            }
            System.out.println("fallback " + set.category(set.fallbackIndex()).name());
        }
        return 0;
    }

    private static String kind(Rule r) {
        return r.kind().name().toLowerCase() + " " + r.pattern();
    }
}
