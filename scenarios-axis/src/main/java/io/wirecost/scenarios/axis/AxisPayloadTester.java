package io.wirecost.scenarios.axis;

import io.wirecost.scenarios.payload.Data2;
import io.wirecost.scenarios.payload.Data3;
import io.wirecost.scenarios.payload.PayloadTester;
import java.lang.reflect.Array;
import java.rmi.RemoteException;
import java.util.List;
import javax.xml.namespace.QName;
import javax.xml.rpc.ParameterMode;
import javax.xml.rpc.ServiceException;
import org.apache.axis.client.Call;
import org.apache.axis.client.Service;
import org.apache.axis.encoding.XMLType;
import org.apache.axis.encoding.ser.ArrayDeserializerFactory;
import org.apache.axis.encoding.ser.ArraySerializerFactory;
import org.apache.axis.encoding.ser.BeanDeserializerFactory;
import org.apache.axis.encoding.ser.BeanSerializerFactory;

/**
 * {@code PayloadTester} over Axis RPC/encoded: one prepared {@link Call} per method, with the beans
 * mapped as the server's WSDD maps them ({@code beanMapping}) and their arrays as SOAP-encoded arrays.
 * Built by hand rather than from the WSDL, whose generated array type names ({@code ArrayOf_...}) the
 * client would have to guess.
 */
final class AxisPayloadTester implements PayloadTester {

    private final Call string, data2, data3, data3s, invert;

    AxisPayloadTester(Service service, String url, java.util.function.Consumer<Call> configure)
            throws ServiceException {
        string = call(service, url, "getString", XMLType.XSD_INT, XMLType.XSD_STRING, String.class, configure);
        data2 = call(service, url, "f1", XMLType.XSD_INT, array("Data2"), Data2[].class, configure);
        data3 = call(service, url, "getCustomerRecord", XMLType.XSD_INT, bean("Data3"), Data3.class, configure);
        data3s = call(
                service, url, "getCustomersForSalesRep", XMLType.XSD_INT, array("Data3"), Data3[].class, configure);
        invert = call(service, url, "invert", array("int"), array("int"), int[].class, configure);
    }

    private static QName bean(String name) {
        return new QName(AxisServer.PAYLOAD_NAMESPACE, name);
    }

    private static QName array(String component) {
        return new QName(AxisServer.PAYLOAD_NAMESPACE, "ArrayOf" + component);
    }

    private static Call call(
            Service service,
            String url,
            String op,
            QName in,
            QName out,
            Class<?> outClass,
            java.util.function.Consumer<Call> configure)
            throws ServiceException {
        Call c = (Call) service.createCall();
        c.setTargetEndpointAddress(url);
        c.setOperationName(new QName(AxisServer.PAYLOAD_NAMESPACE, op));
        c.setOperationStyle("rpc");
        c.setOperationUse("encoded");
        for (Class<?> b : AxisServer.BEANS) {
            QName q = bean(b.getSimpleName());
            c.registerTypeMapping(b, q, new BeanSerializerFactory(b, q), new BeanDeserializerFactory(b, q));
        }
        for (Class<?> a : List.of(Data2[].class, Data3[].class, int[].class)) {
            QName q = array(a.getComponentType().getSimpleName());
            c.registerTypeMapping(a, q, new ArraySerializerFactory(), new ArrayDeserializerFactory());
        }
        c.addParameter("in0", in, in.equals(XMLType.XSD_INT) ? int.class : int[].class, ParameterMode.IN);
        c.setReturnType(out, outClass);
        configure.accept(c);
        return c;
    }

    @Override
    public String getString(int length) throws RemoteException {
        return (String) string.invoke(new Object[] {length});
    }

    @Override
    public Data2[] f1(int count) throws RemoteException {
        return as(data2.invoke(new Object[] {count}), Data2[].class);
    }

    @Override
    public Data3 getCustomerRecord(int index) throws RemoteException {
        return (Data3) data3.invoke(new Object[] {index});
    }

    @Override
    public Data3[] getCustomersForSalesRep(int count) throws RemoteException {
        return as(data3s.invoke(new Object[] {count}), Data3[].class);
    }

    @Override
    public int[] invert(int[] values) throws RemoteException {
        return as(invert.invoke(new Object[] {values}), int[].class);
    }

    /** Axis may hand a decoded SOAP array back as Object[] or a List; the check needs the declared type. */
    @SuppressWarnings("unchecked")
    private static <T> T as(Object o, Class<T> type) {
        if (type.isInstance(o)) return (T) o;
        Object[] src = o instanceof List<?> l ? l.toArray() : (Object[]) o;
        Object out = Array.newInstance(type.getComponentType(), src.length);
        for (int i = 0; i < src.length; i++) Array.set(out, i, src[i]);
        return (T) out;
    }
}
