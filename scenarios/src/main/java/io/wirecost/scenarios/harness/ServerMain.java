package io.wirecost.scenarios.harness;

import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.ServerHandle;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server JVM of a scenario: {@code ServerMain SCENARIO CONFIG_JSON}. Announces its endpoint
 * ({@link Protocol.Started}), then serves the runner's {@link Protocol} commands: profile-start,
 * profile-stop, cpu (read by the runner at the boundaries of every measured batch), info, exit.
 */
public final class ServerMain {

    private ServerMain() {}

    public static void main(String[] args) throws Exception {
        LateClasses.load(); // before anything is compiled: a class loaded mid-run throws compiled code away
        ContendedLocks.exercise(); // likewise a lock first contended mid-run
        UidWrap.take(); // and RMI's UID counter first wrapping after 65,536 calls
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
        loop.on(Protocol.ProfileStart.class, r -> new Protocol.ProfileStarted(AgentHandle.start(r.recording())))
                .on(Protocol.ProfileStartLive.class, r -> new Protocol.ProfileStarted(AgentHandle.startLive()))
                .on(Protocol.ProfilesSent.class, r -> new Protocol.SentCount(AgentHandle.profilesSent()))
                .on(Protocol.ProfileStop.class, r -> new Protocol.ProfileStopped(AgentHandle.stop()))
                .on(Protocol.Samples.class, r -> new Protocol.SampleCount(AgentHandle.samples()))
                .onCpuReading(
                        Protocol.Cpu.class, r -> new Protocol.CpuReading(ProcessCpu.nanos(), ProcessCpu.waitNanos()))
                .on(Protocol.Classes.class, r -> JvmFacts.classesLoaded())
                .on(Protocol.Info.class, r -> {
                    Map<String, Object> m = new LinkedHashMap<>(JvmFacts.read());
                    m.put("scenario", server.info());
                    // a deliberate regression (inject.*) and its calibration belong in results.json beside the figures
                    // it moved
                    if (!io.wirecost.scenarios.InjectedWork.facts().isEmpty())
                        m.put("injected", io.wirecost.scenarios.InjectedWork.facts());
                    return new Protocol.Facts(m);
                });
        try {
            loop.run();
        } finally {
            AgentHandle.stop();
            server.close();
        }
        System.exit(0); // RMI's non-daemon threads would keep the JVM alive
    }
}
