package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wirecost.scenarios.Scenarios;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JVM options the method adds to a scenario's JVMs (the command line {@link JvmLauncher#start} builds). */
class JvmLauncherTest {

    private static JvmLauncher launcher(List<String> userOptions) {
        return new JvmLauncher(
                Path.of(System.getProperty("java.home")),
                new ModuleClasspath(Path.of(".")),
                Path.of("agent.jar"),
                new ProfilerSettings("none", "cpu", 1_000_000L),
                userOptions);
    }

    @Test
    void theAdaptiveMethodStartsWsSecurityAtAQuarterOfHotSpotsJitThresholdsAndNoOtherScenario() {
        JvmLauncher adaptive = launcher(List.of("-XX:+UseSerialGC")).adaptiveMethod(true);
        assertEquals(
                List.of(JvmLauncher.RMI_REAPER_AFTER_THE_RUN, "-XX:CompileThresholdScaling=0.25"),
                adaptive.methodJvmOptions(Scenarios.descriptor("ws-security")));
        for (String other : List.of("tcp", "rmi", "ws-literal", "grpc-tls", "rest-json-h2")) {
            assertEquals(
                    List.of(JvmLauncher.RMI_REAPER_AFTER_THE_RUN),
                    adaptive.methodJvmOptions(Scenarios.descriptor(other)),
                    other);
        }
    }

    @Test
    void aJvmOptionOfTheUsersThatSetsRmisConnectionTimeoutReplacesTheMethods() {
        JvmLauncher own =
                launcher(List.of("-Dsun.rmi.transport.connectionTimeout=15000")).adaptiveMethod(true);
        assertEquals(List.of(), own.methodJvmOptions(Scenarios.descriptor("rmi")));
    }

    @Test
    void thePapersMethodAndQuickKeepHotSpotsThresholds() {
        // the launcher of --method paper and --quick is not the adaptive method's
        assertEquals(List.of(), launcher(List.of()).methodJvmOptions(Scenarios.descriptor("ws-security")));
        assertEquals(
                List.of(),
                launcher(List.of()).adaptiveMethod(false).methodJvmOptions(Scenarios.descriptor("ws-security")));
    }

    @Test
    void aJvmOptionOfTheUsersThatSetsTheThresholdsReplacesTheMethods() {
        JvmLauncher own = launcher(List.of("-XX:CompileThresholdScaling=1.0")).adaptiveMethod(true);
        assertEquals(
                List.of(JvmLauncher.RMI_REAPER_AFTER_THE_RUN),
                own.methodJvmOptions(Scenarios.descriptor("ws-security")));
    }
}
