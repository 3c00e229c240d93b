package io.wirecost.scenarios.corba;

import io.wirecost.scenarios.corba.idl.Data2;
import io.wirecost.scenarios.corba.idl.Data3;
import io.wirecost.scenarios.corba.idl.PayloadTesterPOA;
import io.wirecost.scenarios.payload.PayloadService;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.omg.CORBA.BAD_PARAM;

/**
 * The IDL skeleton's servant for {@code --payload}: {@link PayloadService}'s data (and its size limits),
 * converted to IDL structs once per size, so a round trip times the ORB, not the conversion.
 * A refused size is a CORBA {@code BAD_PARAM}, which the client sees as a system exception.
 */
final class PayloadServant extends PayloadTesterPOA {

    private final PayloadService service = new PayloadService();
    private final Map<String, Object> cache = new ConcurrentHashMap<>();

    @Override
    public String getString(int length) {
        return guard(() -> service.getString(length));
    }

    @Override
    public Data2[] f1(int count) {
        return (Data2[]) cache.computeIfAbsent("d2-" + count, k -> guard(() -> IdlPayloads.toIdl(service.f1(count))));
    }

    @Override
    public Data3 getCustomerRecord(int index) {
        return (Data3) cache.computeIfAbsent(
                "d3-" + index, k -> guard(() -> IdlPayloads.toIdl(service.getCustomerRecord(index))));
    }

    @Override
    public Data3[] getCustomersForSalesRep(int count) {
        return (Data3[]) cache.computeIfAbsent(
                "d3s-" + count, k -> guard(() -> IdlPayloads.toIdl(service.getCustomersForSalesRep(count))));
    }

    @Override
    public int[] invert(int[] values) {
        return guard(() -> service.invert(values));
    }

    private interface Call<T> {
        T get() throws Exception;
    }

    private static <T> T guard(Call<T> call) {
        try {
            return call.get();
        } catch (IllegalArgumentException e) {
            throw new BAD_PARAM(e.getMessage());
        } catch (Exception e) {
            throw new org.omg.CORBA.INTERNAL(e.toString());
        }
    }
}
