package io.wirecost.scenarios;

import java.util.concurrent.atomic.LongAdder;

/**
 * The service with a call counter in front: servers report how many calls reached the
 * implementation, and tests prove that a rejected message (bad signature, expired timestamp) never
 * got there. A {@link LongAdder} costs a few nanoseconds per call, nothing next to a remote call.
 */
public final class CountingTester implements RTTTester {

    private final RTTTesterImpl target;
    private final LongAdder invocations = new LongAdder();

    public CountingTester(RTTTesterImpl target) {
        this.target = target;
    }

    public long invocations() {
        return invocations.sum();
    }

    @Override public int returnRTTforInt() { invocations.increment(); return target.returnRTTforInt(); }
    @Override public short returnRTTforShort() { invocations.increment(); return target.returnRTTforShort(); }
    @Override public long returnRTTforLong() { invocations.increment(); return target.returnRTTforLong(); }
    @Override public float returnRTTforFloat() { invocations.increment(); return target.returnRTTforFloat(); }
    @Override public double returnRTTforDouble() { invocations.increment(); return target.returnRTTforDouble(); }
    @Override public boolean returnRTTforBool() { invocations.increment(); return target.returnRTTforBool(); }
    @Override public byte returnRTTforByte() { invocations.increment(); return target.returnRTTforByte(); }
    @Override public String returnRTTforString() { invocations.increment(); return target.returnRTTforString(); }
}
