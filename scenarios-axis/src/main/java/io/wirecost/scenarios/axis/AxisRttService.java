package io.wirecost.scenarios.axis;

import io.wirecost.scenarios.CountingTester;
import javax.servlet.ServletContext;
import javax.xml.rpc.ServiceException;
import javax.xml.rpc.server.ServiceLifecycle;
import javax.xml.rpc.server.ServletEndpointContext;

/**
 * The class Axis's {@code java:RPC} provider instantiates (application scope: once). JAX-RPC's
 * {@link ServiceLifecycle} hands it the servlet context, where the server put the run's service:
 * a context attribute, not a static, keeps two servers in one JVM (the tests) apart. Only the eight
 * RTTTester methods are deployed ({@code allowedMethods} in the WSDD).
 */
public class AxisRttService implements ServiceLifecycle {

    static final String SERVICE_ATTRIBUTE = "io.wirecost.rtt.service";

    private CountingTester service;

    @Override
    public void init(Object context) throws ServiceException {
        ServletContext sc = ((ServletEndpointContext) context).getServletContext();
        service = (CountingTester) sc.getAttribute(SERVICE_ATTRIBUTE);
        if (service == null) throw new ServiceException("no RTTTester service in the servlet context");
    }

    @Override
    public void destroy() {}

    public int returnRTTforInt() {
        return service.returnRTTforInt();
    }

    public short returnRTTforShort() {
        return service.returnRTTforShort();
    }

    public long returnRTTforLong() {
        return service.returnRTTforLong();
    }

    public float returnRTTforFloat() {
        return service.returnRTTforFloat();
    }

    public double returnRTTforDouble() {
        return service.returnRTTforDouble();
    }

    public boolean returnRTTforBool() {
        return service.returnRTTforBool();
    }

    public byte returnRTTforByte() {
        return service.returnRTTforByte();
    }

    public String returnRTTforString() {
        return service.returnRTTforString();
    }
}
