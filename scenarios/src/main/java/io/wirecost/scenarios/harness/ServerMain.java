package io.wirecost.scenarios.harness;

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
        ServerHandle server = loop.startOrExit(
                () -> Scenarios.byName(args[0]).startServer(CommandLoop.JSON.readValue(args[1], ScenarioConfig.class)));
        Map<String, Object> ready = new LinkedHashMap<>();
        ready.put("endpoint", server.endpoint().properties());
        loop.reply(ready);
        AgentHandle.answer(loop)
                .onCpuReading(
                        Protocol.Cpu.class, r -> new Protocol.CpuReading(ProcessCpu.nanos(), ProcessCpu.waitNanos()))
                .on(Protocol.Info.class, r -> {
                    Map<String, Object> m = new LinkedHashMap<>(JvmFacts.read());
                    m.put("scenario", server.info());
                    // a deliberate regression (inject.*) and its calibration belong in results.json beside the figures
                    // it moved
                    if (!io.wirecost.scenarios.InjectedWork.facts().isEmpty())
                        m.put("injected", io.wirecost.scenarios.InjectedWork.facts());
                    return new Protocol.Facts(m);
                });
        loop.runThenExit(() -> {
            AgentHandle.stop();
            server.close();
        });
    }
}
