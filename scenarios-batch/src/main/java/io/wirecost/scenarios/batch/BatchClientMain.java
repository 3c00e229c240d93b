package io.wirecost.scenarios.batch;

import io.wirecost.scenarios.batch.files.FileStore;
import io.wirecost.scenarios.batch.net.DelayProxy;
import io.wirecost.scenarios.batch.net.Ping;
import io.wirecost.scenarios.batch.rmi.Container;
import io.wirecost.scenarios.batch.rmi.RedirectingSocketFactory;
import io.wirecost.scenarios.batch.rmi.ResourceServer;
import io.wirecost.scenarios.batch.rmi.RmiFileServer;
import io.wirecost.scenarios.batch.ws.ResourceService;
import io.wirecost.scenarios.batch.ws.WsClients;
import io.wirecost.scenarios.harness.CommandLoop;
import io.wirecost.scenarios.harness.JvmFacts;
import java.net.InetSocketAddress;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client JVM of {@code wirecost batch} for one latency: {@code BatchClientMain ENDPOINT_JSON DELAY_NANOS}.
 * With a delay, every connection (RMI registry and objects, HTTP, echo) goes through a {@link DelayProxy}
 * in this JVM that holds each direction's data for DELAY_NANOS; with none, the client connects
 * directly, like seed 004's localhost configuration. Commands:
 * <ul>
 * <li>{@code connect}: proxies (delay 0 for now), RMI lookups, the web service client</li>
 * <li>{@code warmup K N}: K transactions of N files per variant, still without delay</li>
 * <li>{@code latency PINGS}: switches the delay on; PINGS echo round trips directly and through the path</li>
 * <li>{@code point N REPS}: REPS timed transactions of N files per variant, interleaved, every file checked;
 *     then a few more echo round trips each way</li>
 * <li>{@code info}, {@code exit}</li>
 * </ul>
 */
public final class BatchClientMain {

    /** After every point, so that the latency the path added is sampled all through the sweep. */
    static final int PINGS_PER_POINT = 5;

    private final Map<String, Object> endpoint;
    private final long delayNanos;
    private final List<DelayProxy> proxies = new ArrayList<>();
    private final Map<Variant, FileClient> clients = new EnumMap<>(Variant.class);
    private int echoPort;
    private long transactions;

    private BatchClientMain(Map<String, Object> endpoint, long delayNanos) {
        this.endpoint = endpoint;
        this.delayNanos = delayNanos;
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        CommandLoop loop = new CommandLoop();
        BatchClientMain c = loop.startOrExit(
                () -> new BatchClientMain(CommandLoop.JSON.readValue(args[0], Map.class), Long.parseLong(args[1])));
        loop.reply(Map.of("ready", true));
        loop.on("connect", a -> c.connect())
                .on("warmup", a -> c.warmup(Integer.parseInt(a[0]), Integer.parseInt(a[1])))
                .on("latency", a -> c.latency(Integer.parseInt(a[0])))
                .on("point", a -> c.point(Integer.parseInt(a[0]), Integer.parseInt(a[1])))
                .on("info", a -> {
                    Map<String, Object> m = new LinkedHashMap<>(JvmFacts.read());
                    m.put("transactions", c.transactions);
                    return m;
                });
        loop.runThenExit(() -> {
            for (DelayProxy p : c.proxies) p.close();
        });
    }

    private int port(String key) {
        return ((Number) endpoint.get(key)).intValue();
    }

    private Map<String, Object> connect() throws Exception {
        String host = (String) endpoint.get("host");
        int rmiPort = port("rmiPort");
        int httpPort = port("httpPort");
        echoPort = port("echoPort");
        boolean proxied = delayNanos > 0;
        if (proxied) {
            DelayProxy rmi = proxy(host, rmiPort);
            DelayProxy http = proxy(host, httpPort);
            DelayProxy echo = proxy(host, echoPort);
            RedirectingSocketFactory.install(Map.of(rmiPort, rmi.port()));
            httpPort = http.port();
            echoPort = echo.port();
        }
        Registry registry = LocateRegistry.getRegistry(host, rmiPort);
        clients.put(Variant.RMI_OBJECTS, new ObjectClient((Container) registry.lookup(RmiFileServer.OBJECTS_NAME)));
        ResourceService ws = WsClients.connect("http://" + host + ":" + httpPort);
        clients.put(Variant.WS_DOCUMENT, new DocumentClient(ws::perform));
        ResourceServer rmiDoc = (ResourceServer) registry.lookup(RmiFileServer.DOCUMENT_NAME);
        clients.put(Variant.RMI_DOCUMENT, new DocumentClient(rmiDoc::perform));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("proxied", proxied);
        m.put("proxyPorts", proxies.stream().map(DelayProxy::port).toList());
        return m;
    }

    /** Starts with no delay, so that warm-up is quick; {@code latency} switches the delay on. */
    private DelayProxy proxy(String host, int port) throws Exception {
        DelayProxy p = DelayProxy.start(new InetSocketAddress(host, port), 0);
        proxies.add(p);
        return p;
    }

    private Map<String, Object> warmup(int k, int n) throws Exception {
        for (int i = 0; i < k; i++) {
            for (Variant v : Variant.values()) check(clients.get(v).fetch(n), v);
        }
        return Map.of("transactions", transactions);
    }

    private Map<String, Object> latency(int pings) throws Exception {
        for (DelayProxy p : proxies) p.setDelayNanos(delayNanos);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("delayNanos", delayNanos);
        m.put("proxied", !proxies.isEmpty());
        m.putAll(pings(pings));
        return m;
    }

    /** Echo round trips directly and on the client's path (the same when there is no proxy). */
    private Map<String, Object> pings(int pings) throws Exception {
        long[] direct = Ping.rttNanos(port("echoPort"), pings);
        long[] path = proxies.isEmpty() ? direct : Ping.rttNanos(echoPort, pings);
        return Map.of("directPingsNanos", direct, "pathPingsNanos", path);
    }

    /** Variants interleaved within each repetition, so that a slow moment of the machine hits all of them. */
    private Map<String, Object> point(int n, int reps) throws Exception {
        Map<Variant, long[]> nanos = new EnumMap<>(Variant.class);
        Map<Variant, Long> callsBefore = new EnumMap<>(Variant.class);
        for (Variant v : Variant.values()) {
            nanos.put(v, new long[reps]);
            callsBefore.put(v, clients.get(v).calls());
        }
        for (int r = 0; r < reps; r++) {
            for (Variant v : Variant.values()) {
                long t0 = System.nanoTime();
                List<String> texts = clients.get(v).fetch(n);
                nanos.get(v)[r] = System.nanoTime() - t0;
                check(texts, v);
            }
        }
        Map<String, Object> byVariant = new LinkedHashMap<>();
        Map<String, Object> calls = new LinkedHashMap<>();
        for (Variant v : Variant.values()) {
            byVariant.put(v.label(), nanos.get(v));
            calls.put(v.label(), (double) (clients.get(v).calls() - callsBefore.get(v)) / reps);
        }
        Map<String, Object> m = new LinkedHashMap<>(
                Map.of("files", n, "nanos", byVariant, "callsPerTransaction", calls, "transactions", transactions));
        m.putAll(pings(PINGS_PER_POINT));
        return m;
    }

    private void check(List<String> texts, Variant v) {
        for (int i = 0; i < texts.size(); i++) {
            if (!FileStore.text(i).equals(texts.get(i))) {
                throw new IllegalStateException(v.label() + ": " + FileStore.path(i) + " came back wrong");
            }
        }
        transactions++;
    }
}
