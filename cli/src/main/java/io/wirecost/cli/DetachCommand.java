package io.wirecost.cli;

import io.wirecost.cli.attach.AgentLink;
import io.wirecost.cli.attach.TargetCheck;
import io.wirecost.cli.common.Locations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code wirecost detach PID}: stops everything the agent runs in that JVM (profiler, live metrics
 * endpoint, threads) after {@code wirecost attach --metrics-port}. The JVM runs on.
 */
@Command(
        name = "detach",
        mixinStandardHelpOptions = true,
        description = "Stop the wirecost agent's profiler and live metrics in a JVM attached to before.")
final class DetachCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PID", description = "Process id of the JVM.")
    long pid;

    @Override
    public Integer call() throws Exception {
        TargetCheck.requireAttachModule();
        Path agentJar = Locations.requireAgentJar(Locations.agentJar());
        TargetCheck.check(pid);
        Path replies = Files.createTempDirectory("wirecost-detach-");
        try (AgentLink link = AgentLink.open(pid, agentJar, replies)) {
            link.request("attach.command=detach");
        } finally {
            Files.deleteIfExists(replies);
        }
        System.out.println("wirecost: detached from pid " + pid + " (profiler stopped, live metrics closed)");
        return 0;
    }
}
