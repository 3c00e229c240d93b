package io.wirecost.scenarios;

import java.util.concurrent.atomic.LongAdder;

/**
 * The service with a call counter in front: servers report how many calls reached the
 * implementation, and tests prove that a rejected message (bad signature, expired timestamp) never
 * got there. A {@link LongAdder} costs a few nanoseconds per call, nothing next to a remote call.
 */
public final class CountingTester implements RTTTester {

    private final RTTTesterImpl target;
    private final InjectedWork.Work injected;
    private final LongAdder invocations = new LongAdder();

    public CountingTester(RTTTesterImpl target) {
        this(target, op -> {});
    }

    /** {@code injected}: {@link InjectedWork#beforeEachCall}'s deliberate regression, run before every answer. */
    public CountingTester(RTTTesterImpl target, InjectedWork.Work injected) {
        this.target = target;
        this.injected = injected;
    }

    /** The service a scenario's server answers with: its string length, and the regression injected by the config. */
    public static CountingTester serving(ScenarioConfig config) {
        return new CountingTester(new RTTTesterImpl(config.stringLength()), InjectedWork.beforeEachCall(config));
    }

    private void count(Operation operation) {
        invocations.increment();
        injected.before(operation.label());
    }

    public long invocations() {
        return invocations.sum();
    }

    @Override
    public int returnRTTforInt() {
        count(Operation.INT);
        return target.returnRTTforInt();
    }

    @Override
    public short returnRTTforShort() {
        count(Operation.SHORT);
        return target.returnRTTforShort();
    }

    @Override
    public long returnRTTforLong() {
        count(Operation.LONG);
        return target.returnRTTforLong();
    }

    @Override
    public float returnRTTforFloat() {
        count(Operation.FLOAT);
        return target.returnRTTforFloat();
    }

    @Override
    public double returnRTTforDouble() {
        count(Operation.DOUBLE);
        return target.returnRTTforDouble();
    }

    @Override
    public boolean returnRTTforBool() {
        count(Operation.BOOLEAN);
        return target.returnRTTforBool();
    }

    @Override
    public byte returnRTTforByte() {
        count(Operation.BYTE);
        return target.returnRTTforByte();
    }

    @Override
    public String returnRTTforString() {
        count(Operation.STRING);
        return target.returnRTTforString();
    }
}
