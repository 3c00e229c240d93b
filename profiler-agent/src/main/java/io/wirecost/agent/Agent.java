package io.wirecost.agent;

import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.ObjectName;

/**
 * Entry point of {@code -javaagent:wirecost-agent.jar=OPTIONS} (see {@link AgentOptions}).
 * premain does little and catches everything: a broken agent logs one line and disables itself,
 * the host application keeps running.
 */
public final class Agent {

    public static final String OBJECT_NAME = "io.wirecost:type=Profiler";
    private static final Logger LOG = AgentLog.LOG;
    private static final long EXIT_WAIT_MS = 5_000;
    private static ProfilerControl control;

    private Agent() {
    }

    public static void premain(String args, Instrumentation inst) {
        start(args);
    }

    public static void agentmain(String args, Instrumentation inst) {
        start(args);
    }

    static synchronized void start(String args) {
        if (control != null) return;   // attached twice: keep the first
        LiveSession live = null;
        try {
            AgentOptions options = AgentOptions.parse(args);
            ProfilerControl c = new ProfilerControl(options);
            live = options.metrics() == null ? null : LiveSession.open(options, c);
            ManagementFactory.getPlatformMBeanServer().registerMBean(c, new ObjectName(OBJECT_NAME));
            control = c;
            if (options.startNow()) {
                if (live != null) live.startSegmented();
                else if (options.keepsRecording()) c.start("");
                // else: metrics were asked for, the port was taken and no file= was given: nothing to record into
            }
            LiveSession session = live;
            Thread hook = new Thread(() -> exit(c, session), "wirecost-agent-shutdown");
            hook.setDaemon(true);
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (Throwable t) {
            if (live != null) live.close();   // no endpoint or thread of a disabled agent stays behind
            LOG.log(Level.WARNING, "wirecost agent disabled: " + t.getMessage());
        }
    }

    /**
     * The shutdown hook's work, bounded: the JVM waits for every hook, so a profiler call that hangs
     * while the JVM exits (JDK 25's JFR blocks a recording started during shutdown) must not keep the
     * host alive. After the bound the work is abandoned in its daemon thread and the JVM exits.
     */
    private static void exit(ProfilerControl c, LiveSession session) {
        c.exiting();
        Thread work = new Thread(() -> {
            c.shutdown();
            if (session != null) session.close();
        }, "wirecost-agent-exit");
        work.setDaemon(true);
        work.start();
        try {
            work.join(EXIT_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (work.isAlive()) LOG.warning("wirecost agent: profiler did not stop within " + EXIT_WAIT_MS / 1000 + " s at exit; left behind");
    }
}
