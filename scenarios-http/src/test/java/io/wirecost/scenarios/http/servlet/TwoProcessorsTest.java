package io.wirecost.scenarios.http.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.Tally;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import javax.management.ObjectName;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.Test;

/**
 * Tomcat creates a request processor only when its cache is empty: one for any number of requests made one after
 * another, a second only when two are served at once. Counted by the RequestProcessor MBeans Tomcat registers for each
 * processor it creates, on real embedded Tomcat 10.1.
 */
class TwoProcessorsTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    /** The forwarding servlet's backend address (nothing is forwarded here: no request reaches the servlet). */
    private static final InetAddress INTERNAL = address("127.0.0.2");

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (java.net.UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void sequentialRequestsUseOneProcessorAndTheHeldPairAddsTheSecond() throws Exception {
        Path base = Files.createTempDirectory("wirecost-two-processors-");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        tomcat.addContext("", null);
        tomcat.start();
        try {
            int port = connector.getLocalPort();
            InetSocketAddress server = new InetSocketAddress(LOOPBACK, port);
            for (int i = 0; i < 20; i++) assertTrue(get(server).startsWith("HTTP/1.1 404"), "request " + i);
            assertEquals(1, processors(port), "processors after 20 requests one after another");

            TwoProcessors.Seen seen = TwoProcessors.prime(server);
            assertEquals(2 * TwoProcessors.ROUNDS, seen.requests());
            assertEquals(seen.requests(), seen.answers(), "every held request answered: " + seen.statusLines());
            assertTrue(
                    seen.statusLines().stream().allMatch(s -> s.startsWith("HTTP/1.1 404")),
                    seen.statusLines()::toString);
            assertEquals(2, processors(port), "processors after the held pairs");

            for (int i = 0; i < 20; i++) get(server);
            assertEquals(2, processors(port), "processors after 20 more requests one after another");
        } finally {
            tomcat.stop();
            tomcat.destroy();
        }
    }

    @Test
    void theServletHostStartsWithTwoProcessors() throws Exception {
        RmiForwardServlet servlet =
                new RmiForwardServlet(new RmiForwardServlet.Policy(INTERNAL, Set.of(1)), new Tally<>(Forwarded.class));
        try (ServletHost host = ServletHost.start(LOOPBACK, servlet)) {
            assertEquals(2, processors(host.port()), "processors when the host has started");
            assertEquals(host.warmProcessors().requests(), host.warmProcessors().answers());
        }
    }

    /** A server that never answers holds the start for at most the read bound, and says so. */
    @Test
    void aSilentServerGivesNoAnswersAndNoException() throws Exception {
        try (java.net.ServerSocket silent = new java.net.ServerSocket(0, 50, LOOPBACK)) {
            TwoProcessors.Seen seen = TwoProcessors.prime(new InetSocketAddress(LOOPBACK, silent.getLocalPort()), 1);
            assertEquals(0, seen.answers(), seen.statusLines()::toString);
            assertTrue(seen.statusLines().get(0).startsWith("no answer"), seen.statusLines()::toString);
        }
    }

    /** Processors Tomcat has created for the connector on {@code port}: one RequestProcessor MBean each. */
    private static int processors(int port) throws Exception {
        Set<ObjectName> names = ManagementFactory.getPlatformMBeanServer()
                .queryNames(new ObjectName("*:type=RequestProcessor,*"), null);
        return (int) names.stream()
                .filter(n -> n.getKeyProperty("worker").endsWith("-" + port + "\""))
                .count();
    }

    private static String get(InetSocketAddress server) throws Exception {
        try (Socket s = new Socket(server.getAddress(), server.getPort())) {
            OutputStream out = s.getOutputStream();
            out.write(("GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String all = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return all.substring(0, Math.max(0, all.indexOf('\r')));
        }
    }
}
