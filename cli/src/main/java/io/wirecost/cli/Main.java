package io.wirecost.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code wirecost}: dispatches to the subcommands; parses nothing itself.
 *
 * <pre>
 * ./wirecost run --quick
 * ./wirecost attribute runs/latest/recordings/rmi-server.jfr --format csv
 * ./wirecost serve --scenario ws-literal
 * </pre>
 */
@Command(
        name = "wirecost",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Profiling-driven bottleneck attribution for JVM middleware.")
public final class Main {

    /**
     * The subcommands, built only when named: picocli reflects over every option of every command it
     * is given, so {@code wirecost --version} or {@code wirecost attribute ...} building all thirteen models
     * cost start-up time for nothing. Help and unknown words get them all (for the listing and suggestions).
     */
    static final Map<String, Supplier<Object>> COMMANDS = commands();

    private static Map<String, Supplier<Object>> commands() {
        Map<String, Supplier<Object>> m = new LinkedHashMap<>();
        m.put("run", RunCommand::new);
        m.put("attach", AttachCommand::new);
        m.put("detach", DetachCommand::new);
        m.put("profile", ProfileCommand::new);
        m.put("attribute", AttributeCommand::new);
        m.put("analyze", AnalyzeCommand::new);
        m.put("flame", FlameCommand::new);
        m.put("export", ExportCommand::new);
        m.put("rules", RulesCommand::new);
        m.put("diff", DiffCommand::new);
        m.put("history", io.wirecost.cli.history.HistoryCommand::new);
        m.put("serve", ServeCommand::new);
        m.put("batch", BatchCommand::new);
        m.put("model", ModelCommand::new);
        m.put("bench", io.wirecost.cli.bench.BenchCommand::new);
        return java.util.Collections.unmodifiableMap(m);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs a command line; 0 ok, 1 a scenario failed, 2 bad input. Never prints a stack trace. */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new Main());
        String first = args.length > 0 ? args[0] : "";
        if (COMMANDS.containsKey(first)) {
            cl.addSubcommand(first, COMMANDS.get(first).get());
        } else if (!first.startsWith("-") || first.equals("-h") || first.equals("--help")) {
            COMMANDS.forEach((name, command) -> cl.addSubcommand(name, command.get()));
        }
        cl.setParameterExceptionHandler((ex, a) -> {
            // one line: what was wrong, then where the accepted values are listed
            String msg = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
            ex.getCommandLine()
                    .getErr()
                    .println("wirecost: " + msg.lines().findFirst().orElse(msg) + " (see '"
                            + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, p) -> {
            String msg = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
            c.getErr().println("wirecost: " + msg.lines().findFirst().orElse(msg));
            return 2;
        });
        return cl.execute(args);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"wirecost " + (v == null ? "dev" : v)};
        }
    }
}
