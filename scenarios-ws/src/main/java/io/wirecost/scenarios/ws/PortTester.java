package io.wirecost.scenarios.ws;

import io.wirecost.scenarios.RTTTester;

/** A JAX-WS port seen as an {@link RTTTester}, so {@code Answers.bind} checks its answers like every transport's. */
record PortTester(RttPort port) implements RTTTester {
    @Override
    public int returnRTTforInt() {
        return port.returnRTTforInt();
    }

    @Override
    public short returnRTTforShort() {
        return port.returnRTTforShort();
    }

    @Override
    public long returnRTTforLong() {
        return port.returnRTTforLong();
    }

    @Override
    public float returnRTTforFloat() {
        return port.returnRTTforFloat();
    }

    @Override
    public double returnRTTforDouble() {
        return port.returnRTTforDouble();
    }

    @Override
    public boolean returnRTTforBool() {
        return port.returnRTTforBool();
    }

    @Override
    public byte returnRTTforByte() {
        return port.returnRTTforByte();
    }

    @Override
    public String returnRTTforString() {
        return port.returnRTTforString();
    }
}
