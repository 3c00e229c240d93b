package io.wirecost.scenarios.batch.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Seed 004's object-oriented file server interface (Fig. 1) as RMI remote objects: every step of a
 * path ({@code sub}) and every read ({@code get}, then the File's getters) is a remote call. The
 * paper's {@code invoke(HashMap params)}, for dynamic pages, is left out: the benchmark never calls it,
 * and a HashMap argument would need a wider deserialization filter.
 */
public interface Container extends Remote {

    Container sub(String name) throws FileNotFound, RemoteException;

    File get() throws RemoteException;
}
