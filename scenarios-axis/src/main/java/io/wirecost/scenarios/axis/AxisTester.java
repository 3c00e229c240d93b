package io.wirecost.scenarios.axis;

import io.wirecost.scenarios.RTTTester;
import java.rmi.RemoteException;
import org.apache.axis.client.Call;

/**
 * The eight operations as prepared Axis {@link Call}s (dynamic invocation, configured from the
 * service's WSDL), seen as an {@link RTTTester}; Axis decodes each {@code xsi:type}d return value
 * into its boxed Java type.
 */
final class AxisTester implements RTTTester {

    private static final Object[] NO_ARGS = new Object[0];

    private final Call intCall, shortCall, longCall, floatCall, doubleCall, boolCall, byteCall, stringCall;

    AxisTester(java.util.function.Function<String, Call> calls) {
        intCall = calls.apply("returnRTTforInt");
        shortCall = calls.apply("returnRTTforShort");
        longCall = calls.apply("returnRTTforLong");
        floatCall = calls.apply("returnRTTforFloat");
        doubleCall = calls.apply("returnRTTforDouble");
        boolCall = calls.apply("returnRTTforBool");
        byteCall = calls.apply("returnRTTforByte");
        stringCall = calls.apply("returnRTTforString");
    }

    @Override
    public int returnRTTforInt() throws RemoteException {
        return (Integer) intCall.invoke(NO_ARGS);
    }

    @Override
    public short returnRTTforShort() throws RemoteException {
        return (Short) shortCall.invoke(NO_ARGS);
    }

    @Override
    public long returnRTTforLong() throws RemoteException {
        return (Long) longCall.invoke(NO_ARGS);
    }

    @Override
    public float returnRTTforFloat() throws RemoteException {
        return (Float) floatCall.invoke(NO_ARGS);
    }

    @Override
    public double returnRTTforDouble() throws RemoteException {
        return (Double) doubleCall.invoke(NO_ARGS);
    }

    @Override
    public boolean returnRTTforBool() throws RemoteException {
        return (Boolean) boolCall.invoke(NO_ARGS);
    }

    @Override
    public byte returnRTTforByte() throws RemoteException {
        return (Byte) byteCall.invoke(NO_ARGS);
    }

    @Override
    public String returnRTTforString() throws RemoteException {
        return (String) stringCall.invoke(NO_ARGS);
    }
}
