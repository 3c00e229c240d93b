package io.wirecost.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.cli.common.Locations;
import io.wirecost.runner.ChildJvm;
import io.wirecost.runner.JvmLauncher;
import io.wirecost.runner.JvmPair;
import io.wirecost.runner.ModuleClasspath;
import io.wirecost.runner.ScenarioKeys;
import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ScenarioDescriptor;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.files.FileTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wirecost serve}: one scenario's server side alone, in its own JVM with its module's
 * classpath and without the profiler, until Ctrl-C; prints how to reach it (the registry URL and
 * bound name, or the WSDL URL), so any client, profiler or packet capture can be pointed at it.
 *
 * <pre>
 * ./wirecost serve --scenario ws-literal
 * ./wirecost serve --scenario ws-security --scenario-option wss.suite=modern
 * </pre>
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = "Start one scenario's server on 127.0.0.1 and keep it running until interrupted (Ctrl-C).")
final class ServeCommand implements Callable<Integer> {

    private static final Duration START = Duration.ofSeconds(90);

    @Option(
            names = "--scenario",
            required = true,
            description = "The scenario to serve (known: ${COMPLETION-CANDIDATES}).",
            completionCandidates = Known.class)
    String scenario;

    @Option(
            names = "--scenario-option",
            paramLabel = "KEY=VALUE",
            description = "Scenario setting, repeatable (e.g. wss.suite=modern).")
    Map<String, String> options = new LinkedHashMap<>();

    @Mixin
    StringLengthOption stringLength;

    @Mixin
    JdkOptions jdk;

    private volatile boolean failed;

    @Override
    public Integer call() throws Exception {
        ScenarioDescriptor d;
        try {
            d = Scenarios.descriptor(scenario);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--scenario: " + e.getMessage());
        }
        ScenarioOptions.check(options);
        int length = stringLength.value();
        jdk.home(); // a bad --java-home is refused before the scenario module is looked for
        ModuleClasspath classpath = new ModuleClasspath(Locations.projectRoot());
        try {
            classpath.of(d.module());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        JvmLauncher launcher = jdk.unprofiled(classpath);

        Path work = Files.createTempDirectory("wirecost-serve-");
        // Ctrl-C: ChildJvm's own hook stops the server JVM; this one removes the log unless the server failed (the
        // error message names it)
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            if (!failed) FileTrees.deleteQuietly(work);
                        },
                        "wirecost-serve-cleanup"));
        // serve ends only with its JVM, Ctrl-C or the server's end: ScenarioKeys' hook deletes the keys then
        Path keyDir = ScenarioKeys.temporary().forScenario(d, line -> {});
        String config = new ObjectMapper().writeValueAsString(new ScenarioConfig(length, keyDir, options));
        Path log = work.resolve(scenario + "-server.log");
        try (ChildJvm server =
                JvmPair.startServer(launcher, d, scenario, scenario, config, work.resolve("unused.jfr"), log)) {
            Map<String, String> endpoint = server.awaitStarted(START).endpoint();
            System.out.printf(
                    Locale.ROOT, "wirecost: serving %s (server JVM pid %d); Ctrl-C stops it%n", scenario, server.pid());
            new java.util.TreeMap<>(endpoint).forEach((k, v) -> System.out.printf(Locale.ROOT, "  %-5s %s%n", k, v));
            if (keyDir != null) {
                System.out.printf(
                        Locale.ROOT,
                        "  keys  %s (client.p12, server-cert.p12, trust.p12; password in the file 'password'; deleted on exit)%n",
                        keyDir);
            }
            System.out.printf(Locale.ROOT, "  log   %s%n", log);
            System.out.flush();
            // returns only when the server JVM ends; Ctrl-C ends this JVM first
            server.await("serve", Duration.ofDays(3650));
            return 0;
        } catch (ChildJvm.ChildFailure e) {
            failed = true;
            System.err.println("wirecost: " + e.getMessage());
            return 1;
        }
    }

    static final class Known extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        Known() {
            super(Scenarios.names());
        }
    }
}
