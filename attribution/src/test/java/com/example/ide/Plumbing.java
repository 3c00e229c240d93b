package com.example.ide;

import java.security.CodeSource;
import java.security.SecureClassLoader;
import java.security.cert.Certificate;

/**
 * Work of a program no rule knows (an IDE's), for SecurityPlumbingRecordingTest: outside io.wirecost, which
 * the default rules claim as the harness's own code, so that a rule walking up from these frames reaches the
 * security plumbing below them, as it did in the IDE's recording.
 */
public final class Plumbing {

    private Plumbing() {}

    /** Ordinary CPU work as an event queue runs it, adding its result to {@code into[0]}. */
    public static Runnable busyTask(long[] into) {
        return () -> into[0] += busy(into[0]);
    }

    /** Ordinary CPU work. */
    public static long busy(long seed) {
        long x = seed;
        for (int i = 0; i < 3_000_000; i++) x = x * 6364136223846793005L + 1442695040888963407L;
        return x;
    }

    /** Defines a class from its bytes {@code times} times, each in a new loader, under a protection domain. */
    public static long define(String name, byte[] bytes, int times) {
        long h = 0;
        for (int i = 0; i < times; i++) h += new Definer().define(name, bytes).hashCode();
        return h;
    }

    private static final class Definer extends SecureClassLoader {
        Definer() {
            super(null);
        }

        Class<?> define(String name, byte[] bytes) {
            return defineClass(name, bytes, 0, bytes.length, new CodeSource(null, (Certificate[]) null));
        }
    }
}
