package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.RequestLog;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code endpoints=on} in a real JVM with the shaded agent jar: a servlet and a JAX-RS-annotated resource
 * (sample/ServletHost) answer, fail and nest as they would without the agent, and the request log beside
 * the recording names each request by its route template, counting a servlet that calls a handler once.
 */
class EndpointsIT {

    @TempDir
    Path tmp;

    @Test
    void requestsAreNamedByRouteTemplatesAndTheHostBehavesAsBefore() throws Exception {
        Path rec = tmp.resolve("host.jfr");
        int n = 200;
        try (HostJvm host = HostJvm.start(
                Path.of(System.getProperty("java.home")),
                tmp,
                "engine=async,endpoints=on,file=" + rec,
                List.of(),
                List.of(jarOf(jakarta.servlet.http.HttpServlet.class), jarOf(jakarta.ws.rs.GET.class)),
                "io.wirecost.samplehost.ServletHost",
                String.valueOf(n))) {
            assertEquals(0, host.waitFor(120), host.err());
            assertEquals("ok", host.out().strip(), host.err());
            assertEquals("", host.err().strip(), "the agent says nothing when all goes well");
        }
        RequestLog log = RequestLog.read(RequestLog.beside(rec));
        Map<String, Long> byName = new TreeMap<>();
        log.requestsEnding(Long.MIN_VALUE, Long.MAX_VALUE)
                .forEach((id, count) -> byName.merge(log.endpoints().get(id), count, Long::sum));
        assertEquals(
                Map.of(
                        // the servlet's calls of the resource, and the resource called alone
                        "GET /orders/{id}", 2L * n,
                        // no handler: the servlet path names it (with no mapping, as before Servlet 4)
                        "GET /shop/plain", (long) n,
                        "GET /shop/fail", (long) n),
                byName);
        assertTrue(log.endpoints().values().stream().noneMatch(e -> e.contains("/orders/1")), "never a raw path");
    }

    private static String jarOf(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
    }
}
