package io.wirecost.scenarios.http;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Test-only: hands out new remote {@link Counter}s, exported through the scenario's tunnel. */
public interface CounterFactory extends Remote {
    Counter newCounter() throws RemoteException;
}
