package io.wirecost.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What {@code wirecost attach} asks of an agent it loads (or loads again) into a running JVM. The request
 * is the agent's option string with a few {@code attach.*} keys added:
 *
 * <pre>
 * attach.command=start,attach.reply=/out/reply-1,attach.dir=/out/recordings,attach.stop-after=40s,event=itimer,...
 * attach.command=stop,attach.reply=/out/reply-2
 * attach.command=detach,attach.reply=/out/reply-3
 * </pre>
 *
 * The answer goes to the reply file as {@code key=value} lines ({@code status=ok} or
 * {@code status=error} with {@code message=}), because the Attach API carries no text back from
 * agentmain. Nothing here throws into the target: every failure becomes a reply.
 *
 * <p>{@code attach.stop-after} is a safety net: when the CLI dies before it sends stop (killed, machine
 * suspended), the profiler stops on its own, so the target never keeps profiling because of wirecost.
 */
final class AttachRequest {

    private static final String PREFIX = "attach.";
    private static final AtomicLong GENERATION = new AtomicLong();
    /** The running session's safety stop; interrupted by stop and detach, so no agent thread outlives its use. */
    private static Thread timer;
    /** The file the live session copies its segments to, for the artifact map at stop. */
    private static Path tapped;

    private AttachRequest() {}

    static boolean is(String args) {
        return args != null && args.startsWith(PREFIX + "command=");
    }

    static void handle(String args) {
        Map<String, String> attach = new LinkedHashMap<>();
        List<String> rest = new ArrayList<>();
        for (String kv : args.split(",")) {
            int eq = kv.indexOf('=');
            if (kv.startsWith(PREFIX) && eq > 0) attach.put(kv.substring(PREFIX.length(), eq), kv.substring(eq + 1));
            else if (!kv.isBlank()) rest.add(kv);
        }
        Map<String, String> reply = new LinkedHashMap<>();
        try {
            switch (attach.getOrDefault("command", "")) {
                case "start" -> start(attach, String.join(",", rest), reply);
                case "stop" -> stop(reply);
                case "detach" -> {
                    cancelTimer();
                    Agent.uninstall();
                    reply.put("status", "ok");
                }
                default -> throw new IllegalArgumentException("unknown attach.command '" + attach.get("command") + "'");
            }
        } catch (Throwable t) {
            reply.clear();
            reply.put("status", "error");
            reply.put(
                    "message",
                    String.valueOf(t.getMessage()).lines().findFirst().orElse(""));
        }
        String to = attach.get("reply");
        if (to != null) write(Path.of(to), reply);
    }

    private static void start(Map<String, String> attach, String options, Map<String, String> reply) throws Exception {
        Path file = Path.of(require(attach, "dir")).resolve(ProcessFacts.name() + ".jfr");
        ProcessFacts.writeBeside(file);
        long stopAfterNs = Durations.parse("attach.stop-after", require(attach, "stop-after"));
        boolean metrics = options.contains("metrics.port=");
        synchronized (Agent.class) {
            ProfilerControl c = Agent.control();
            if (c != null && Agent.live() == null && !c.running()) {
                Agent.uninstall(); // idle from an earlier attach: take this request's event, interval and metrics
                c = null;
            }
            if (c == null) {
                Agent.install(options + (options.isEmpty() ? "" : ",") + "start=" + (metrics ? "now" : "manual"));
                c = Agent.control();
                if (metrics && Agent.live() == null) {
                    Agent.uninstall();
                    throw new IllegalStateException(
                            "the metrics port is taken in the target JVM (see its log); nothing was started");
                }
            }
            LiveSession live = Agent.live();
            long generation = GENERATION.incrementAndGet();
            if (live != null) {
                live.tap(file);
                tapped = file;
            } else {
                if (c.running())
                    throw new IllegalStateException(
                            "the wirecost agent in this JVM is already profiling (" + c.getStatus() + ")");
                String started = c.start(file.toString());
                if (started.startsWith("error")) throw new IllegalStateException(started);
            }
            reply.put("status", "ok");
            reply.put("file", file.toString());
            reply.put("engine", c.engineName());
            reply.put("event", c.engineEvent());
            reply.put("live_metrics", live == null ? "" : String.valueOf(live.port()));
            safetyStop(generation, stopAfterNs);
        }
    }

    private static void stop(Map<String, String> reply) throws Exception {
        GENERATION.incrementAndGet(); // this session's safety stop has nothing left to do
        cancelTimer();
        stopNow();
        reply.put("status", "ok");
    }

    private static void stopNow() throws Exception {
        synchronized (Agent.class) {
            LiveSession live = Agent.live();
            ProfilerControl c = Agent.control();
            if (live != null) {
                live.untap();
                if (tapped != null && Agent.instrumentation() != null)
                    ArtifactMap.writeBeside(tapped, Agent.instrumentation());
                tapped = null;
            } else if (c != null) c.stop();
        }
    }

    private static void safetyStop(long generation, long afterNs) {
        Thread t = new Thread(
                () -> {
                    try {
                        Thread.sleep(afterNs / 1_000_000);
                        if (GENERATION.get() == generation) {
                            AgentLog.LOG.warning(
                                    "wirecost agent: no stop from wirecost attach in time; stopping the profiler");
                            stopNow();
                        }
                    } catch (Throwable e) {
                        // interrupted or failed: the JVM's exit hook still stops the profiler
                    }
                },
                "wirecost-agent-attach-timeout");
        t.setDaemon(true);
        cancelTimer();
        synchronized (AttachRequest.class) {
            timer = t;
        }
        t.start();
    }

    private static synchronized void cancelTimer() {
        if (timer != null) timer.interrupt();
        timer = null;
    }

    private static String require(Map<String, String> attach, String key) {
        String v = attach.get(key);
        if (v == null || v.isBlank()) throw new IllegalArgumentException("attach." + key + " is missing");
        return v;
    }

    private static void write(Path to, Map<String, String> reply) {
        StringBuilder sb = new StringBuilder();
        reply.forEach(
                (k, v) -> sb.append(k).append('=').append(v.replace('\n', ' ')).append('\n'));
        try {
            Path tmp = to.resolveSibling(to.getFileName() + ".tmp");
            Files.writeString(tmp, sb, StandardCharsets.UTF_8);
            Files.move(tmp, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            AgentLog.LOG.warning("wirecost agent: cannot write the reply to " + to + ": " + e.getMessage());
        }
    }
}
