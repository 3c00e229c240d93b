package io.wirecost.scenarios.rmi;

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.server.UnicastRemoteObject;

/** Releasing exported RMI objects when a server closes. */
public final class RemoteObjects {

    private RemoteObjects() {}

    /**
     * Unexports {@code r} at once, calls in progress or not. One already unexported (by a test, say, or an earlier
     * close) is no error: closing a server twice must not fail.
     */
    public static void unexport(Remote r) {
        try {
            UnicastRemoteObject.unexportObject(r, true);
        } catch (NoSuchObjectException e) {
            // already gone
        }
    }
}
