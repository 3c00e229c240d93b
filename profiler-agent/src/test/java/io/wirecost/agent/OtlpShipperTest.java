package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import io.wirecost.attribution.OtlpHttpSender;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The agent's OTLP sender against a real HTTP server of the test's own (the JDK's), one test per fault: the
 * Collector down, slow, refusing for now, refusing for good. In each, offering never blocks, memory stays
 * within the byte cap, what is dropped is counted by reason, each condition is logged once, and sending
 * resumes when the Collector is back.
 */
class OtlpShipperTest {

    private static final long CAP = 64 * 1024;
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            warnings.add(r.getLevel() + " " + r.getMessage());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };
    private HttpServer server;
    private OtlpShipper shipper;
    private final AtomicInteger received = new AtomicInteger();
    private volatile int status = 200;
    private volatile long delayMs;

    @BeforeEach
    void listen() {
        AgentLog.LOG.addHandler(capture);
    }

    @AfterEach
    void stop() {
        AgentLog.LOG.removeHandler(capture);
        if (shipper != null) shipper.close();
        if (server != null) server.stop(0);
    }

    private void serve(int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/v1development/profiles", ex -> {
            ex.getRequestBody().readAllBytes();
            try {
                Thread.sleep(delayMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (status == 200) received.incrementAndGet();
            ex.sendResponseHeaders(status, -1);
            ex.close();
        });
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(2));
        server.start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private void ship(int port) {
        OtlpHttpSender http = new OtlpHttpSender("http://127.0.0.1:" + port, Map.of(), null, Duration.ofMillis(300));
        shipper = new OtlpShipper(http::send, CAP, 20, new AgentThreads());
    }

    /** A request of about 10 kB: the cap holds six of them. */
    private static ExportProfilesServiceRequest profile() {
        return ExportProfilesServiceRequest.newBuilder()
                .setDictionary(ProfilesDictionary.newBuilder().addStringTable("x".repeat(10_000)))
                .build();
    }

    /** Offers 20 profiles (twice the cap), asserting each offer returns at once whatever the Collector does. */
    private void offerTwenty() {
        for (int i = 0; i < 20; i++) {
            long t0 = System.nanoTime();
            shipper.offer(profile());
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 100, "offer blocked " + ms + " ms");
            assertTrue(shipper.queuedBytes() <= CAP, "queue over its cap: " + shipper.queuedBytes());
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) throw new AssertionError("timed out waiting for: " + what);
            Thread.sleep(20);
        }
    }

    private long warningsAbout(String text) {
        return warnings.stream().filter(w -> w.contains(text)).count();
    }

    @Test
    void collectorDownThenBack() throws Exception {
        int port = freePort();
        ship(port);
        offerTwenty();
        await(() -> warningsAbout("no answer from") == 1, "one warning that the Collector is unreachable");
        assertTrue(shipper.dropped("queue_full") >= 13, "dropped " + shipper.dropped("queue_full"));
        Thread.sleep(300); // several more retries
        assertEquals(1, warningsAbout("no answer from"), "logged once, not per retry: " + warnings);
        assertEquals(1, warningsAbout("does not keep up"), "logged once, not per drop: " + warnings);
        serve(port);
        await(() -> shipper.queuedBytes() == 0, "the queue drained once the Collector is back");
        assertTrue(received.get() >= 6, "sent after reconnecting: " + received.get());
        assertEquals(1, warningsAbout("sending again"), warnings.toString());
    }

    @Test
    void collectorSlowerThanTheTimeout() throws Exception {
        int port = freePort();
        delayMs = 1_000;
        serve(port);
        ship(port);
        offerTwenty();
        await(() -> warningsAbout("no answer from") == 1, "one warning about the timeout");
        delayMs = 0;
        await(() -> shipper.queuedBytes() == 0, "the queue drained once the Collector is fast again");
        assertTrue(shipper.sent() >= 6, "sent: " + shipper.sent());
    }

    @Test
    void collectorRefusingForNowIsRetried() throws Exception {
        int port = freePort();
        status = 503;
        serve(port);
        ship(port);
        offerTwenty();
        await(() -> warningsAbout("HTTP 503") == 1, "one warning about the 503");
        assertEquals(0, shipper.dropped("rejected"), "a 503 is retried, not dropped");
        status = 200;
        await(() -> shipper.queuedBytes() == 0, "the queue drained once the Collector accepts");
        assertTrue(received.get() >= 6, "received: " + received.get());
        assertEquals(1, warningsAbout("HTTP 503"), warnings.toString());
    }

    @Test
    void collectorRefusingForGoodIsDroppedAndCounted() throws Exception {
        int port = freePort();
        status = 400;
        serve(port);
        ship(port);
        for (int i = 0; i < 5; i++) shipper.offer(profile());
        await(() -> shipper.dropped("rejected") == 5, "five profiles rejected");
        assertEquals(0, shipper.dropped("queue_full"));
        assertEquals(1, warningsAbout("HTTP 400"), "logged once: " + warnings);
        assertEquals(0, shipper.queuedBytes());
    }

    @Test
    void atExitWhatIsSentInTimeIsNotDroppedAndWhatIsLeftIsCounted() throws Exception {
        int port = freePort();
        serve(port);
        ship(port);
        for (int i = 0; i < 3; i++) shipper.offer(profile());
        assertEquals(0, shipper.closeWithin(5_000), "a Collector that answers gets the queue before the exit");
        assertEquals(3, received.get());
        assertEquals(0, shipper.dropped("exit"));

        ship(freePort()); // nothing listens: every send is retried with a backoff
        for (int i = 0; i < 3; i++) shipper.offer(profile());
        long t0 = System.nanoTime();
        assertEquals(3, shipper.closeWithin(300));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < 2_000, "closeWithin(300) took " + ms + " ms");
        assertEquals(3, shipper.dropped("exit"));
        assertEquals(0, shipper.queuedBytes());
        assertEquals(1, warningsAbout("3 profiles not sent at exit"), warnings.toString());
    }
}
