package io.wirecost.scenarios.payload;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Seed 001's three servers and seed 003's service as one remote interface. The seeds' request arguments
 * (a string key) are replaced by the count the client wants, so one server serves every size.
 */
public interface PayloadTester extends Remote {

    /** Seed 001, 3.1: {@code getString()}, a string of {@code length} characters. */
    String getString(int length) throws RemoteException;

    /** Seed 001, 3.2: {@code Data2[] f1(String)}. */
    Data2[] f1(int count) throws RemoteException;

    /** Seed 001, 3.3: {@code getCustomerRecord(String)}. */
    Data3 getCustomerRecord(int index) throws RemoteException;

    /** Seed 001, 3.3: {@code getCustomersForSalesRep(String)}. */
    Data3[] getCustomersForSalesRep(int count) throws RemoteException;

    /** Seed 003: the array inverted. */
    int[] invert(int[] values) throws RemoteException;
}
