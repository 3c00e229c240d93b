package io.wirecost.scenarios;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The remote interface of seed 002, Listing 1: one method per data type, no arguments, no work, so a
 * round trip measures only the middleware.
 */
public interface RTTTester extends Remote {
    int returnRTTforInt() throws RemoteException;

    short returnRTTforShort() throws RemoteException;

    long returnRTTforLong() throws RemoteException;

    float returnRTTforFloat() throws RemoteException;

    double returnRTTforDouble() throws RemoteException;

    boolean returnRTTforBool() throws RemoteException;

    byte returnRTTforByte() throws RemoteException;

    String returnRTTforString() throws RemoteException;
}
