package io.wirecost.scenarios.http;

import java.rmi.server.Unreferenced;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts, and notices when the distributed garbage collector says no client holds it any more. */
final class CounterImpl implements Counter, Unreferenced {

    final CountDownLatch unreferenced = new CountDownLatch(1);
    private final AtomicInteger value = new AtomicInteger();

    @Override
    public int increment() {
        return value.incrementAndGet();
    }

    @Override
    public void unreferenced() {
        unreferenced.countDown();
    }
}
