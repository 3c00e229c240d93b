package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.ide.Plumbing;
import java.awt.EventQueue;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An IDE's recording put a quarter of its CPU in crypto: AWT's event queue runs every event through
 * {@code ProtectionDomain$JavaSecurityAccessImpl.doIntersectionPrivilege}, and class loading passes through
 * {@code SecureClassLoader.defineClass}, both in {@code java.security}, which the crypto rule claimed whole.
 * This JVM does both under JFR's execution sampler (AWT headless, as on CI) and no sample below such a frame
 * may land in crypto: their work is the code they run ({@link Plumbing}, which no rule knows). Hashing stays
 * crypto.
 */
class SecurityPlumbingRecordingTest {

    @TempDir
    Path dir;

    @Test
    void eventQueueAndClassLoadingAreNotCrypto() throws Exception {
        System.setProperty("java.awt.headless", "true");
        String name = Plumbing.class.getName();
        byte[] bytes;
        try (InputStream in = Plumbing.class.getResourceAsStream("/" + name.replace('.', '/') + ".class")) {
            bytes = in.readAllBytes();
        }
        Path file = dir.resolve("plumbing.jfr");
        long[] sink = new long[1];
        RuleSet rules = RuleSet.defaults();
        Classified c;
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(2));
            r.start();
            // four megabytes hashed a round: most of a digest runs in the JIT's SHA intrinsic, where the sampler cannot
            // walk the stack, and with 64 KB a fresh-clone CI kept no crypto sample at all
            byte[] data = new byte[1 << 22];
            // until the sampler has kept 40 samples below the plumbing and 20 in crypto, in blocks of 50 rounds (40 s
            // at most), not for a fixed 400 rounds: a CI machine's JFR sampler has kept an eighth of what this one
            // keeps, which would leave about 5 crypto samples (37 to 41 here) and 'crypto > 0' to luck
            long giveUp = System.nanoTime() + 40_000_000_000L;
            do {
                for (int round = 0; round < 50; round++) {
                    EventQueue.invokeAndWait(Plumbing.busyTask(sink));
                    sink[0] += Plumbing.define(name, bytes, 20);
                    sink[0] +=
                            java.security.MessageDigest.getInstance("SHA-256").digest(data)[0];
                }
                r.dump(file);
                c = classify(file, rules);
            } while ((c.plumbed() < 40 || c.byCategory().getOrDefault("crypto", 0L) < 20)
                    && System.nanoTime() < giveUp);
            r.stop();
            r.dump(file);
        }
        c = classify(file, rules);
        long plumbed = c.plumbed();
        Map<String, Long> byCategory = c.byCategory();
        String seen = plumbed + " samples below the plumbing; by category " + byCategory + " (" + sink[0] + ")";
        System.out.println(seen);
        assertTrue(plumbed >= 20, "too few samples below the plumbing to judge: " + seen);
        assertEquals(0L, byCategory.getOrDefault("below-plumbing:crypto", 0L), seen);
        // the EDT's work is the fallback's (no rule knows com.example), the loader's the test's that calls it
        long theirs = byCategory.getOrDefault("below-plumbing:other", 0L)
                + byCategory.getOrDefault("below-plumbing:application", 0L);
        assertTrue(theirs >= plumbed * 3 / 4, seen);
        assertTrue(byCategory.getOrDefault("crypto", 0L) > 0, "MessageDigest is still crypto: " + seen);
    }

    /** Samples by category, and those below a plumbing frame also as below-plumbing:category. */
    private record Classified(long plumbed, Map<String, Long> byCategory) {}

    private static Classified classify(Path file, RuleSet rules) throws RecordingException {
        Map<String, Long> byCategory = new TreeMap<>();
        long[] plumbed = new long[1];
        SampleSink classify = FramesSink.of((frames, thread, weight) -> {
            boolean below = false;
            for (int i = 1; i < frames.size(); i++) {
                String s = frames.get(i).toString();
                below |= s.contains("doIntersectionPrivilege") || s.contains("SecureClassLoader");
            }
            String category = rules.category(rules.classify(frames, thread)).name();
            byCategory.merge(category, weight, Long::sum);
            if (below) {
                plumbed[0] += weight;
                byCategory.merge("below-plumbing:" + category, weight, Long::sum);
            }
        });
        new RecordingReader(SampleMode.CPU).read(file, classify);
        return new Classified(plumbed[0], byCategory);
    }
}
