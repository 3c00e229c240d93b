package io.wirecost.scenarios.corba;

import io.wirecost.scenarios.RTTTester;

/**
 * Presents the IDL stub as the project's {@link RTTTester}, so {@code Answers.bind} checks CORBA
 * answers with the same code as every other transport. One virtual call per invocation: nothing next
 * to a round trip.
 */
record IdlTester(io.wirecost.scenarios.corba.idl.RTTTester stub) implements RTTTester {
    @Override
    public int returnRTTforInt() {
        return stub.returnRTTforInt();
    }

    @Override
    public short returnRTTforShort() {
        return stub.returnRTTforShort();
    }

    @Override
    public long returnRTTforLong() {
        return stub.returnRTTforLong();
    }

    @Override
    public float returnRTTforFloat() {
        return stub.returnRTTforFloat();
    }

    @Override
    public double returnRTTforDouble() {
        return stub.returnRTTforDouble();
    }

    @Override
    public boolean returnRTTforBool() {
        return stub.returnRTTforBool();
    }

    @Override
    public byte returnRTTforByte() {
        return stub.returnRTTforByte();
    }

    @Override
    public String returnRTTforString() {
        return stub.returnRTTforString();
    }
}
