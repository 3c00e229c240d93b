package io.wirecost.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.scenarios.ScenarioDescriptor;
import io.wirecost.scenarios.harness.Protocol;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A scenario's server and client JVMs, started the one way every command needs them (run, bench
 * overhead, model): the server announces its endpoint, the client starts with it and connects.
 * Closing closes the client first, so the server's recording sees the client go, then the server.
 */
public final class JvmPair implements AutoCloseable {

    static final String SERVER_MAIN = "io.wirecost.scenarios.harness.ServerMain";
    static final String CLIENT_MAIN = "io.wirecost.scenarios.harness.ClientMain";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Where each JVM's recording and log go. */
    public record Files(Path serverRecording, Path clientRecording, Path serverLog, Path clientLog) {}

    private final ChildJvm server;
    private final ChildJvm client;
    private final Map<String, String> endpoint;

    private JvmPair(ChildJvm server, ChildJvm client, Map<String, String> endpoint) {
        this.server = server;
        this.client = client;
        this.endpoint = endpoint;
    }

    /**
     * Starts both JVMs of {@code scenario} under its own name, with the timeouts a bench's pair allows: 90 s for a JVM
     * to start (a loaded machine's first compilations), 60 s for the client to connect.
     */
    public static JvmPair start(
            JvmLauncher launcher, ScenarioDescriptor scenario, String label, String configJson, Files files)
            throws IOException, ChildJvm.ChildFailure {
        return start(
                launcher,
                scenario,
                scenario.name(),
                label,
                configJson,
                files,
                Duration.ofSeconds(90),
                Duration.ofSeconds(60));
    }

    /**
     * Starts both JVMs of {@code scenarioName} with its configuration (JSON) and connects the client.
     * {@code label} prefixes the JVMs' names in messages and their logs' first line.
     */
    public static JvmPair start(
            JvmLauncher launcher,
            ScenarioDescriptor scenario,
            String scenarioName,
            String label,
            String configJson,
            Files files,
            Duration startTimeout,
            Duration connectTimeout)
            throws IOException, ChildJvm.ChildFailure {
        ChildJvm server = startServer(
                launcher, scenario, scenarioName, label, configJson, files.serverRecording(), files.serverLog());
        ChildJvm client = null;
        try {
            Protocol.Started started = server.awaitStarted(startTimeout);
            client = startClient(
                    launcher,
                    scenario,
                    label + "-client",
                    CLIENT_MAIN,
                    List.of(scenarioName, configJson, json(started.endpoint())),
                    files.clientRecording(),
                    files.clientLog(),
                    startTimeout,
                    connectTimeout);
            return new JvmPair(server, client, started.endpoint());
        } catch (IOException | ChildJvm.ChildFailure | RuntimeException e) {
            if (client != null) client.close();
            server.close();
            throw e;
        }
    }

    /**
     * A client JVM of any driver ({@code mainClass}: the harness's, or scenarios-batch's), started, announced
     * and connected; closed again if it does not get that far.
     */
    public static ChildJvm startClient(
            JvmLauncher launcher,
            ScenarioDescriptor scenario,
            String label,
            String mainClass,
            List<String> args,
            Path recording,
            Path log,
            Duration startTimeout,
            Duration connectTimeout)
            throws IOException, ChildJvm.ChildFailure {
        ChildJvm client = launcher.start(scenario, label, mainClass, args, recording, log);
        try {
            client.await("start", startTimeout);
            client.call(new Protocol.Connect(), connectTimeout);
            return client;
        } catch (ChildJvm.ChildFailure | RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /** The server JVM alone ({@code wirecost serve}); its first reply is its endpoint ({@link ChildJvm#awaitStarted}). */
    public static ChildJvm startServer(
            JvmLauncher launcher,
            ScenarioDescriptor scenario,
            String scenarioName,
            String label,
            String configJson,
            Path recording,
            Path log)
            throws IOException {
        return launcher.start(
                scenario, label + "-server", SERVER_MAIN, List.of(scenarioName, configJson), recording, log);
    }

    private static String json(Map<String, String> endpoint) throws JsonProcessingException {
        return JSON.writeValueAsString(endpoint);
    }

    public ChildJvm server() {
        return server;
    }

    public ChildJvm client() {
        return client;
    }

    /** How the client reached the server (the scenario's own keys: host, port, url ...). */
    public Map<String, String> endpoint() {
        return endpoint;
    }

    @Override
    public void close() {
        try {
            client.close();
        } finally {
            server.close();
        }
    }
}
