package io.wirecost.scenarios.http.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both forward proxies, as started for http-to-port, are no open relay: they forward to the allowed
 * port of the allowed loopback address and refuse everything else, and the servers behind the
 * refused destinations never see a request.
 */
class ForwardProxyAllowListTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private HttpServer allowed;
    private HttpServer otherPort;
    private HttpServer otherAddress;
    private final AtomicInteger allowedHits = new AtomicInteger();
    private final AtomicInteger refusedHits = new AtomicInteger();

    private HttpServer server(InetSocketAddress at, AtomicInteger hits) throws IOException {
        HttpServer s = HttpServer.create(at, 0);
        s.createContext("/", ex -> {
            hits.incrementAndGet();
            ex.getRequestBody().readAllBytes();
            ex.sendResponseHeaders(200, 2);
            try (OutputStream o = ex.getResponseBody()) {
                o.write("ok".getBytes());
            }
        });
        s.start();
        return s;
    }

    @BeforeEach
    void start() throws IOException {
        allowed = server(new InetSocketAddress(LOOPBACK, 0), allowedHits);
        otherPort = server(new InetSocketAddress(LOOPBACK, 0), refusedHits);
        // the allowed port number, on another loopback address
        otherAddress = server(
                new InetSocketAddress(
                        InetAddress.getByName("127.0.0.2"), allowed.getAddress().getPort()),
                refusedHits);
    }

    @AfterEach
    void stop() {
        allowed.stop(0);
        otherPort.stop(0);
        otherAddress.stop(0);
    }

    private static int post(ForwardProxy proxy, String url) throws IOException {
        HttpURLConnection c =
                (HttpURLConnection) URI.create(url).toURL().openConnection(new Proxy(Proxy.Type.HTTP, proxy.address()));
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setConnectTimeout(5_000);
        c.setReadTimeout(15_000);
        try (OutputStream o = c.getOutputStream()) {
            o.write(new byte[] {1, 2, 3});
        }
        int status = c.getResponseCode();
        (status < 400 ? c.getInputStream() : c.getErrorStream()).readAllBytes();
        return status;
    }

    @ParameterizedTest
    @EnumSource(
            value = ProxyChoice.class,
            names = {"PRIVOXY", "EMBEDDED"})
    void onlyTheAllowedDestinationIsForwarded(ProxyChoice choice) throws Exception {
        int port = allowed.getAddress().getPort();
        try (ForwardProxy proxy = choice.start(LOOPBACK, Set.of(port))) {
            assertTrue(
                    proxy.description().startsWith(choice == ProxyChoice.PRIVOXY ? "privoxy " : "littleproxy "),
                    proxy.description());
            assertTrue(proxy.address().getAddress().isLoopbackAddress(), "listens on loopback only");
            assertEquals(200, post(proxy, "http://127.0.0.1:" + port + "/"));
            assertNotEquals(
                    200,
                    post(proxy, "http://127.0.0.1:" + otherPort.getAddress().getPort() + "/"),
                    "another port");
            assertNotEquals(200, post(proxy, "http://127.0.0.2:" + port + "/"), "another address");
            assertEquals(1, allowedHits.get());
            assertEquals(0, refusedHits.get(), "a refused destination was contacted");
            long deadline = System.nanoTime() + 5_000_000_000L;
            while ((proxy.forwarded() < 1 || proxy.refused() < 2) && System.nanoTime() < deadline) Thread.sleep(20);
            assertEquals(1, proxy.forwarded(), "counted by the proxy");
            assertEquals(2, proxy.refused(), "counted by the proxy");
        }
    }
}
