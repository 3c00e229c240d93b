package io.wirecost.scenarios.harness;

import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.ServerHandle;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server JVM of a scenario: {@code ServerMain SCENARIO CONFIG_JSON}. Announces its endpoint, then
 * serves the runner's commands: {@code profile-start FILE}, {@code profile-stop}, {@code cpu} (this JVM's CPU nanoseconds, read by the
 * runner at the boundaries of every measured batch), {@code info}, {@code exit}.
 */
public final class ServerMain {

    private ServerMain() {
    }

    public static void main(String[] args) throws Exception {
        CommandLoop loop = new CommandLoop();
        ServerHandle server;
        try {
            Scenario scenario = Scenarios.byName(args[0]);
            ScenarioConfig config = CommandLoop.JSON.readValue(args[1], ScenarioConfig.class);
            server = scenario.startServer(config);
        } catch (Throwable t) {
            loop.fail(t);
            System.exit(2);
            return;
        }
        Map<String, Object> ready = new LinkedHashMap<>();
        ready.put("endpoint", server.endpoint().properties());
        loop.reply(ready);
        loop.on("profile-start", a -> Map.of("profiler", AgentHandle.start(a[0])))
            .on("profile-stop", a -> Map.of("recording", AgentHandle.stop()))
            .onCpuReading("cpu", a -> Map.of("cpuNanos", ProcessCpu.nanos(), "waitNanos", ProcessCpu.waitNanos()))
            .on("info", a -> {
                Map<String, Object> m = new LinkedHashMap<>(JvmFacts.read());
                m.put("scenario", server.info());
                // a deliberate regression (inject.*) and its calibration belong in results.json beside the figures it moved
                if (!io.wirecost.scenarios.InjectedWork.facts().isEmpty()) m.put("injected", io.wirecost.scenarios.InjectedWork.facts());
                return m;
            });
        try {
            loop.run();
        } finally {
            AgentHandle.stop();
            server.close();
        }
        System.exit(0);   // RMI's non-daemon threads would keep the JVM alive
    }
}
