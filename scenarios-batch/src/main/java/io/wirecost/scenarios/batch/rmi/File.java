package io.wirecost.scenarios.batch.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Seed 004's File (Fig. 1): a remote object, so each attribute read is a round trip. */
public interface File extends Remote {
    String getRequest() throws RemoteException;

    long getModified() throws RemoteException;

    int getLength() throws RemoteException;

    String getText() throws RemoteException;

    String getType() throws RemoteException;

    String getEncoding() throws RemoteException;
}
