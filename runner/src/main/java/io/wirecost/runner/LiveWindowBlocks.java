package io.wirecost.runner;

import io.wirecost.scenarios.harness.Protocol;
import java.time.Duration;

/**
 * The blocks of {@code bench overhead}'s {@code +otlp} settings: what a fleet host pays for the agent's live session,
 * sampling and exporting each window over OTLP, at the agent's default window.
 *
 * <p>Why blocks of a whole window: the session's cost is not spread evenly in time. Sampling costs a little all
 * the time, but at each window's end the agent stops and restarts the profiler, reads and classifies the window,
 * encodes it and sends it, a burst once per window. Blocks of a second within a window of ten would each hold
 * that burst or not, and blocks that start and stop a recording would move it outside the timed calls (the
 * recording is read after the stop). So an on-block here is one window of a live session as {@code start=now}
 * runs it: started through the MBean, its clock starting then, timed calls run back to back until the window has
 * ended and both JVMs' agents have had its profile accepted by the receiver. The burst thus falls inside the timed
 * calls once per window, as it does in a host; the on-block runs on by at most one sub-block of calls past the
 * window, which dilutes the burst's share by that much, no more. An off-block is the same length of timed calls
 * with profiling off. Each block's mean round trip then goes to the same statistics as the other settings' blocks.
 * The session's stop after each on-block sends its short last window too; that export is waited for before the
 * next block, so its cost falls in no timed call.
 */
final class LiveWindowBlocks {

    /** How long a stopped session's last window may take to be accepted before the next block starts anyway. */
    private static final Duration LAST_WINDOW_WAIT = Duration.ofSeconds(5);

    private final int callsPerBlock;
    private final Duration window;
    private long profilesSent;

    LiveWindowBlocks(int callsPerBlock, Duration window) {
        this.callsPerBlock = callsPerBlock;
        this.window = window;
    }

    /** Profiles both agents had accepted, over all the blocks so far. */
    long profilesSent() {
        return profilesSent;
    }

    /** One block of about a window's length: profiled as a live session or not; its mean round trip, µs. */
    double block(ChildJvm server, ChildJvm client, boolean on) throws Exception {
        Duration t = Duration.ofSeconds(60 + callsPerBlock / 200);
        long start = System.nanoTime();
        long[] before = null;
        if (on) {
            before = sent(server, client, t);
            started(server.call(new Protocol.ProfileStartLive(), t));
            started(client.call(new Protocol.ProfileStartLive(), t));
        }
        // settle after switching, as the other blocks do
        client.call(new Protocol.Measure(1, Math.max(100, callsPerBlock / 10), "int"), t);
        long giveUp = start + 3 * window.toNanos() + Duration.ofSeconds(30).toNanos();
        long nanos = 0;
        long calls = 0;
        while (true) {
            Protocol.Measured m = client.call(new Protocol.Measure(1, callsPerBlock, "int"), t);
            nanos += m.batchNanos().get("int")[0];
            calls += callsPerBlock;
            if (System.nanoTime() - start < window.toNanos()) continue;
            if (!on || atLeast(sent(server, client, t), before, 1)) break;
            if (System.nanoTime() > giveUp)
                throw new IllegalStateException("no window's profile was accepted within "
                        + Duration.ofNanos(giveUp - start).toSeconds()
                        + " s: is the OTLP endpoint a receiver of OTLP/HTTP profiles? (see the scenario JVMs' logs)");
        }
        if (on) {
            server.call(new Protocol.ProfileStop(), t);
            client.call(new Protocol.ProfileStop(), t);
            long end = System.nanoTime() + LAST_WINDOW_WAIT.toNanos();
            long[] now;
            while (!atLeast(now = sent(server, client, t), before, 2) && System.nanoTime() < end) Thread.sleep(20);
            profilesSent += now[0] - before[0] + now[1] - before[1];
        }
        return nanos / 1000.0 / calls;
    }

    /** Profiles accepted from the server's agent and from the client's. */
    private static long[] sent(ChildJvm server, ChildJvm client, Duration t) throws Exception {
        long[] n = {
            server.call(new Protocol.ProfilesSent(), t).profiles(),
            client.call(new Protocol.ProfilesSent(), t).profiles()
        };
        if (n[0] < 0 || n[1] < 0) throw new IllegalStateException("the scenario JVMs' agents export no OTLP profiles");
        return n;
    }

    /** Whether each JVM's agent has had at least {@code more} profiles accepted since {@code before}. */
    private static boolean atLeast(long[] now, long[] before, int more) {
        return now[0] >= before[0] + more && now[1] >= before[1] + more;
    }

    private static void started(Protocol.ProfileStarted s) {
        if (s.profiler().startsWith("error") || s.profiler().equals("none"))
            throw new IllegalStateException("the agent's live session did not start: " + s.profiler());
    }
}
