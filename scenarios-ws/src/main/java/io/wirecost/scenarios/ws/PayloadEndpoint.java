package io.wirecost.scenarios.ws;

import io.wirecost.scenarios.payload.Data2;
import io.wirecost.scenarios.payload.Data3;
import io.wirecost.scenarios.payload.PayloadService;
import jakarta.jws.WebService;

/** The endpoint Metro instantiates for {@code --payload}; the data need no per-run state. */
@WebService(
        endpointInterface = "io.wirecost.scenarios.ws.PayloadPort",
        targetNamespace = PayloadPort.NAMESPACE,
        serviceName = PayloadPort.SERVICE,
        portName = PayloadPort.PORT)
public class PayloadEndpoint implements PayloadPort {

    private final PayloadService service = new PayloadService();

    @Override
    public String getString(int length) {
        return service.getString(length);
    }

    @Override
    public Data2[] f1(int count) {
        return service.f1(count);
    }

    @Override
    public Data3 getCustomerRecord(int index) {
        return service.getCustomerRecord(index);
    }

    @Override
    public Data3[] getCustomersForSalesRep(int count) {
        return service.getCustomersForSalesRep(count);
    }

    @Override
    public int[] invert(int[] values) {
        return service.invert(values);
    }
}
