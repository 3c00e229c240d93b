package io.wirecost.scenarios.http;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.RTTTesterImpl;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.payload.PayloadService;
import io.wirecost.scenarios.rmi.RemoteObjects;
import io.wirecost.scenarios.rmi.RmiScenario;
import java.io.ObjectInputFilter;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * The server side of a tunnelled scenario: a registry and the RTTTester on one RMI port (RMI shares
 * a port between exports with equal factories), exported with the tunnel's client socket factory
 * and RmiScenario's JEP 290 filter, the payload service of {@code --payload} beside it, plus the infrastructure in front of it (proxy, Tomcat), which
 * is closed after the RMI exports.
 */
public final class TunnelledServer implements ServerHandle {

    private final int port;
    private final RMIClientSocketFactory csf;
    private final RMIServerSocketFactory ssf;
    private final Registry registry;
    private final List<Remote> exported = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> infrastructure;
    private final Endpoint endpoint;
    private final Supplier<Map<String, String>> info;

    private TunnelledServer(
            int port,
            RMIClientSocketFactory csf,
            RMIServerSocketFactory ssf,
            Registry registry,
            List<AutoCloseable> infrastructure,
            Endpoint endpoint,
            Supplier<Map<String, String>> info) {
        this.port = port;
        this.csf = csf;
        this.ssf = ssf;
        this.registry = registry;
        this.infrastructure = List.copyOf(infrastructure);
        this.endpoint = endpoint;
        this.info = info;
    }

    /**
     * Exports on {@code port}; on failure closes {@code infrastructure}, which the caller started first
     * (it needs the port for its allow-list).
     */
    static TunnelledServer start(
            String host,
            int port,
            RMIClientSocketFactory csf,
            RMIServerSocketFactory ssf,
            int stringLength,
            Map<String, String> endpointExtras,
            List<AutoCloseable> infrastructure,
            Supplier<Map<String, String>> info)
            throws Exception {
        Registry registry = null;
        try {
            registry = LocateRegistry.createRegistry(port, csf, ssf);
            Map<String, String> ep = new LinkedHashMap<>(endpointExtras);
            ep.put("host", host);
            ep.put("port", String.valueOf(port));
            ep.put("name", RmiScenario.BOUND_NAME);
            ep.put("url", "rmi://" + host + ':' + port + '/' + RmiScenario.BOUND_NAME);
            TunnelledServer s = new TunnelledServer(port, csf, ssf, registry, infrastructure, new Endpoint(ep), info);
            s.bind(RmiScenario.BOUND_NAME, new RTTTesterImpl(stringLength));
            // --payload: seed 001/003 workloads beside RTTTester, as in the rmi scenario, with its payload filter
            registry.rebind(RmiScenario.PAYLOAD_NAME, s.export(new PayloadService(), RmiScenario.PAYLOAD_FILTER));
            return s;
        } catch (Exception e) {
            if (registry != null) UnicastRemoteObject.unexportObject(registry, true);
            closeAll(infrastructure, e);
            throw e;
        }
    }

    /** Exports another object on the scenario's port with its factories and RmiScenario's JEP 290 filter. */
    public Remote export(Remote impl) throws RemoteException {
        return export(impl, RmiScenario.FILTER);
    }

    private Remote export(Remote impl, ObjectInputFilter filter) throws RemoteException {
        Remote stub = UnicastRemoteObject.exportObject(impl, port, csf, ssf, filter);
        exported.add(impl);
        return stub;
    }

    public void bind(String name, Remote impl) throws RemoteException {
        registry.rebind(name, export(impl));
    }

    public int rmiPort() {
        return port;
    }

    @Override
    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public Map<String, String> info() {
        return info.get();
    }

    @Override
    public void close() throws Exception {
        for (Remote r : exported) RemoteObjects.unexport(r);
        RemoteObjects.unexport(registry);
        closeAll(infrastructure, null);
    }

    /** Closes in reverse order of start; the first failure is rethrown (or added to {@code pending}). */
    private static void closeAll(List<AutoCloseable> resources, Exception pending) throws Exception {
        Exception first = pending;
        List<AutoCloseable> reversed = new ArrayList<>(resources);
        java.util.Collections.reverse(reversed);
        for (AutoCloseable c : reversed) {
            try {
                c.close();
            } catch (Exception e) {
                if (first == null) first = e;
                else first.addSuppressed(e);
            }
        }
        if (pending == null && first != null) throw first;
    }
}
