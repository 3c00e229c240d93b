package io.wirecost.runner;

import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The host's speed as a reference beside each scenario: one thread of the runner's JVM encrypting 1 KiB messages with
 * AES-256-GCM through the JCE, MB/s. It exists because this project's 2-core VM flips between two speed states within
 * minutes, in which every JVM's CPU per call rises alike, while the load average, steal and busy CPU stay as they
 * were: none of the machine's counters sees it, a fixed piece of CPU work timed beside the scenario does. AES-GCM
 * because the JDK compiles it to the same AES-NI and carry-less-multiply instructions openssl's {@code speed} uses
 * (which showed the states first), with no external program to install; one thread because the scenarios' CPU per
 * call is one core's work at a time. Run only while no scenario JVM is busy (between passes), so it measures the host,
 * not the contention. Written here because no maintained library times a fixed CPU kernel from inside a JVM without a
 * benchmark harness of its own (JMH forks JVMs and takes seconds per figure).
 */
final class HostSpeedProbe implements HostSpeedWatch.Probe {

    /**
     * Unmeasured encryption the first time: the JIT compiles the cipher's loop (intrinsics) before any figure. A
     * third of a second was not enough: the first figure after it came out well below the next ones, and the first
     * figure is the run's reference.
     */
    static final long WARMUP_NANOS = 1_500_000_000L;

    /** Each figure's span: long enough to average over the scheduler's ticks, short beside a scenario's passes. */
    static final long MEASURE_NANOS = 500_000_000L;

    private static final int MESSAGE_BYTES = 1024;

    private final Cipher cipher;
    private final SecretKeySpec key = new SecretKeySpec(new byte[32], "AES");
    private final byte[] iv = new byte[12];
    private final byte[] in = new byte[MESSAGE_BYTES];
    private final byte[] out = new byte[MESSAGE_BYTES + 16];
    private final long measureNanos;
    private boolean warm;
    /** The warm-up started beside the scenario JVMs' start ({@link #warmUpBeside}), until it is awaited. */
    private Thread warming;
    /** GCM refuses an IV used before with the same key: each message takes the next. */
    private long nonce;

    HostSpeedProbe() {
        this(MEASURE_NANOS);
    }

    /** With a shorter span for tests. */
    HostSpeedProbe(long measureNanos) {
        this.measureNanos = measureNanos;
        try {
            cipher = Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has AES/GCM/NoPadding", e);
        }
    }

    /**
     * Starts the unmeasured warm-up on a daemon thread of its own, so that it runs while the runner waits for the
     * first scenario's JVMs to start (pinned to another CPU) instead of between passes: the JIT's compiled cipher
     * serves every thread. Nothing when warm or warming.
     */
    @Override
    public void warmUpBeside() {
        if (warm || warming != null) return;
        warming = new Thread(
                () -> {
                    try {
                        encryptFor(WARMUP_NANOS);
                    } catch (GeneralSecurityException e) { // the first figure meets the same refusal and says NaN
                    }
                },
                "wirecost-host-speed-warm-up");
        warming.setDaemon(true);
        warming.start();
    }

    /** Waits for a warm-up {@link #warmUpBeside} started, if any: an interrupt is kept for the caller. */
    @Override
    public void awaitWarmUp() {
        if (warming == null) return;
        boolean interrupted = false;
        while (true) {
            try {
                warming.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        warming = null;
        warm = true;
        if (interrupted) Thread.currentThread().interrupt();
    }

    /** MB/s of one thread, warmed up the first time; NaN where the JDK refuses the cipher (it never should). */
    @Override
    public double megabytesPerSecond() {
        try {
            awaitWarmUp();
            if (!warm) {
                encryptFor(WARMUP_NANOS);
                warm = true;
            }
            long t0 = System.nanoTime();
            long messages = encryptFor(measureNanos);
            double mbps = messages * (double) MESSAGE_BYTES / (System.nanoTime() - t0) * 1e3;
            return mbps;
        } catch (GeneralSecurityException e) {
            return Double.NaN;
        }
    }

    /** Messages encrypted in {@code nanos}; a new IV each, as GCM requires for one key. */
    private long encryptFor(long nanos) throws GeneralSecurityException {
        long end = System.nanoTime() + nanos;
        long n = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 64; i++) {
                nonce++;
                for (int b = 0; b < 8; b++) iv[b] = (byte) (nonce >>> (8 * b));
                cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
                cipher.doFinal(in, 0, in.length, out, 0);
            }
            n += 64;
        }
        return n;
    }
}
