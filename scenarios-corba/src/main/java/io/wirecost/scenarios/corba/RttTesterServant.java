package io.wirecost.scenarios.corba;

import io.wirecost.scenarios.RTTTesterImpl;
import io.wirecost.scenarios.corba.idl.RTTTesterPOA;

/** The IDL skeleton's servant: the same constant answers as every other transport (RTTTesterImpl). */
final class RttTesterServant extends RTTTesterPOA {

    private final RTTTesterImpl impl;

    RttTesterServant(int stringLength) {
        this.impl = new RTTTesterImpl(stringLength);
    }

    @Override
    public int returnRTTforInt() {
        return impl.returnRTTforInt();
    }

    @Override
    public short returnRTTforShort() {
        return impl.returnRTTforShort();
    }

    @Override
    public long returnRTTforLong() {
        return impl.returnRTTforLong();
    }

    @Override
    public float returnRTTforFloat() {
        return impl.returnRTTforFloat();
    }

    @Override
    public double returnRTTforDouble() {
        return impl.returnRTTforDouble();
    }

    @Override
    public boolean returnRTTforBool() {
        return impl.returnRTTforBool();
    }

    @Override
    public byte returnRTTforByte() {
        return impl.returnRTTforByte();
    }

    @Override
    public String returnRTTforString() {
        return impl.returnRTTforString();
    }
}
