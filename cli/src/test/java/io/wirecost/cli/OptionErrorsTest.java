package io.wirecost.cli;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every option of every command, given a malformed value, answers one line naming the option (a file
 * option: the option or the file), exit 2.
 * The options are enumerated from picocli's model, so a new command or option is covered the day it is
 * added: a number, a list of numbers or a KEY=VALUE map gets a malformed value here by its type; a text
 * option needs its malformed value in {@link #MALFORMED} (or a reason in {@link #FREE_TEXT}), and the test
 * says which one is missing.
 */
class OptionErrorsTest {

    /** Malformed values of the text options, by option name; "FILE" is a regular file, where a directory is needed. */
    private static final Map<String, String> MALFORMED = Map.ofEntries(
            entry("--format", "xml"),
            entry("--host-scaling", "mean"),
            entry("--side", "left"),
            entry("--scenarios", "no-such-scenario"),
            entry("--scenario", "no-such-scenario"),
            entry("--interval", "10 parsecs"),
            entry("--call-timeout", "soon"),
            entry("--metrics-linger", "40x"),
            entry("--budget", "40 parsecs"),
            entry("--from", "later"),
            entry("--to", "1 parsec"),
            entry("--latency", "far"),
            entry("--profiler", "gprof"),
            entry("--method", "fastest"),
            entry("--pin-cpu", "all-of-them"),
            entry("--profile", "heap"),
            entry("--event", "cycles!"),
            entry("--java-home", "/no/such/jdk"),
            entry("--candidate-java-home", "/no/such/jdk"),
            entry("--rules", "/no/such.rules"),
            entry("--check", "/no/such.rules"),
            entry("--recording", "/no/such.jfr"),
            entry("--jce-provider", "openssl"),
            entry("--candidate-jce-provider", "openssl"),
            entry("--payload", "no-such-payload"),
            entry("--rate", "fast"),
            entry("--metrics-bind", "not an address"),
            entry("--push", "not a url"),
            entry("--category", "no-such-category"),
            entry("--attribution", "sideways"),
            entry("--by", "colour"),
            entry("--mode", "sideways"),
            entry("--threads", "[unclosed"),
            entry("--role", "referee"),
            entry("--heap", "lots"),
            entry("--duration", "soon"),
            entry("--settings", "gprof-10ms"),
            entry("--files", "many"),
            entry("--shape", "triangle"),
            entry("--converter", "/no/such-converter.jar"),
            entry("--segments", "/no/such-segment.jfr"),
            entry("--out", "FILE"),
            entry("--work-dir", "FILE"),
            entry("--output", "FILE/flame.html"),
            entry("--otlp", "FILE/profile.pb"),
            entry("--otlp-endpoint", "not-a-url"),
            entry("--otlp-protocol", "carrier-pigeon"),
            entry("--header", "no-equals-sign"),
            entry("--ca", "/no/such-ca.pem"),
            entry("--otlp-timeout", "soon"),
            entry("--period", "10 parsecs"),
            entry("--window", "soon"),
            entry("--confirm-share", "most"),
            entry("--time", "later"),
            entry("--since", "later"),
            entry("--until", "later"),
            entry("--diff", "/no/such-diff.json"),
            entry("--db", "FILE"));

    /** Options whose every value is acceptable to wirecost, and who judges it instead. */
    private static final Map<String, String> FREE_TEXT = Map.of(
            "--jvm-opt", "passed to the scenario JVMs as is; the JVM names an option it does not know",
            "--title", "any text is a title",
            "--explain", "a frame name to look for; one that matches nothing is reported as such",
            "--explain-thread", "a thread name to look for; one that matches nothing is reported as such",
            "--service-name", "any text names a service (OTLP's service.name)",
            "--instance-id", "any text names an instance (OTLP's service.instance.id)",
            "--commit", "any text names the commit a run was made from",
            "--branch", "any text names a branch",
            "--metric", "a glob over stored metric names; one that matches nothing is reported as such");

    /** Arguments each command needs besides the option under test, chosen so a value that slipped through ends quickly. */
    private static Map<String, List<String>> base(Path recording, Path file, Path out) {
        List<String> cheapRun = List.of(
                "--quick", "--scenarios", "tcp", "--profiler", "none", "--warmup", "10", "--out", out.toString());
        return Map.ofEntries(
                entry("run", cheapRun),
                entry("attribute", List.of(recording.toString())),
                entry(
                        "export",
                        List.of(
                                recording.toString(),
                                "--otlp",
                                out.resolve("profile.pb").toString(),
                                "--otlp-endpoint",
                                "http://127.0.0.1:1")),
                entry("history add", List.of(file.getParent().toString())),
                entry("history import", List.of(file.getParent().toString())),
                entry("history show", List.of("1")),
                entry(
                        "history clear",
                        List.of(
                                "--check",
                                file.resolveSibling("check.json").toString(),
                                "--diff",
                                file.resolveSibling("diff.json").toString())),
                entry("history report", List.of("--out", out.toString())),
                entry(
                        "flame",
                        List.of(
                                recording.toString(),
                                "-o",
                                out.resolve("flame.html").toString())),
                entry("rules", List.of("--list")),
                entry(
                        "diff",
                        List.of(
                                file.getParent().toString(),
                                file.getParent().getParent().toString())),
                entry("serve", List.of("--scenario", "tcp")),
                entry("batch", List.of("--quick", "--reps", "1", "--warmup", "1", "--out", out.toString())),
                entry("model", List.of("--quick", "--scenarios", "tcp", "--out", out.toString())),
                entry("bench overhead", List.of("--settings", "jfr-10ms", "--max-pairs", "2", "--budget", "1s")),
                entry("bench startup", List.of("--scenario", "tcp", "--settings", "jfr-10ms", "--rounds", "2")),
                entry("bench attribute", List.of("--samples", "1000", "--rounds", "2")),
                entry("bench window", List.of("--segments", recording.toString(), "--rounds", "2", "--warmup", "0")),
                entry("profile", List.of("--", "true")),
                entry("attach", List.of("999999999")));
    }

    @TempDir
    Path dir;

    @Test
    void everyOptionOfEveryCommandRejectsAMalformedValueInOneLine() throws Exception {
        List<String> problems = new ArrayList<>();
        int checked = check(OptionErrorsTest::malformed, problems);
        assertEquals(List.of(), problems, "options checked: " + checked);
    }

    /** Numeric options whose negative values mean something, and what. */
    private static final Map<String, String> NEGATIVE_MEANS = Map.of();

    /**
     * A count, a size, a threshold or a level below zero is no setting: refused in one line naming the option, before
     * any work, rather than run with (an interval of -1 pairs, blocks of -1 calls, a threshold nothing can fail).
     */
    @Test
    void everyNumericOptionRejectsANegativeValueInOneLine() throws Exception {
        List<String> problems = new ArrayList<>();
        int checked = check(
                option -> NUMBERS.contains(elementType(option)) && !NEGATIVE_MEANS.containsKey(option.longestName())
                        ? "-1"
                        : SKIP,
                problems);
        assertEquals(List.of(), problems, "options checked: " + checked);
    }

    private static final Set<Class<?>> NUMBERS =
            Set.of(int.class, Integer.class, long.class, Long.class, double.class, Double.class);

    /** What a value function answers for an option it does not test. */
    private static final String SKIP = "";

    /**
     * Runs every command with each of its options given {@code bad}'s value (null: none known, a problem; {@link #SKIP}: not tested), adding to {@code problems} each that did not answer one line naming it; the options run.
     */
    private int check(java.util.function.Function<OptionSpec, String> badValue, List<String> problems)
            throws Exception {
        Path recording = Files.writeString(
                dir.resolve("app.collapsed"), "java.lang.Thread.run;java.net.SocketInputStream.read 10\n");
        Path file =
                Files.writeString(Files.createDirectories(dir.resolve("a-file")).resolve("plain"), "not a directory\n");
        // history clear reads both of its files before judging either: JSON, so that the one under test is named
        Files.writeString(file.resolveSibling("check.json"), "[]\n");
        Files.writeString(file.resolveSibling("diff.json"), "{}\n");
        int checked = 0;
        CommandLine all = new CommandLine(new Main());
        for (String name : Main.COMMANDS) all.addSubcommand(name, Main.command(name)); // Main builds them lazily
        for (CommandSpec command : commands(all.getCommandSpec())) {
            String name = command.qualifiedName().replaceFirst("^wirecost ", "");
            for (OptionSpec option : command.options()) {
                if (option.arity().max() == 0 || option.usageHelp() || option.versionHelp())
                    continue; // flags take no value
                String longName = option.longestName();
                if (FREE_TEXT.containsKey(longName)) continue;
                String bad = badValue.apply(option);
                if (SKIP.equals(bad)) continue;
                if (bad == null) {
                    problems.add(name + " " + longName
                            + ": no malformed value known; add one to MALFORMED or a reason to FREE_TEXT");
                    continue;
                }
                bad = bad.replace("FILE", file.toString());
                Path out = Files.createTempDirectory(dir, "out").resolve("run");
                List<String> args = new ArrayList<>(List.of(name.split(" ")));
                args.add(longName);
                args.add(bad);
                for (List<String> b = base(recording, file, out).getOrDefault(name, List.of()); !b.isEmpty(); ) {
                    // the option under test replaces a base option of the same name
                    int n = b.get(0).startsWith("-")
                                    && b.size() > 1
                                    && !b.get(1).startsWith("-")
                            ? 2
                            : 1;
                    if (!option.names()[0].equals(b.get(0))
                            && !Set.of(option.names()).contains(b.get(0))) args.addAll(b.subList(0, n));
                    b = b.subList(n, b.size());
                }
                String problem = oneLineNaming(option, args);
                if (problem != null) problems.add(problem);
                checked++;
            }
        }
        return checked;
    }

    /** The commands and, recursively, their subcommands. */
    private static List<CommandSpec> commands(CommandSpec root) {
        List<CommandSpec> all = new ArrayList<>();
        for (CommandLine sub : root.subcommands().values()) {
            if (all.contains(sub.getCommandSpec())) continue; // aliases
            if (sub.getCommandSpec().userObject() instanceof Runnable
                    || sub.getCommandSpec().userObject() instanceof java.util.concurrent.Callable) {
                all.add(sub.getCommandSpec());
            }
            all.addAll(commands(sub.getCommandSpec()));
        }
        return all;
    }

    /** A malformed value by the option's type, or from the table for text. */
    private static String malformed(OptionSpec option) {
        if (option.typeInfo().isMap()) return "no-equals-sign";
        Class<?> type = elementType(option);
        if (NUMBERS.contains(type)) return "x";
        return MALFORMED.get(option.longestName());
    }

    private static Class<?> elementType(OptionSpec option) {
        return option.typeInfo().isCollection() ? option.typeInfo().getAuxiliaryTypes()[0] : option.type();
    }

    /** Runs the command line; null if it answered one line naming the option and exit 2, else what it did. */
    private static String oneLineNaming(OptionSpec option, List<String> args) {
        InProcess.Outcome o = InProcess.run(args.toArray(String[]::new));
        int exit = o.exit();
        List<String> lines = o.stderr();
        boolean names = lines.size() == 1
                && (Set.of(option.names()).stream().anyMatch(n -> lines.get(0).contains(n))
                        || (elementType(option) == Path.class
                                        || args.get(args.indexOf(option.longestName()) + 1)
                                                .startsWith("/"))
                                && lines.get(0).contains(args.get(args.indexOf(option.longestName()) + 1)));
        if (exit == 2 && names && !lines.get(0).contains("Exception")) return null;
        return "wirecost " + String.join(" ", args) + " -> exit " + exit + ": " + String.join(" | ", lines);
    }
}
