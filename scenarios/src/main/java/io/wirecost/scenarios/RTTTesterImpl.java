package io.wirecost.scenarios;

/** The service: constant answers, shared by every transport. */
public class RTTTesterImpl implements RTTTester {

    private final String string;

    public RTTTesterImpl(int stringLength) {
        this.string = Operation.payloadString(stringLength);
    }

    @Override
    public int returnRTTforInt() {
        return Operation.INT_VALUE;
    }

    @Override
    public short returnRTTforShort() {
        return Operation.SHORT_VALUE;
    }

    @Override
    public long returnRTTforLong() {
        return Operation.LONG_VALUE;
    }

    @Override
    public float returnRTTforFloat() {
        return Operation.FLOAT_VALUE;
    }

    @Override
    public double returnRTTforDouble() {
        return Operation.DOUBLE_VALUE;
    }

    @Override
    public boolean returnRTTforBool() {
        return Operation.BOOLEAN_VALUE;
    }

    @Override
    public byte returnRTTforByte() {
        return Operation.BYTE_VALUE;
    }

    @Override
    public String returnRTTforString() {
        return string;
    }
}
