package io.wirecost.scenarios.batch.rmi;

import io.wirecost.scenarios.batch.files.FileResult;
import io.wirecost.scenarios.batch.files.Request;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Seed 004's "RMI Optimized" variant (section IV-B): the web service's request document, sent as a
 * serialized object in one RMI call. (The paper also ships a smart client stub through a factory;
 * the client here builds the same document itself, which is what crosses the wire either way.)
 */
public interface ResourceServer extends Remote {
    FileResult[] perform(Request doc) throws RemoteException;
}
