package io.wirecost.scenarios.http;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Test-only remote interface: a remote object that a call returns (RTTTester stays unchanged). */
public interface Counter extends Remote {
    int increment() throws RemoteException;
}
