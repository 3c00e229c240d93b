package io.wirecost.scenarios.payload;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server side of {@link PayloadTester}. Like RTTTester's constant answers, the data are built once
 * per size and returned as they are, so a round trip times the middleware, not the generator.
 */
public final class PayloadService implements PayloadTester {

    private final Map<String, Object> cache = new ConcurrentHashMap<>();

    @Override
    public String getString(int length) {
        return (String) cache.computeIfAbsent("s" + check(length), k -> PayloadData.string(length));
    }

    @Override
    public Data2[] f1(int count) {
        return (Data2[]) cache.computeIfAbsent("d2-" + check(count), k -> PayloadData.data2(count));
    }

    @Override
    public Data3 getCustomerRecord(int index) {
        return (Data3) cache.computeIfAbsent("d3-" + check(index + 1), k -> PayloadData.data3(index));
    }

    @Override
    public Data3[] getCustomersForSalesRep(int count) {
        return (Data3[]) cache.computeIfAbsent("d3s-" + check(count), k -> PayloadData.data3s(count));
    }

    @Override
    public int[] invert(int[] values) {
        // RMI's filter bounds the array before it is built; the SOAP stacks have built it by now, but the
        // answer must not be twice as large as anything a client may send
        if (values.length > Payload.MAX_INTS)
            throw new IllegalArgumentException("int array of " + values.length + " elements refused");
        return PayloadData.invert(values);
    }

    /** A client must not make the server build (and keep) arbitrarily large data. */
    private static int check(int n) {
        if (n < 1 || n > 100_000) throw new IllegalArgumentException("size out of range: " + n);
        return n;
    }
}
