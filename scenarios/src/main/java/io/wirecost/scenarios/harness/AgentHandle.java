package io.wirecost.scenarios.harness;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Talks to the wirecost profiler agent of this JVM through its MBean, so that scenarios need no
 * compile-time link to the agent, and run unchanged when no agent is attached.
 */
final class AgentHandle {

    private static final String NAME = "io.wirecost:type=Profiler";
    private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();

    private AgentHandle() {}

    /**
     * The commands every scenario JVM answers alike, client or server (the profiler's control and the count of
     * loaded classes): registered in one place, so that the two sides never drift apart.
     */
    static CommandLoop answer(CommandLoop loop) {
        return loop.on(Protocol.ProfileStart.class, r -> new Protocol.ProfileStarted(start(r.recording())))
                .on(Protocol.ProfileStartLive.class, r -> new Protocol.ProfileStarted(startLive()))
                .on(Protocol.ProfilesSent.class, r -> new Protocol.SentCount(profilesSent()))
                .on(Protocol.ProfileStop.class, r -> new Protocol.ProfileStopped(stop()))
                .on(Protocol.Samples.class, r -> new Protocol.SampleCount(samples()))
                .on(Protocol.Classes.class, r -> JvmFacts.classesLoaded());
    }

    static String start(String file) throws Exception {
        return invoke("start", file);
    }

    static String startLive() throws Exception {
        return invoke("startLive", null);
    }

    /** Profiles the agent's OTLP export has had accepted, or -1 (no agent, or no export). */
    static long profilesSent() throws Exception {
        ObjectName name = agent();
        return name == null ? -1 : ((Number) SERVER.getAttribute(name, "ProfilesSent")).longValue();
    }

    static String stop() throws Exception {
        return invoke("stop", null);
    }

    /** Samples the agent's profiler has taken since it started, or -1 (no agent, or it does not count them). */
    static long samples() throws Exception {
        ObjectName name = agent();
        return name == null ? -1 : ((Number) SERVER.getAttribute(name, "Samples")).longValue();
    }

    private static String invoke(String operation, String arg) throws Exception {
        ObjectName name = agent();
        if (name == null) return "none";
        Object[] params = arg == null ? new Object[0] : new Object[] {arg};
        String[] sig = arg == null ? new String[0] : new String[] {String.class.getName()};
        return String.valueOf(SERVER.invoke(name, operation, params, sig));
    }

    /** The agent's MBean, or null where no agent registered one. */
    private static ObjectName agent() throws Exception {
        ObjectName name = new ObjectName(NAME);
        return SERVER.isRegistered(name) ? name : null;
    }
}
