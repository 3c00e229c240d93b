package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.profiles.v1development.KeyValueAndUnit;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import io.opentelemetry.proto.profiles.v1development.Sample;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded agent in a real JVM sends each window as one OTLP profile to an HTTP server of the test's own,
 * without a metrics endpoint: the samples carry their category (the busy serializer's
 * serialization-out) and the resource names the service and the host process. The real Collector end to end
 * is the fleet tests' part.
 */
class OtlpAgentIT {

    private static final String SAMPLE = "io.wirecost.agent.sample.BusySerializer";

    @TempDir
    Path tmp;

    @Test
    void eachWindowGoesOutAsOneProfileWithCategories() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        LinkedBlockingQueue<byte[]> bodies = new LinkedBlockingQueue<>();
        LinkedBlockingQueue<String> auth = new LinkedBlockingQueue<>();
        server.createContext("/v1development/profiles", ex -> {
            bodies.add(ex.getRequestBody().readAllBytes());
            auth.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        server.start();
        try (HostJvm host = HostJvm.start(
                tmp.resolve("host"),
                "otlp.endpoint=http://127.0.0.1:" + server.getAddress().getPort() + ",otlp.interval=1s,"
                        + "otlp.headers=Authorization=Bearer t0k,service.name=otlp-it",
                List.of(),
                SAMPLE,
                "30")) {
            Map<String, Long> byCategory = new HashMap<>();
            ExportProfilesServiceRequest last = null;
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            int requests = 0;
            // the samples, not a rate: a loaded machine gives the sample program less CPU per second
            while ((byCategory.getOrDefault("serialization-out", 0L) < 5 || requests < 2) && System.nanoTime() < end) {
                byte[] body = bodies.poll(1, TimeUnit.SECONDS);
                if (body == null) continue;
                last = ExportProfilesServiceRequest.parseFrom(body);
                requests++;
                ProfilesDictionary d = last.getDictionary();
                Profile p = last.getResourceProfiles(0).getScopeProfiles(0).getProfiles(0);
                for (Sample s : p.getSamplesList()) {
                    for (int i : s.getAttributeIndicesList()) {
                        KeyValueAndUnit kv = d.getAttributeTable(i);
                        if (d.getStringTable(kv.getKeyStrindex()).equals("wirecost.category"))
                            byCategory.merge(
                                    kv.getValue().getStringValue(), (long) s.getTimestampsUnixNanoCount(), Long::sum);
                    }
                }
            }
            assertTrue(
                    byCategory.getOrDefault("serialization-out", 0L) >= 5 && requests >= 2,
                    requests + " windows received, samples by category: " + byCategory + "; agent said: "
                            + Files.readString(host.stderr));
            Map<String, Object> resource = new HashMap<>();
            for (KeyValue kv : last.getResourceProfiles(0).getResource().getAttributesList())
                resource.put(
                        kv.getKey(),
                        kv.getValue().hasIntValue()
                                ? kv.getValue().getIntValue()
                                : kv.getValue().getStringValue());
            assertEquals("otlp-it", resource.get("service.name"));
            assertEquals(host.process.pid(), resource.get("process.pid"));
            assertEquals("Bearer t0k", auth.peek());
        } finally {
            server.stop(0);
        }
    }

    /**
     * A JVM that lives shorter than {@code otlp.interval} still sends its profile: at exit its window is read and
     * sent. With the Collector down the exit waits only the agent's bounds, and the profile left unsent is said.
     */
    @Test
    void aJvmThatExitsBeforeItsFirstWindowEndsStillSendsItsProfile() throws Exception {
        int port = sendsItsOnlyWindowAtExit(
                "short", "", List.of("wirecost.profiler=async-profiler", "wirecost.profiler.event=itimer"));

        // nothing listens there any more: the exit must not wait on retries, and says what it did not send
        try (HostJvm host = HostJvm.start(
                tmp.resolve("down"),
                "otlp.endpoint=http://127.0.0.1:" + port + ",otlp.interval=300s,service.name=short-lived",
                List.of(),
                SAMPLE,
                "4")) {
            long t0 = System.nanoTime();
            assertEquals(0, host.waitFor(60), Files.readString(host.stderr));
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
            String said = Files.readString(host.stderr);
            assertTrue(said.contains("1 profile not sent at exit"), said);
            // 4 s of work, the JVM's start, and at most the agent's bounds (2 s read, 2 s send); generous for load
            assertTrue(seconds < 30, "exit took " + seconds + " s: " + said);
        }
    }

    /**
     * The same with JDK Flight Recorder sampling ({@code engine=jfr}): JFR's own exit hook stops its recordings
     * beside the agent's, and the last window must still be read whole and sent.
     */
    @Test
    void aJfrSampledJvmAlsoSendsItsLastWindowAtExit() throws Exception {
        sendsItsOnlyWindowAtExit("jfr", "engine=jfr,", List.of("wirecost.profiler=jdk"));
    }

    /**
     * Runs the busy sample for 4 s under a window of 300 s to a receiver of the test's own: at exit the one window,
     * read at exit, must arrive as one profile holding the sample's category, its scope naming the profiler that took
     * the samples and async-profiler's event ({@code scope}: key=value). Returns the receiver's (now closed) port.
     */
    private int sendsItsOnlyWindowAtExit(String name, String agentOptions, List<String> scope) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        LinkedBlockingQueue<byte[]> bodies = new LinkedBlockingQueue<>();
        server.createContext("/v1development/profiles", ex -> {
            bodies.add(ex.getRequestBody().readAllBytes());
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        server.start();
        int port = server.getAddress().getPort();
        try (HostJvm host = HostJvm.start(
                tmp.resolve(name),
                agentOptions + "otlp.endpoint=http://127.0.0.1:" + port
                        + ",otlp.interval=300s,service.name=short-lived",
                List.of(),
                SAMPLE,
                "4")) {
            assertEquals(0, host.waitFor(60), Files.readString(host.stderr));
            String said = Files.readString(host.stderr);
            byte[] body = bodies.poll(5, TimeUnit.SECONDS);
            assertTrue(body != null, "no profile sent at exit; agent said: " + said);
            ExportProfilesServiceRequest r = ExportProfilesServiceRequest.parseFrom(body);
            assertTrue(
                    samples(r, "serialization-out") > 0,
                    r.getDictionary().getStringTableList().toString());
            assertEquals(
                    scope,
                    r.getResourceProfiles(0).getScopeProfiles(0).getScope().getAttributesList().stream()
                            .filter(kv -> kv.getKey().startsWith("wirecost.profiler"))
                            .map(kv -> kv.getKey() + "=" + kv.getValue().getStringValue())
                            .toList());
            assertEquals(null, bodies.poll(1, TimeUnit.SECONDS), "one window, one profile");
            assertTrue(!said.contains("failed") && !said.contains("not sent"), said);
        } finally {
            server.stop(0);
        }
        return port;
    }

    private static long samples(ExportProfilesServiceRequest r, String category) {
        ProfilesDictionary d = r.getDictionary();
        long n = 0;
        for (Sample s :
                r.getResourceProfiles(0).getScopeProfiles(0).getProfiles(0).getSamplesList())
            for (int i : s.getAttributeIndicesList()) {
                KeyValueAndUnit kv = d.getAttributeTable(i);
                if (d.getStringTable(kv.getKeyStrindex()).equals("wirecost.category")
                        && kv.getValue().getStringValue().equals(category)) n += s.getTimestampsUnixNanoCount();
            }
        return n;
    }
}
