package io.wirecost.scenarios.ws;

import io.wirecost.scenarios.CountingTester;
import jakarta.annotation.Resource;
import jakarta.jws.WebService;
import jakarta.servlet.ServletContext;
import jakarta.xml.ws.WebServiceContext;
import jakarta.xml.ws.handler.MessageContext;

/**
 * The endpoint Metro instantiates from {@code sun-jaxws.xml} (so it needs a no-argument
 * constructor). It forwards to the run's service, which the server put into the servlet context:
 * a context attribute, not a static, keeps two servers in one JVM (the tests) apart.
 */
@WebService(
        endpointInterface = "io.wirecost.scenarios.ws.RttPort",
        targetNamespace = RttPort.NAMESPACE,
        serviceName = RttPort.SERVICE,
        portName = RttPort.PORT)
public class RttEndpoint implements RttPort {

    static final String SERVICE_ATTRIBUTE = "io.wirecost.rtt.service";

    @Resource
    private WebServiceContext context;

    private volatile CountingTester service;

    private CountingTester service() {
        CountingTester s = service;
        if (s == null) {
            ServletContext sc = (ServletContext) context.getMessageContext().get(MessageContext.SERVLET_CONTEXT);
            s = (CountingTester) sc.getAttribute(SERVICE_ATTRIBUTE);
            service = s;
        }
        return s;
    }

    @Override
    public int returnRTTforInt() {
        return service().returnRTTforInt();
    }

    @Override
    public short returnRTTforShort() {
        return service().returnRTTforShort();
    }

    @Override
    public long returnRTTforLong() {
        return service().returnRTTforLong();
    }

    @Override
    public float returnRTTforFloat() {
        return service().returnRTTforFloat();
    }

    @Override
    public double returnRTTforDouble() {
        return service().returnRTTforDouble();
    }

    @Override
    public boolean returnRTTforBool() {
        return service().returnRTTforBool();
    }

    @Override
    public byte returnRTTforByte() {
        return service().returnRTTforByte();
    }

    @Override
    public String returnRTTforString() {
        return service().returnRTTforString();
    }
}
