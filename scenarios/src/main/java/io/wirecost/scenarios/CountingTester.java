package io.wirecost.scenarios;

import java.util.concurrent.atomic.LongAdder;

/**
 * The service with a call counter in front: servers report how many calls reached the
 * implementation, and tests prove that a rejected message (bad signature, expired timestamp) never
 * got there. A {@link LongAdder} costs a few nanoseconds per call, nothing next to a remote call.
 */
public final class CountingTester implements RTTTester {

    private final RTTTesterImpl target;
    private final Runnable injected;
    private final LongAdder invocations = new LongAdder();

    public CountingTester(RTTTesterImpl target) {
        this(target, () -> {});
    }

    /** {@code injected}: {@link InjectedWork#beforeEachCall}'s deliberate regression, run before every answer. */
    public CountingTester(RTTTesterImpl target, Runnable injected) {
        this.target = target;
        this.injected = injected;
    }

    private void count() {
        invocations.increment();
        injected.run();
    }

    public long invocations() {
        return invocations.sum();
    }

    @Override
    public int returnRTTforInt() {
        count();
        return target.returnRTTforInt();
    }

    @Override
    public short returnRTTforShort() {
        count();
        return target.returnRTTforShort();
    }

    @Override
    public long returnRTTforLong() {
        count();
        return target.returnRTTforLong();
    }

    @Override
    public float returnRTTforFloat() {
        count();
        return target.returnRTTforFloat();
    }

    @Override
    public double returnRTTforDouble() {
        count();
        return target.returnRTTforDouble();
    }

    @Override
    public boolean returnRTTforBool() {
        count();
        return target.returnRTTforBool();
    }

    @Override
    public byte returnRTTforByte() {
        count();
        return target.returnRTTforByte();
    }

    @Override
    public String returnRTTforString() {
        count();
        return target.returnRTTforString();
    }
}
