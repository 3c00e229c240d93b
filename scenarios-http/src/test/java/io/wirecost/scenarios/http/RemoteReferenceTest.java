package io.wirecost.scenarios.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.http.tunnel.HttpTunnelClientSocketFactory;
import java.lang.ref.WeakReference;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RMI's object model survives the tunnel: a call returns a remote reference, the client calls the
 * returned object, and the distributed garbage collector's dirty and clean calls (which reach the
 * server only through the tunnel) end in {@code unreferenced()} once the client drops it.
 */
class RemoteReferenceTest {

    /** Hands out counters exported on the scenario's port, through its tunnel. */
    static final class Factory implements CounterFactory {
        final TunnelledServer server;
        volatile CounterImpl last;

        Factory(TunnelledServer server) {
            this.server = server;
        }

        @Override
        public Counter newCounter() throws RemoteException {
            CounterImpl c = new CounterImpl();
            last = c;
            return (Counter) server.export(c); // RTTTester's JEP 290 filter: increment() takes no arguments
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"http-to-port", "http-to-servlet"})
    void aReturnedRemoteObjectIsCallableAndCollectedThroughTheTunnel(String name) throws Exception {
        Scenario scenario = name.equals("http-to-port") ? new HttpToPortScenario() : new HttpToServletScenario();
        ScenarioConfig config = new ScenarioConfig(64, null, Map.of("tunnel.proxy", "embedded"));
        try (TunnelledServer server = (TunnelledServer) scenario.startServer(config)) {
            Factory factory = new Factory(server);
            server.bind("counters", factory);
            scenario.connect(server.endpoint(), config); // this JVM's tunnel client, as a scenario client sets it up
            RMIClientSocketFactory route = name.equals("http-to-port")
                    ? HttpTunnelClientSocketFactory.toPort()
                    : HttpTunnelClientSocketFactory.toServlet(server.endpoint().port("servlet.port"));
            Registry registry = LocateRegistry.getRegistry(
                    server.endpoint().get("host"), server.endpoint().port("port"), route);

            Counter counter = ((CounterFactory) registry.lookup("counters")).newCounter();
            assertEquals(1, counter.increment());
            assertEquals(2, counter.increment());
            CounterImpl impl = factory.last;
            assertTrue(
                    counter.toString().contains(name.equals("http-to-port") ? "HTTP-to-port" : "HTTP-to-servlet"),
                    "the returned stub carries the tunnel's factory: " + counter);

            WeakReference<Counter> gone = new WeakReference<>(counter);
            counter = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!impl.unreferenced.await(100, TimeUnit.MILLISECONDS) && System.nanoTime() < deadline) System.gc();
            assertEquals(null, gone.get(), "the client's stub was collected");
            assertEquals(0, impl.unreferenced.getCount(), "the server was told (DGC clean call through the tunnel)");

            Map<String, String> info = server.info();
            if (name.equals("http-to-port")) {
                assertEquals("0", info.get("rmi.jrmpDirectConnections"), "nothing bypassed the proxy: " + info);
            } else {
                assertTrue(Long.parseLong(info.get("servlet.forwarded")) >= 5, info.toString());
            }
        }
    }
}
