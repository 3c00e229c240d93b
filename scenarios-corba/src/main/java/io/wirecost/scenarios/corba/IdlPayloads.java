package io.wirecost.scenarios.corba;

import io.wirecost.scenarios.corba.idl.Address;
import io.wirecost.scenarios.corba.idl.Data2;
import io.wirecost.scenarios.corba.idl.Data3;
import io.wirecost.scenarios.corba.idl.Order;
import io.wirecost.scenarios.corba.idl.SimpleDate;
import java.util.Arrays;

/**
 * Converts seed 001's records between the project's JavaBeans ({@code io.wirecost.scenarios.payload})
 * and the structs JacORB's IDL compiler generates from {@code RTTTester.idl}. IDL-to-Java mapping has
 * no way to reuse existing classes (unlike RMI or JAXB), so this small mapping is unavoidable. The
 * server converts once per size (cached, like every other transport's server); the client converts
 * each answer back so that it is checked by the same {@code PayloadCalls.check} as the others.
 */
final class IdlPayloads {

    private IdlPayloads() {}

    static Data2[] toIdl(io.wirecost.scenarios.payload.Data2[] in) {
        return Arrays.stream(in)
                .map(d -> new Data2(d.getD1(), d.getD2(), d.getD3()))
                .toArray(Data2[]::new);
    }

    static io.wirecost.scenarios.payload.Data2[] fromIdl(Data2[] in) {
        return Arrays.stream(in)
                .map(d -> new io.wirecost.scenarios.payload.Data2(d.d1, d.d2, d.d3))
                .toArray(io.wirecost.scenarios.payload.Data2[]::new);
    }

    static Data3 toIdl(io.wirecost.scenarios.payload.Data3 d) {
        io.wirecost.scenarios.payload.Address a = d.getAddress();
        Order[] orders = Arrays.stream(d.getOrders())
                .map(o -> new Order(
                        new SimpleDate(
                                o.getDate().getDay(),
                                o.getDate().getMonth(),
                                o.getDate().getYear()),
                        o.getProductcode(),
                        o.getNumber()))
                .toArray(Order[]::new);
        return new Data3(
                d.getCustomer(),
                d.getSalesrep(),
                new Address(a.getPostcode(), a.getUnit(), a.getStreet(), a.getCity(), a.getState()),
                orders);
    }

    static io.wirecost.scenarios.payload.Data3 fromIdl(Data3 d) {
        io.wirecost.scenarios.payload.Order[] orders = Arrays.stream(d.orders)
                .map(o -> new io.wirecost.scenarios.payload.Order(
                        new io.wirecost.scenarios.payload.SimpleDate(o.date.day, o.date.month, o.date.year),
                        o.productcode,
                        o.number))
                .toArray(io.wirecost.scenarios.payload.Order[]::new);
        return new io.wirecost.scenarios.payload.Data3(
                d.customer,
                d.salesrep,
                new io.wirecost.scenarios.payload.Address(
                        d.addr.postcode, d.addr.unit, d.addr.street, d.addr.city, d.addr.state),
                orders);
    }

    static Data3[] toIdl(io.wirecost.scenarios.payload.Data3[] in) {
        return Arrays.stream(in).map(IdlPayloads::toIdl).toArray(Data3[]::new);
    }

    static io.wirecost.scenarios.payload.Data3[] fromIdl(Data3[] in) {
        return Arrays.stream(in).map(IdlPayloads::fromIdl).toArray(io.wirecost.scenarios.payload.Data3[]::new);
    }
}
