package io.wirecost.runner;

import io.wirecost.scenarios.harness.Protocol;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The message-size pass: the client makes a number of calls per data type while tcpdump captures the traffic of the
 * server JVM's listening ports. Message sizes depend on neither the JIT nor the clock, so they are measured first,
 * where their calls warm the JVMs up too (with --quick, within its warm-up time); measured after the timed and
 * profiled passes they added seconds to every scenario. A capture problem never fails the scenario.
 */
final class SizePass {

    /**
     * @param sizes     bytes and packets per call by operation; empty when not measured, and then
     * @param note      says why (or how they were measured)
     * @param callsMade calls per type the client made: 0 where the pass was skipped (no tcpdump, no port), so that
     *                  {@link Counts#sizeCalls} adds up with the calls that succeeded
     */
    record Result(List<MessageSize> sizes, String note, int callsMade) {
        Result {
            sizes = List.copyOf(sizes);
        }

        static Result notMeasured(String why) {
            return new Result(List.of(), "not measured" + why, 0);
        }

        /** Before the pass ran (a scenario that failed earlier). */
        static Result before(RunSettings settings) {
            return notMeasured(settings.sizeCalls() == 0 ? " (--size-calls 0)" : "");
        }
    }

    private SizePass() {}

    /** Calls per type: the papers' method's as set, the others' about {@link WarmupPass#QUICK_PASS} at the probe's pace, at least 5. */
    static int calls(ScenarioContext ctx, ProbePass.Probe probe) {
        RunSettings s = ctx.settings();
        if (ctx.method() == RunMethod.PAPER || s.sizeCalls() == 0) return s.sizeCalls();
        return (int) Math.max(
                5, Math.min(s.sizeCalls(), WarmupPass.QUICK_PASS.toNanos() / probe.nanosPerCall() / ctx.ops()));
    }

    static Result run(ScenarioContext ctx, int sizeCalls) throws ChildJvm.ChildFailure, InterruptedException {
        if (sizeCalls == 0) return Result.notMeasured(" (--size-calls 0)");
        Optional<String> why = WireCapture.unavailable();
        if (why.isPresent()) return Result.notMeasured(": " + why.get());
        Set<Integer> ports;
        try {
            ports = ListeningPorts.of(ctx.server().pid());
        } catch (IOException e) {
            return Result.notMeasured(": cannot read the server's ports from /proc: " + e.getMessage());
        }
        if (ports.isEmpty()) return Result.notMeasured(": the server JVM listens on no TCP port");
        ctx.progress().accept(ctx.stem() + ": message sizes, " + sizeCalls + " calls per data type under tcpdump");
        Path pcap = ctx.outDir().resolve("captures").resolve(ctx.stem() + ".pcap");
        NetworkPair network = ctx.launcher().network();
        Protocol.SizeWindows reply;
        int made = 0;
        try {
            Files.createDirectories(pcap.getParent());
            try (WireCapture capture = WireCapture.start(ports, pcap, network)) {
                reply = ctx.client().call(new Protocol.Sizes(sizeCalls), ctx.timeoutFor(sizeCalls * (long) ctx.ops()));
                made = sizeCalls;
                capture.stop();
            }
            List<Protocol.SizeWindow> w = reply.windows();
            List<WireCapture.Window> windows = new ArrayList<>();
            for (int i = 0; i < w.size(); i++) {
                long end = i + 1 < w.size() ? w.get(i + 1).startMicros() : reply.endMicros();
                windows.add(new WireCapture.Window(
                        w.get(i).operation(), w.get(i).calls(), w.get(i).startMicros(), end));
            }
            List<MessageSize> sizes = WireCapture.sizes(pcap, ports, windows);
            return new Result(
                    sizes,
                    "tcpdump on " + (network != null ? network.serverInterface() : "lo") + ", server ports " + ports
                            + ", " + sizeCalls + " calls per data type",
                    made);
        } catch (IOException e) {
            return new Result(List.of(), "not measured: " + e.getMessage(), made);
        }
    }
}
