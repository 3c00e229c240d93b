package io.wirecost.scenarios.batch.rmi;

import io.wirecost.scenarios.FreePorts;
import io.wirecost.scenarios.batch.files.DocumentProcessor;
import io.wirecost.scenarios.batch.files.FileStore;
import io.wirecost.scenarios.batch.files.Node;
import io.wirecost.scenarios.batch.files.Request;
import io.wirecost.scenarios.rmi.RemoteObjects;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.net.InetAddress;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Both RMI faces of the file server on one loopback port: the registry, the object tree (bound as
 * {@value #OBJECTS_NAME}, seed 004's "docServer") and the document server ({@value #DOCUMENT_NAME},
 * the paper's "rmiopt"). Containers and files are exported once, on first use, and then handed out
 * again, so a client walking the same path twice receives the same remote objects.
 */
public final class RmiFileServer implements AutoCloseable {

    public static final String OBJECTS_NAME = "docServer";
    public static final String DOCUMENT_NAME = "rmiopt";

    /** Container and File calls carry at most a name. */
    public static final ObjectInputFilter OBJECTS_FILTER =
            ObjectInputFilter.Config.createFilter("maxdepth=3;maxrefs=16;maxbytes=8192;java.lang.String;!*");

    /** A request document: Request trees (arrays of Request included) and their names, nothing else. */
    public static final ObjectInputFilter DOCUMENT_FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=" + (2 * DocumentProcessor.MAX_DEPTH + 4) + ";maxrefs=200000;maxarray=100000;maxbytes=8388608;"
                    + Request.class.getName() + ";java.lang.String;!*");

    private final LoopbackServerSocketFactory ssf = new LoopbackServerSocketFactory();
    private final int port;
    private final Registry registry;
    private final Map<Node, Container> containers = new ConcurrentHashMap<>();
    private final Map<Node, File> files = new ConcurrentHashMap<>();
    private final Map<Remote, Remote> exported = new ConcurrentHashMap<>();
    private final ResourceServer documentServer;

    private RmiFileServer(FileStore store) throws IOException {
        this.port = FreePorts.on(InetAddress.getLoopbackAddress());
        this.registry = LocateRegistry.createRegistry(port, null, ssf);
        registry.rebind(OBJECTS_NAME, container(store.root()));
        this.documentServer =
                (ResourceServer) export(new DocumentServerImpl(new DocumentProcessor(store)), DOCUMENT_FILTER);
        registry.rebind(DOCUMENT_NAME, documentServer);
    }

    public static RmiFileServer start(FileStore store) throws IOException {
        return new RmiFileServer(store);
    }

    /** The one port of the registry and every exported object. */
    public int port() {
        return port;
    }

    Container container(Node node) {
        return containers.computeIfAbsent(node, n -> (Container) export(new ContainerImpl(n, this), OBJECTS_FILTER));
    }

    File file(Node node) {
        return files.computeIfAbsent(node, n -> (File) export(new FileImpl(n), OBJECTS_FILTER));
    }

    /** Exported on the registry's port, with the default client socket factory (see RedirectingSocketFactory). */
    private Remote export(Remote impl, ObjectInputFilter filter) {
        try {
            Remote stub = UnicastRemoteObject.exportObject(impl, port, null, ssf, filter);
            exported.put(impl, stub);
            return stub;
        } catch (RemoteException e) {
            throw new IllegalStateException(
                    "cannot export " + impl.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        for (Remote impl : exported.keySet()) RemoteObjects.unexport(impl);
        RemoteObjects.unexport(registry);
    }

    /** For tests: the document server's stub, as a client would look it up. */
    ResourceServer documentServer() {
        return documentServer;
    }
}
