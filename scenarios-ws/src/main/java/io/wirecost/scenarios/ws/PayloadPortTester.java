package io.wirecost.scenarios.ws;

import io.wirecost.scenarios.payload.Data2;
import io.wirecost.scenarios.payload.Data3;
import io.wirecost.scenarios.payload.PayloadTester;

/** A JAX-WS payload port seen as a {@link PayloadTester}, so {@code PayloadCalls.bind} checks its answers. */
record PayloadPortTester(PayloadPort port) implements PayloadTester {
    @Override
    public String getString(int length) {
        return port.getString(length);
    }

    @Override
    public Data2[] f1(int count) {
        return port.f1(count);
    }

    @Override
    public Data3 getCustomerRecord(int index) {
        return port.getCustomerRecord(index);
    }

    @Override
    public Data3[] getCustomersForSalesRep(int count) {
        return port.getCustomersForSalesRep(count);
    }

    @Override
    public int[] invert(int[] values) {
        return port.invert(values);
    }
}
