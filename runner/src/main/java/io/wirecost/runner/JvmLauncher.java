package io.wirecost.runner;

import io.wirecost.scenarios.ScenarioDescriptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Builds the command line of a scenario JVM: which java, the agent, the classpath. */
public final class JvmLauncher {

    /** How long a new JVM may take to create its compiler threads (a few ms here) before they are moved. */
    private static final Duration COMPILERS_APPEAR = Duration.ofSeconds(2);

    private final Path javaHome;
    private final int featureVersion;
    private final ModuleClasspath classpath;
    private final Path agentJar;
    private final ProfilerSettings profiler;
    private final List<String> extraOptions;
    private java.util.Map<String, String> liveAgentOptions = java.util.Map.of();
    private long callTimeoutMillis;
    private NetworkPair network;
    private Integer pinnedCpu;
    private Integer warmupCompilerCpu;
    private boolean quickCompilerCpu;
    private boolean adaptiveMethod;

    /**
     * Runs every scenario JVM on this one CPU ({@code taskset -c}): client and server then hand each call
     * over on one core, with no cross-CPU wake-up of an idle vCPU (billed partly as the waking process's system
     * time), which was the largest source of spread in CPU per call between repetitions on a shared 2-core VM
     * (docs/measurement.md). The CLI itself and the profiler's converter stay unpinned.
     */
    public JvmLauncher pinCpu(Integer cpu) {
        this.pinnedCpu = cpu;
        return this;
    }

    /**
     * With a pinned CPU: the JIT's compiler threads of every JVM this launcher starts run on {@code cpu}
     * until {@link #compileOnPinnedCpu} brings them back (the adaptive method, for its start-up and warm-up;
     * why in {@link CompilerThreads}). Null: they stay with the JVM on the pinned CPU. {@code quick}: --quick, whose
     * runner keeps them there to the scenario's end where it cut the warm-up (WarmupPass), which
     * {@link #cpuAffinity} then says.
     */
    public JvmLauncher warmupCompilerCpu(Integer cpu, boolean quick) {
        this.warmupCompilerCpu = cpu;
        this.quickCompilerCpu = quick;
        return this;
    }

    /** The CPU the compiler threads run on until the timed pass, or null. */
    public Integer warmupCompilerCpu() {
        return pinnedCpu == null ? null : warmupCompilerCpu;
    }

    /** Moves {@code jvm}'s compiler threads back to the pinned CPU, where the timed pass wants them; a no-op where they never left. */
    public void compileOnPinnedCpu(ChildJvm jvm) {
        if (warmupCompilerCpu() != null) CompilerThreads.move(jvm.pid(), pinnedCpu, Duration.ZERO);
    }

    /** "none", or the CPU every scenario JVM runs on. */
    public String cpuAffinity() {
        if (pinnedCpu == null) return "none";
        return "cpu " + pinnedCpu + " (client and server JVMs pinned with taskset)"
                + (warmupCompilerCpu() == null
                        ? ""
                        : "; their JIT compiler threads on cpu " + warmupCompilerCpu()
                                + " until the timed pass"
                                + (quickCompilerCpu ? " (to the end where --quick cut the warm-up)" : ""));
    }

    /**
     * The adaptive method: scenarios that ask for it ({@link ScenarioDescriptor#adaptiveCompileThresholdScaling},
     * ws-security alone) start their JVMs with HotSpot's JIT thresholds scaled ({@code -XX:CompileThresholdScaling}).
     *
     * <p>Why: a method that runs once per call reaches C2 after some 5,000 to 15,000 invocations
     * (Tier4InvocationThreshold, Tier4CompileThreshold); at about 10 ms a call, ws-security makes some 1,000
     * calls per type in its 120 s warm-up, so its JIT was still promoting methods one by one when the warm-up
     * ended, often at its bound, unsettled. Against a reference warmed up for minutes at HotSpot's thresholds,
     * a quarter of the thresholds gave the reference's CPU per call with every warm-up settled, where the default
     * thresholds gave a dearer call, warm-ups that ran to their bound and a longer scenario (docs/measurement.md,
     * "The adaptive method"). The other scenarios reach C2's thresholds within seconds and keep
     * HotSpot's own, as the papers' method and --quick do (the CI gate's error rates were measured with them); a
     * {@code --jvm-opt=-XX:CompileThresholdScaling=...} of the user's replaces it.
     */
    public JvmLauncher adaptiveMethod(boolean adaptive) {
        this.adaptiveMethod = adaptive;
        return this;
    }

    /**
     * The adaptive method: RMI's client connection reaper, {@code sun.rmi.transport.connectionTimeout}, at an hour
     * instead of 15 s, so that its first cycle falls after the run, not in it.
     *
     * <p>Why: the reaper is scheduled by a connection's first release and runs 15 s later; in a ping-pong the one
     * connection is in use then, so the reaper finds nothing idle and cancels itself, and the next release schedules
     * it again through a branch ({@code TCPChannel.free}, {@code reaper == null}) the client's C2 code of
     * {@code UnicastRef.invoke} compiled as an uncommon trap. That made {@code invoke} not entrant 15 s after the
     * client's first call, inside the timed pass of the tunnelled scenarios in most runs and in none with the hour
     * (docs/measurement.md, "Three more branches first taken mid-run"). Unlike the
     * branches the harness takes at a JVM's start ({@code LateClasses}, {@code ContendedLocks}, {@code UidWrap}) this
     * one needs a reaper that has run, 15 s in. What a call does is unchanged (its connection is released to the free
     * list and reused as before); only idle connections wait longer to be closed, and the scenarios keep theirs busy.
     * Inert in JVMs without an RMI client. The papers' method and --quick keep RMI's default, as they keep HotSpot's
     * thresholds; a {@code --jvm-opt=-Dsun.rmi.transport.connectionTimeout=...} of the user's replaces it.
     */
    static final String RMI_REAPER_AFTER_THE_RUN = "-Dsun.rmi.transport.connectionTimeout=3600000";

    /**
     * The JVM options the method adds to {@code scenario}'s JVMs: none (the papers' method, --quick), or the adaptive
     * method's RMI reaper period ({@link #RMI_REAPER_AFTER_THE_RUN}) and, where the scenario asks, JIT thresholds.
     */
    public List<String> methodJvmOptions(ScenarioDescriptor scenario) {
        if (!adaptiveMethod) return List.of();
        List<String> options = new ArrayList<>();
        if (!userSets("-Dsun.rmi.transport.connectionTimeout=")) options.add(RMI_REAPER_AFTER_THE_RUN);
        double scaling = scenario.adaptiveCompileThresholdScaling();
        if (scaling != 1.0 && !userSets("-XX:CompileThresholdScaling=")) {
            options.add("-XX:CompileThresholdScaling=" + scaling);
        }
        return List.copyOf(options);
    }

    private boolean userSets(String prefix) {
        return extraOptions.stream().anyMatch(o -> o.startsWith(prefix));
    }

    /** With {@code --remote}: server JVMs in one network namespace, client JVMs in the other. */
    public JvmLauncher network(NetworkPair pair) {
        this.network = pair;
        return this;
    }

    public NetworkPair network() {
        return network;
    }

    /**
     * A per-call timeout for the clients' middleware: RMI's response timeout and the JDK HTTP client's
     * connect and read timeouts. 0: the middleware's defaults (RMI waits for ever).
     */
    public JvmLauncher callTimeout(long millis) {
        this.callTimeoutMillis = millis;
        return this;
    }

    /**
     * Agent options of a live session ({@code otlp.endpoint=...}) instead of a recording file: see {@link
     * ProfilerSettings#agentOptions(Path, java.util.Map)}.
     */
    public JvmLauncher liveAgent(java.util.Map<String, String> options) {
        this.liveAgentOptions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
        return this;
    }

    public JvmLauncher(
            Path javaHome,
            ModuleClasspath classpath,
            Path agentJar,
            ProfilerSettings profiler,
            List<String> extraOptions) {
        this.extraOptions = List.copyOf(extraOptions);
        this.javaHome = javaHome;
        this.featureVersion = featureVersion(javaHome);
        this.classpath = classpath;
        this.agentJar = agentJar;
        this.profiler = profiler;
    }

    public ChildJvm start(
            ScenarioDescriptor scenario, String label, String mainClass, List<String> args, Path recording, Path log)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        boolean serverSide = mainClass.endsWith("ServerMain");
        if (network != null) cmd.addAll(network.prefix(serverSide));
        if (pinnedCpu != null) cmd.addAll(List.of("taskset", "-c", String.valueOf(pinnedCpu)));
        cmd.add(javaHome.resolve("bin").resolve("java").toString());
        // a fixed heap keeps GC behaviour comparable between scenarios and runs
        cmd.add("-Xms256m");
        cmd.add("-Xmx256m");
        cmd.add("-Djava.rmi.server.hostname="
                + (network != null && serverSide ? network.serverAddress() : "127.0.0.1"));
        if (network != null && serverSide) cmd.add("-Dwirecost.bind.host=" + network.serverAddress());
        // HotSpot's own messages (-XX:+PrintCompilation, warnings) write to fd 1, where they would
        // interleave with the harness protocol; send them to the log instead
        cmd.add("-XX:+DisplayVMOutputToStderr");
        // names the run in the process table (its log lives in the run directory), whatever the profiler:
        // ps shows which run a JVM belongs to, and the fault tests find orphans by it
        cmd.add("-Dwirecost.log=" + log.toAbsolutePath());
        if (profiler.enabled()) {
            cmd.add("-javaagent:" + agentJar.toAbsolutePath() + "="
                    + profiler.agentOptions(recording, liveAgentOptions));
            // without it, async-profiler attributes samples to the last safepoint, not the running frame
            cmd.add("-XX:+UnlockDiagnosticVMOptions");
            cmd.add("-XX:+DebugNonSafepoints");
            if (featureVersion >= 22) cmd.add("--enable-native-access=ALL-UNNAMED"); // System.load of libasyncProfiler
        }
        if (callTimeoutMillis > 0) {
            cmd.add("-Dsun.rmi.transport.tcp.responseTimeout=" + callTimeoutMillis);
            cmd.add("-Dsun.net.client.defaultConnectTimeout=" + callTimeoutMillis);
            cmd.add("-Dsun.net.client.defaultReadTimeout=" + callTimeoutMillis);
        }
        cmd.addAll(methodJvmOptions(scenario));
        cmd.addAll(extraOptions);
        cmd.add("-cp");
        cmd.add(classpath.of(scenario.module()));
        cmd.add(mainClass);
        cmd.addAll(args);
        ChildJvm jvm = ChildJvm.start(label, cmd, log);
        if (warmupCompilerCpu() != null) CompilerThreads.move(jvm.pid(), warmupCompilerCpu, COMPILERS_APPEAR);
        return jvm;
    }

    public Path javaHome() {
        return javaHome;
    }

    public int featureVersion() {
        return featureVersion;
    }

    /** Reads JAVA_VERSION from the JDK's {@code release} file; 0 when unknown. */
    static int featureVersion(Path javaHome) {
        try {
            String release = Files.readString(javaHome.resolve("release"));
            Matcher m = Pattern.compile("JAVA_VERSION=\"(?:1\\.)?(\\d+)").matcher(release);
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }
}
