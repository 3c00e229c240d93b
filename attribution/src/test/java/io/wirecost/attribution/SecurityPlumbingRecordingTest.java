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
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(2));
            r.start();
            // by work done, not by wall time: on a loaded machine (CI, other builds) two seconds of wall time may
            // give the busy threads a handful of samples; 40 s bounds it
            // four megabytes hashed a round: most of a digest runs in the JIT's SHA intrinsic, where the sampler cannot
            // walk the stack, and with 64 KB a fresh-clone CI kept no crypto sample at all
            byte[] data = new byte[1 << 22];
            long start = System.nanoTime();
            for (int round = 0; round < 400 && System.nanoTime() - start < 40_000_000_000L; round++) {
                EventQueue.invokeAndWait(Plumbing.busyTask(sink));
                sink[0] += Plumbing.define(name, bytes, 20);
                sink[0] += java.security.MessageDigest.getInstance("SHA-256").digest(data)[0];
            }
            r.stop();
            r.dump(file);
        }
        RuleSet rules = RuleSet.defaults();
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
        String seen = plumbed[0] + " samples below the plumbing; by category " + byCategory + " (" + sink[0] + ")";
        System.out.println(seen);
        assertTrue(plumbed[0] >= 20, "too few samples below the plumbing to judge: " + seen);
        assertEquals(0L, byCategory.getOrDefault("below-plumbing:crypto", 0L), seen);
        // the EDT's work is the fallback's (no rule knows com.example), the loader's the test's that calls it
        long theirs = byCategory.getOrDefault("below-plumbing:other", 0L)
                + byCategory.getOrDefault("below-plumbing:application", 0L);
        assertTrue(theirs >= plumbed[0] * 3 / 4, seen);
        assertTrue(byCategory.getOrDefault("crypto", 0L) > 0, "MessageDigest is still crypto: " + seen);
    }
}
