package io.wirecost.runner;

import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.harness.Protocol;
import io.wirecost.scenarios.payload.Payload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * One scenario's fixed parts while its JVMs run: what every pass reads, so that the passes are classes of their own
 * that take this rather than fields of one runner they would have to call back into.
 *
 * @param name     the scenario
 * @param stem     its files' stem: the name, or {@code name.rK} for repetition K
 * @param server   the server JVM
 * @param client   the client JVM
 * @param proxy    the process between them whose CPU counts too (http-to-port's proxy); null where none
 * @param labels   the operations measured: the payloads' names, or the eight data types
 * @param payloads {@code --payload}'s workloads measured instead of the eight types (empty: the types)
 * @param pace     time allowed per call in command limits: 5 ms, or 3 x the pace probed at the warm-up's start
 */
record ScenarioContext(
        String name,
        String stem,
        ChildJvm server,
        ChildJvm client,
        ProcStatCpu proxy,
        List<String> labels,
        List<Payload> payloads,
        RunSettings settings,
        ProfilerSettings profiler,
        JvmLauncher launcher,
        Path outDir,
        Consumer<String> progress,
        Duration pace) {

    /** Time allowed for one command that is not a batch of calls. */
    static final Duration COMMAND = Duration.ofSeconds(60);
    /** Command limits' pace before a scenario's is probed. */
    static final Duration DEFAULT_PACE = Duration.ofMillis(5);

    ScenarioContext {
        labels = List.copyOf(labels);
        payloads = List.copyOf(payloads);
    }

    /** The scenario's context before its pace is probed. */
    static ScenarioContext of(
            String name,
            String stem,
            JvmPair pair,
            RunSettings settings,
            ProfilerSettings profiler,
            JvmLauncher launcher,
            Path outDir,
            Consumer<String> progress) {
        List<Payload> payloads = Payload.parseList(settings.scenarioOptions().getOrDefault(Payload.OPTION, ""));
        List<String> labels = payloads.isEmpty()
                ? Operation.all().stream().map(Operation::label).toList()
                : payloads.stream().map(Payload::name).toList();
        return new ScenarioContext(
                name,
                stem,
                pair.server(),
                pair.client(),
                ProcStatCpu.ofProxy(pair.endpoint()),
                labels,
                payloads,
                settings,
                profiler,
                launcher,
                outDir,
                progress,
                DEFAULT_PACE);
    }

    /** The same with command limits scaled to {@code perCall}. */
    ScenarioContext withPace(Duration perCall) {
        return new ScenarioContext(
                name, stem, server, client, proxy, labels, payloads, settings, profiler, launcher, outDir, progress,
                perCall);
    }

    RunMethod method() {
        return settings.method();
    }

    /** Operations measured per call of a batch command: one call of each. */
    int ops() {
        return labels.size();
    }

    /** A progress line about this scenario. */
    void say(String what) {
        progress.accept(name + ": " + what);
    }

    /** Generous per-command limits: a hung JVM must not hang the run, a slow scenario must not fail. */
    Duration timeoutFor(long calls) {
        return timeoutFor(calls, pace);
    }

    /** A minute plus {@code perCall} (5 ms, or 3 x the probed time) per call. */
    static Duration timeoutFor(long calls, Duration perCall) {
        return Duration.ofSeconds(60).plus(perCall.multipliedBy(calls));
    }

    /** The server JVM's CPU and run-queue wait counters, nanoseconds ({-1, -1} where it cannot read them). */
    long[] serverCpuNanos() throws ChildJvm.ChildFailure {
        Protocol.CpuReading m = server.call(new Protocol.Cpu(), COMMAND);
        return new long[] {m.cpuNanos(), m.waitNanos()};
    }

    /** Classes each JVM has loaded so far: {server, client}. */
    long[] classesLoaded() throws ChildJvm.ChildFailure {
        return new long[] {
            server.call(new Protocol.Classes(), COMMAND).loaded(),
            client.call(new Protocol.Classes(), COMMAND).loaded()
        };
    }

    /** CPU time so far of both JVMs' compiler threads, ns; -1 where unreadable. */
    long compileNanos() {
        long a = CompilerThreads.cpuNanos(server.pid());
        long b = CompilerThreads.cpuNanos(client.pid());
        return a < 0 || b < 0 ? -1 : a + b;
    }

    /** The JIT's threads of both JVMs back on the calls' pinned CPU. */
    void compileOnPinnedCpu() {
        launcher.compileOnPinnedCpu(server);
        launcher.compileOnPinnedCpu(client);
    }
}
