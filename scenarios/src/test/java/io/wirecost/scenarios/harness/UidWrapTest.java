package io.wirecost.scenarios.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.rmi.server.UID;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link UidWrap} wraps UID's counter, and a JVM that wrapped it first does not throw the constructor's compiled code
 * away at the next wrap: a fresh JVM, its compilations logged by the JVM itself.
 */
class UidWrapTest {

    private static final String CONSTRUCTOR = "java.rmi.server.UID::<init>";

    @TempDir
    Path tmp;

    @Test
    void twoTurnsOfTheCounterWrapItAtLeastOnce() {
        UidWrap.Seen seen = UidWrap.take(UidWrap.UIDS);
        assertEquals(UidWrap.UIDS, seen.uids());
        // the counter is read every READ_EVERY UIDs: a wrap between two reads is still seen, once
        assertTrue(seen.wraps() >= 1 && seen.wraps() <= 2, "wraps seen: " + seen);
        assertTrue(UidWrap.take(1_000).wraps() <= 1, "a thousand UIDs wrap at most once");
    }

    /** Without it, the first wrap makes the constructor's C2 code not entrant: what the early wrap is for. */
    @Test
    void aFirstWrapThrowsTheConstructorsCompiledCodeAwayWithoutIt() throws Exception {
        assertTrue(notEntrantAtTheWrap("none", tmp.resolve("none.log")).contains(CONSTRUCTOR));
    }

    /**
     * Judged over three probe JVMs, two of which must keep the code: the JIT's decisions depend on when its compiler
     * threads run, and now and then one JVM recompiles the constructor at its next wrap even after the early one.
     */
    @Test
    void afterItTheNextWrapKeepsTheConstructorsCompiledCode() throws Exception {
        List<List<String>> probes = new ArrayList<>();
        for (int i = 0; i < 3; i++) probes.add(notEntrantAtTheWrap("early", tmp.resolve("early-" + i + ".log")));
        long thrownAway = probes.stream().filter(p -> p.contains(CONSTRUCTOR)).count();
        assertTrue(thrownAway <= 1, "made not entrant in " + thrownAway + " of 3 JVMs: " + probes);
    }

    /** The C2 (tier 4) methods the probe JVM made not entrant while its counter wrapped. */
    private static List<String> notEntrantAtTheWrap(String mode, Path log) throws Exception {
        return ProbeJvm.c2MadeNotEntrant(ProbeJvm.linesBetween(
                UidProbe.class,
                List.of(
                        "-XX:+PrintCompilation",
                        "-XX:CompileCommand=quiet",
                        // compiled standalone, so that its C2 code is there to be thrown away whichever
                        // method the JIT would have inlined it into (UnicastServerRef.dispatch in a server)
                        "-XX:CompileCommand=dontinline,java.rmi.server.UID::<init>"),
                List.of(mode),
                UidProbe.MARK,
                UidProbe.END,
                log));
    }

    /**
     * {@code UidProbe early|none}: UIDs made until C2 has compiled the constructor and the counter is a thousand short
     * of wrapping, a mark, then two thousand more.
     */
    public static final class UidProbe {
        static final String MARK = "WRAPPING";
        static final String END = "WRAPPED";

        public static void main(String[] args) throws Exception {
            if (args[0].equals("early")) UidWrap.take();
            int made = 0;
            while (made < 20_000 || UidWrap.count(new UID()) != Short.MAX_VALUE - 1_000) made++;
            Thread.sleep(1000); // the compile queue drains
            System.out.println(MARK);
            System.out.flush();
            int wraps = 0;
            int last = Integer.MIN_VALUE;
            for (int i = 0; i < 2_000; i++) {
                int count = UidWrap.count(new UID());
                if (count < last) wraps++;
                last = count;
            }
            Thread.sleep(300); // recompilations logged
            System.out.println(END + " wraps " + wraps);
            System.out.flush();
        }
    }
}
