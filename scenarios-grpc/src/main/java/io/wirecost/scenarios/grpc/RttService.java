package io.wirecost.scenarios.grpc;

import io.grpc.stub.StreamObserver;
import io.wirecost.scenarios.CountingTester;
import io.wirecost.scenarios.grpc.proto.BoolValue;
import io.wirecost.scenarios.grpc.proto.ByteValue;
import io.wirecost.scenarios.grpc.proto.DoubleValue;
import io.wirecost.scenarios.grpc.proto.Empty;
import io.wirecost.scenarios.grpc.proto.FloatValue;
import io.wirecost.scenarios.grpc.proto.IntValue;
import io.wirecost.scenarios.grpc.proto.LongValue;
import io.wirecost.scenarios.grpc.proto.RttTesterGrpc;
import io.wirecost.scenarios.grpc.proto.ShortValue;
import io.wirecost.scenarios.grpc.proto.StringValue;

/** The shared RTTTester service behind gRPC's generated base class: each call wraps the constant answer in its message. */
final class RttService extends RttTesterGrpc.RttTesterImplBase {

    private final CountingTester target;

    RttService(CountingTester target) {
        this.target = target;
    }

    @Override
    public void returnRttForInt(Empty req, StreamObserver<IntValue> out) {
        reply(out, IntValue.newBuilder().setValue(target.returnRTTforInt()).build());
    }

    @Override
    public void returnRttForShort(Empty req, StreamObserver<ShortValue> out) {
        reply(out, ShortValue.newBuilder().setValue(target.returnRTTforShort()).build());
    }

    @Override
    public void returnRttForLong(Empty req, StreamObserver<LongValue> out) {
        reply(out, LongValue.newBuilder().setValue(target.returnRTTforLong()).build());
    }

    @Override
    public void returnRttForFloat(Empty req, StreamObserver<FloatValue> out) {
        reply(out, FloatValue.newBuilder().setValue(target.returnRTTforFloat()).build());
    }

    @Override
    public void returnRttForDouble(Empty req, StreamObserver<DoubleValue> out) {
        reply(
                out,
                DoubleValue.newBuilder().setValue(target.returnRTTforDouble()).build());
    }

    @Override
    public void returnRttForBool(Empty req, StreamObserver<BoolValue> out) {
        reply(out, BoolValue.newBuilder().setValue(target.returnRTTforBool()).build());
    }

    @Override
    public void returnRttForByte(Empty req, StreamObserver<ByteValue> out) {
        reply(out, ByteValue.newBuilder().setValue(target.returnRTTforByte()).build());
    }

    @Override
    public void returnRttForString(Empty req, StreamObserver<StringValue> out) {
        reply(
                out,
                StringValue.newBuilder().setValue(target.returnRTTforString()).build());
    }

    static <T> void reply(StreamObserver<T> out, T value) {
        out.onNext(value);
        out.onCompleted();
    }
}
