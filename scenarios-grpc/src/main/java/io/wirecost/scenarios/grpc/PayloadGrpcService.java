package io.wirecost.scenarios.grpc;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.wirecost.scenarios.grpc.proto.Count;
import io.wirecost.scenarios.grpc.proto.Data2List;
import io.wirecost.scenarios.grpc.proto.Data3;
import io.wirecost.scenarios.grpc.proto.Data3List;
import io.wirecost.scenarios.grpc.proto.Ints;
import io.wirecost.scenarios.grpc.proto.PayloadTesterGrpc;
import io.wirecost.scenarios.grpc.proto.StringValue;
import io.wirecost.scenarios.payload.PayloadService;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Seed 001's and 003's payload services over gRPC. Like {@link PayloadService}'s data, the messages are
 * built once per size and returned as they are, so a call times gRPC, not the copying into messages.
 */
final class PayloadGrpcService extends PayloadTesterGrpc.PayloadTesterImplBase {

    private final PayloadService target = new PayloadService();
    private final Map<String, Object> messages = new ConcurrentHashMap<>();

    @Override
    public void getString(Count req, StreamObserver<StringValue> out) {
        answer(
                out,
                "s" + req.getValue(),
                () -> StringValue.newBuilder()
                        .setValue(target.getString(req.getValue()))
                        .build());
    }

    @Override
    public void f1(Count req, StreamObserver<Data2List> out) {
        answer(out, "d2-" + req.getValue(), () -> Messages.toProto(target.f1(req.getValue())));
    }

    @Override
    public void getCustomerRecord(Count req, StreamObserver<Data3> out) {
        answer(out, "d3-" + req.getValue(), () -> Messages.toProto(target.getCustomerRecord(req.getValue())));
    }

    @Override
    public void getCustomersForSalesRep(Count req, StreamObserver<Data3List> out) {
        answer(out, "d3s-" + req.getValue(), () -> Messages.toProto(target.getCustomersForSalesRep(req.getValue())));
    }

    @Override
    public void invert(Ints req, StreamObserver<Ints> out) {
        // seed 003's service works on every call: the array arrives, is inverted and goes back
        int[] values = req.getValuesList().stream().mapToInt(Integer::intValue).toArray();
        try {
            int[] inverted = target.invert(values);
            Ints.Builder b = Ints.newBuilder();
            for (int v : inverted) b.addValues(v);
            RttService.reply(out, b.build());
        } catch (IllegalArgumentException e) {
            out.onError(Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException());
        }
    }

    @SuppressWarnings("unchecked")
    private <T> void answer(StreamObserver<T> out, String key, java.util.function.Supplier<T> build) {
        try {
            RttService.reply(out, (T) messages.computeIfAbsent(key, k -> build.get()));
        } catch (IllegalArgumentException e) {
            // PayloadService refuses sizes out of range: the client sees INVALID_ARGUMENT, not an internal error
            out.onError(Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException());
        }
    }
}
