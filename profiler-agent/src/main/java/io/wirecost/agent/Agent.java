package io.wirecost.agent;

import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.ObjectName;

/**
 * Entry point of {@code -javaagent:wirecost-agent.jar=OPTIONS} (see {@link AgentOptions}) and of
 * {@code wirecost attach PID} (agentmain, see {@link AttachRequest}).
 * premain does little and catches everything: a broken agent logs one line and disables itself,
 * the host application keeps running.
 */
public final class Agent {

    public static final String OBJECT_NAME = "io.wirecost:type=Profiler";
    private static final Logger LOG = AgentLog.LOG;
    private static final long EXIT_WAIT_MS = 5_000;
    /**
     * The exit hook's wait where giving up loses nothing ({@link AgentOptions#losesNothingAtExit}): a segment
     * rotating while the JVM exits can block in JFR, whose own exit hook runs beside the agent's, and the host's exit
     * should not wait the full bound for work whose result nobody will read.
     */
    private static final long QUIET_EXIT_WAIT_MS = 1_000;

    private static ProfilerControl control;
    private static LiveSession live;
    private static Thread hook;
    /** endpoints=on: writes request boundaries beside each recording; null otherwise. */
    private static io.wirecost.agent.endpoint.RequestLogWriter requests;
    /** For the artifact map written beside each recording; null when started without one (unit tests). */
    private static volatile Instrumentation instrumentation;

    private Agent() {}

    public static void premain(String args, Instrumentation inst) {
        instrumentation = inst;
        start(args);
    }

    /** Loaded (once, or again) through the Attach API: a {@code command=} from the CLI, or plain options. */
    public static void agentmain(String args, Instrumentation inst) {
        instrumentation = inst;
        if (AttachRequest.is(args)) AttachRequest.handle(args);
        else start(args);
    }

    static synchronized void start(String args) {
        if (control != null) return; // attached twice: keep the first
        try {
            install(args);
        } catch (Throwable t) {
            LOG.log(Level.WARNING, "wirecost agent disabled: " + t.getMessage());
        }
    }

    /** Installs the agent with these options; throws (after cleaning up) when it cannot. */
    static synchronized void install(String args) throws Exception {
        LiveSession session = null;
        try {
            AgentOptions options = AgentOptions.parse(args);
            ProfilerControl c = new ProfilerControl(options);
            if (options.endpoints()) endpoints(options, c);
            session = options.live() ? LiveSession.open(options, c) : null;
            if (session != null) c.liveSession(session::startSegmented, session::profilesSent);
            ManagementFactory.getPlatformMBeanServer().registerMBean(c, new ObjectName(OBJECT_NAME));
            control = c;
            live = session;
            if (options.startNow()) {
                if (session != null) session.startSegmented();
                else if (options.windowed()) RecordingWindow.schedule(c, options.fromNs(), options.toNs());
                else if (options.keepsRecording()) c.start("");
                // else: metrics were asked for, the port was taken and no file= was given: nothing to record into
            }
            if (options.factsBeside()) ProcessFacts.writeBeside(options.recordingFile());
            LiveSession s = session;
            hook = new Thread(() -> exit(c, s), "wirecost-agent-shutdown");
            hook.setDaemon(true);
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (Throwable t) {
            if (session != null) session.close(); // no endpoint or thread of a disabled agent stays behind
            control = null;
            live = null;
            throw t;
        }
    }

    /**
     * Installs the request boundaries. The profiler runs on without them when they cannot be installed (no
     * Instrumentation, a JVM that refuses to retransform): one warning says so.
     */
    private static void endpoints(AgentOptions options, ProfilerControl c) {
        Instrumentation inst = instrumentation;
        if (inst == null) {
            LOG.warning("wirecost agent: endpoints=on needs the agent's Instrumentation; no request boundaries");
            return;
        }
        try {
            if (requests == null) {
                io.wirecost.agent.endpoint.EndpointInstrumentation.install(inst, options.maxEndpoints());
                requests = new io.wirecost.agent.endpoint.RequestLogWriter(new AgentThreads().factory("requests"));
            }
            c.requestLog(requests);
        } catch (Throwable t) {
            LOG.warning("wirecost agent: no request boundaries (endpoints=on): " + t);
        }
    }

    /**
     * Undoes {@link #install}: stops the profiler, closes the metrics endpoint, unregisters the MBean and
     * the shutdown hook. The classes (and async-profiler's native library) stay loaded: the JVM cannot
     * unload them, but nothing of the agent runs any more.
     */
    static synchronized void uninstall() {
        if (control == null) return;
        ProfilerControl c = control;
        c.exiting(); // no rotation starts the profiler again
        c.shutdown();
        if (live != null) live.close();
        try {
            ManagementFactory.getPlatformMBeanServer().unregisterMBean(new ObjectName(OBJECT_NAME));
        } catch (Exception e) {
            // not registered: nothing to undo
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is exiting: the hook runs anyway and finds the profiler stopped
        }
        control = null;
        live = null;
        hook = null;
    }

    static Instrumentation instrumentation() {
        return instrumentation;
    }

    static synchronized ProfilerControl control() {
        return control;
    }

    static synchronized LiveSession live() {
        return live;
    }

    /**
     * The shutdown hook's work, bounded: the JVM waits for every hook, so a profiler call that hangs
     * while the JVM exits (JDK 25's JFR blocks a recording started during shutdown) must not keep the
     * host alive. After the bound the work is abandoned in its daemon thread and the JVM exits.
     */
    private static void exit(ProfilerControl c, LiveSession session) {
        c.exiting();
        Thread work = new Thread(
                () -> {
                    c.shutdownAtJvmExit();
                    if (session != null) session.close();
                },
                "wirecost-agent-exit");
        work.setDaemon(true);
        work.start();
        boolean nothingToLose = c.losesNothingAtExit();
        try {
            work.join(nothingToLose ? QUIET_EXIT_WAIT_MS : EXIT_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (work.isAlive() && !nothingToLose)
            AgentLog.warnAtExit(
                    "wirecost agent: profiler did not stop within " + EXIT_WAIT_MS / 1000 + " s at exit; left behind");
    }
}
