package io.wirecost.scenarios.grpc;

import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.grpc.proto.Empty;
import io.wirecost.scenarios.grpc.proto.RttTesterGrpc;

/** gRPC's blocking stub seen as an {@link RTTTester}, so {@code Answers.bind} checks its answers like every transport's. */
record StubTester(RttTesterGrpc.RttTesterBlockingStub stub) implements RTTTester {
    private static final Empty EMPTY = Empty.getDefaultInstance();

    @Override
    public int returnRTTforInt() {
        return stub.returnRttForInt(EMPTY).getValue();
    }
    // protobuf has no 16- and 8-bit integers: the values travel as int32 and are narrowed back
    @Override
    public short returnRTTforShort() {
        return (short) stub.returnRttForShort(EMPTY).getValue();
    }

    @Override
    public long returnRTTforLong() {
        return stub.returnRttForLong(EMPTY).getValue();
    }

    @Override
    public float returnRTTforFloat() {
        return stub.returnRttForFloat(EMPTY).getValue();
    }

    @Override
    public double returnRTTforDouble() {
        return stub.returnRttForDouble(EMPTY).getValue();
    }

    @Override
    public boolean returnRTTforBool() {
        return stub.returnRttForBool(EMPTY).getValue();
    }

    @Override
    public byte returnRTTforByte() {
        return (byte) stub.returnRttForByte(EMPTY).getValue();
    }

    @Override
    public String returnRTTforString() {
        return stub.returnRttForString(EMPTY).getValue();
    }
}
