package io.wirecost.scenarios.corba;

import io.wirecost.scenarios.payload.Data2;
import io.wirecost.scenarios.payload.Data3;
import io.wirecost.scenarios.payload.PayloadTester;

/**
 * Presents the IDL stub as the project's {@link PayloadTester}, so {@code PayloadCalls.bind} drives and
 * checks CORBA's payload calls with the same code as every other transport. Converting each answer
 * back to the JavaBeans is part of the timed call, as unmarshalling into application objects is for
 * RMI and JAXB.
 */
record IdlPayloadTester(io.wirecost.scenarios.corba.idl.PayloadTester stub) implements PayloadTester {
    @Override
    public String getString(int length) {
        return stub.getString(length);
    }

    @Override
    public Data2[] f1(int count) {
        return IdlPayloads.fromIdl(stub.f1(count));
    }

    @Override
    public Data3 getCustomerRecord(int index) {
        return IdlPayloads.fromIdl(stub.getCustomerRecord(index));
    }

    @Override
    public Data3[] getCustomersForSalesRep(int count) {
        return IdlPayloads.fromIdl(stub.getCustomersForSalesRep(count));
    }

    @Override
    public int[] invert(int[] values) {
        return stub.invert(values);
    }
}
