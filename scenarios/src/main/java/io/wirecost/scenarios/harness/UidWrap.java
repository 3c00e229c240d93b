package io.wirecost.scenarios.harness;

import java.rmi.server.UID;

/**
 * The first wrap of {@link UID}'s 16-bit counter, taken by the server JVM at its start rather than after its
 * 65,536th RMI call.
 *
 * <p>Why: an RMI server makes a {@code UID} for every call's return (the acknowledgement id of
 * {@code ConnectionOutputStream}), and {@code UID}'s constructor takes its rare branch, the counter wrapping, once
 * every 65,536 of them. C2 compiles {@code UnicastServerRef.dispatch} with the constructor inlined and that branch as
 * an uncommon trap, since the warm-up never took it; the 65,536th call then made {@code dispatch} not entrant and it
 * ran in lower tiers until C2 compiled it again ({@code -XX:+LogCompilation}: {@code unstable_if} at bci 46 of
 * {@code UID.<init>}). The tunnelled scenarios reach 65,536 calls a few seconds into their timed pass, in the first
 * data type measured, whose figure then came out dearer than when it was measured again after the pass
 * (docs/measurement.md, "Three more branches first taken mid-run"). A server that has served a while has wrapped
 * the counter; wrapping it first measures that steady state without touching what RMI does per call. Harmless where
 * no RMI runs: a fraction of a second at the server JVM's start, most of it seeding the {@code SecureRandom} every
 * {@code UID} needs.
 */
final class UidWrap {

    /**
     * UIDs made: two full turns of the counter, so that the wrap is taken at least once even if another thread makes
     * UIDs meanwhile.
     */
    static final int UIDS = 2 * 65_536;

    /** What {@link #take} saw: UIDs made, and how many times their count went down (a wrap). */
    record Seen(int uids, int wraps) {}

    private UidWrap() {}

    /**
     * The counter is read every this many UIDs (and at the last): reading every one through {@code toString} and
     * {@code parseInt} cost an interpreted server JVM many times what making the UIDs does. Fewer than a turn apart, so a count lower than the one read before is a wrap.
     */
    static final int READ_EVERY = 4096;

    /** Makes {@code uids} UIDs, counting the wraps seen in their counts (read every {@link #READ_EVERY}). */
    static Seen take(int uids) {
        int wraps = 0;
        int last = Integer.MIN_VALUE;
        for (int i = 0; i < uids; i++) {
            UID uid = new UID();
            if (i % READ_EVERY != 0 && i != uids - 1) continue;
            int count = count(uid);
            if (count < last) wraps++;
            last = count;
        }
        return new Seen(uids, wraps);
    }

    /** {@link #take(int)} with {@link #UIDS}, once at a server JVM's start. */
    static Seen take() {
        return take(UIDS);
    }

    /** The counter of a UID: the last field of its {@code toString} ({@code unique:time:count}, hexadecimal). */
    static int count(UID uid) {
        String s = uid.toString();
        return Integer.parseInt(s.substring(s.lastIndexOf(':') + 1), 16);
    }
}
