package io.wirecost.scenarios.grpc;

import io.wirecost.scenarios.grpc.proto.Count;
import io.wirecost.scenarios.grpc.proto.Ints;
import io.wirecost.scenarios.grpc.proto.PayloadTesterGrpc;
import io.wirecost.scenarios.payload.Data2;
import io.wirecost.scenarios.payload.Data3;
import io.wirecost.scenarios.payload.PayloadTester;

/** gRPC's payload stub seen as a {@link PayloadTester}: answers are copied back into seed 001's beans and checked by {@code PayloadCalls}. */
record StubPayloadTester(PayloadTesterGrpc.PayloadTesterBlockingStub stub) implements PayloadTester {

    private static Count count(int n) {
        return Count.newBuilder().setValue(n).build();
    }

    @Override
    public String getString(int length) {
        return stub.getString(count(length)).getValue();
    }

    @Override
    public Data2[] f1(int count) {
        return Messages.fromProto(stub.f1(count(count)));
    }

    @Override
    public Data3 getCustomerRecord(int index) {
        return Messages.fromProto(stub.getCustomerRecord(count(index)));
    }

    @Override
    public Data3[] getCustomersForSalesRep(int count) {
        return Messages.fromProto(stub.getCustomersForSalesRep(count(count)));
    }

    @Override
    public int[] invert(int[] values) {
        Ints.Builder b = Ints.newBuilder();
        for (int v : values) b.addValues(v);
        return stub.invert(b.build()).getValuesList().stream()
                .mapToInt(Integer::intValue)
                .toArray();
    }
}
