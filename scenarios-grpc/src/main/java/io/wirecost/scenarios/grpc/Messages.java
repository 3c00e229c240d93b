package io.wirecost.scenarios.grpc;

import io.wirecost.scenarios.grpc.proto.Data2List;
import io.wirecost.scenarios.grpc.proto.Data3List;
import io.wirecost.scenarios.payload.Address;
import io.wirecost.scenarios.payload.Data2;
import io.wirecost.scenarios.payload.Data3;
import io.wirecost.scenarios.payload.Order;
import io.wirecost.scenarios.payload.SimpleDate;
import java.util.Arrays;

/**
 * Seed 001's Java beans to and from their protobuf messages. Protobuf generates its own immutable
 * classes instead of binding existing beans (as RMI, JAXB and Jackson do), so a gRPC service written
 * against an existing model copies it like this; the copies are part of what gRPC costs.
 */
final class Messages {

    private Messages() {}

    static Data2List toProto(Data2[] data) {
        Data2List.Builder b = Data2List.newBuilder();
        for (Data2 d : data) {
            io.wirecost.scenarios.grpc.proto.Data2.Builder m =
                    io.wirecost.scenarios.grpc.proto.Data2.newBuilder().setD1(d.getD1());
            m.addAllD2(Arrays.asList(d.getD2()));
            for (double x : d.getD3()) m.addD3(x);
            b.addItems(m);
        }
        return b.build();
    }

    static Data2[] fromProto(Data2List list) {
        return list.getItemsList().stream()
                .map(m -> new Data2(
                        m.getD1(),
                        m.getD2List().toArray(String[]::new),
                        m.getD3List().stream().mapToDouble(Double::doubleValue).toArray()))
                .toArray(Data2[]::new);
    }

    static Data3List toProto(Data3[] data) {
        Data3List.Builder b = Data3List.newBuilder();
        for (Data3 d : data) b.addItems(toProto(d));
        return b.build();
    }

    static Data3[] fromProto(Data3List list) {
        return list.getItemsList().stream().map(Messages::fromProto).toArray(Data3[]::new);
    }

    static io.wirecost.scenarios.grpc.proto.Data3 toProto(Data3 d) {
        Address a = d.getAddress();
        io.wirecost.scenarios.grpc.proto.Data3.Builder b = io.wirecost.scenarios.grpc.proto.Data3.newBuilder()
                .setCustomer(d.getCustomer())
                .setSalesrep(d.getSalesrep())
                .setAddress(io.wirecost.scenarios.grpc.proto.Address.newBuilder()
                        .setPostcode(a.getPostcode())
                        .setUnit(a.getUnit())
                        .setStreet(a.getStreet())
                        .setCity(a.getCity())
                        .setState(a.getState()));
        for (Order o : d.getOrders()) {
            SimpleDate t = o.getDate();
            b.addOrders(io.wirecost.scenarios.grpc.proto.Order.newBuilder()
                    .setDate(io.wirecost.scenarios.grpc.proto.SimpleDate.newBuilder()
                            .setDay(t.getDay())
                            .setMonth(t.getMonth())
                            .setYear(t.getYear()))
                    .setProductcode(o.getProductcode())
                    .setNumber(o.getNumber()));
        }
        return b.build();
    }

    static Data3 fromProto(io.wirecost.scenarios.grpc.proto.Data3 m) {
        io.wirecost.scenarios.grpc.proto.Address a = m.getAddress();
        Order[] orders = m.getOrdersList().stream()
                .map(o -> new Order(
                        new SimpleDate(
                                o.getDate().getDay(),
                                o.getDate().getMonth(),
                                o.getDate().getYear()),
                        o.getProductcode(),
                        o.getNumber()))
                .toArray(Order[]::new);
        return new Data3(
                m.getCustomer(),
                m.getSalesrep(),
                new Address(a.getPostcode(), a.getUnit(), a.getStreet(), a.getCity(), a.getState()),
                orders);
    }
}
