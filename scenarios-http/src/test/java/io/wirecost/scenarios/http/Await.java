package io.wirecost.scenarios.http;

import java.util.function.LongSupplier;

/** Counters written by another process or thread (a proxy's access log) arrive a moment late. */
final class Await {

    private Await() {}

    /** The supplier's value once it reaches {@code atLeast}, or its last value after 10 s. */
    static long atLeast(long atLeast, LongSupplier value) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        long v;
        while ((v = value.getAsLong()) < atLeast && System.nanoTime() < deadline) Thread.sleep(20);
        return v;
    }
}
