package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestLogTest {

    /** The agent's writer's format, written here by hand: the reader owns it. */
    static byte[] log(Map<Integer, String> endpoints, long[]... requests) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(RequestLog.MAGIC);
        out.writeInt(RequestLog.VERSION);
        for (Map.Entry<Integer, String> e : endpoints.entrySet()) {
            out.writeByte(RequestLog.ENDPOINT);
            out.writeInt(e.getKey());
            out.writeUTF(e.getValue());
        }
        out.writeByte(RequestLog.REQUESTS);
        out.writeInt(requests.length);
        for (long[] r : requests) {
            out.writeLong(r[0]);
            out.writeLong(r[1]);
            out.writeLong(r[2]);
            out.writeInt((int) r[3]);
        }
        out.flush();
        return bytes.toByteArray();
    }

    @Test
    void findsTheRequestRunningOnAThreadAtATime() throws IOException {
        byte[] b = log(
                Map.of(2, "GET /rtt/int", 3, "GET /rtt/string"),
                new long[] {7, 300, 400, 3}, // out of order on thread 7: the reader sorts
                new long[] {7, 100, 200, 2},
                new long[] {8, 100, 500, 3});
        RequestLog log = RequestLog.read(new ByteArrayInputStream(b), "t");
        assertEquals(2, log.endpointAt(7, 100));
        assertEquals(2, log.endpointAt(7, 200));
        assertEquals(-1, log.endpointAt(7, 250), "between two requests: no endpoint");
        assertEquals(3, log.endpointAt(7, 350));
        assertEquals(-1, log.endpointAt(7, 401));
        assertEquals(-1, log.endpointAt(7, 50));
        assertEquals(3, log.endpointAt(8, 450));
        assertEquals(-1, log.endpointAt(9, 150), "a thread that served no request");
        assertEquals(Map.of(2, 1L, 3, 1L), log.requestsEnding(150, 450));
        assertEquals("GET /rtt/string", log.endpoints().get(3));
    }

    /** A gRPC call runs in callbacks: every one's samples are the endpoint's, only the closing one is the request. */
    @Test
    void segmentsCarryTheirEndpointsCpuButCountNoRequest() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(log(Map.of(2, "wirecost.rtt.RttTester/ReturnRttForInt"), new long[] {7, 500, 600, 2}));
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeByte(RequestLog.SEGMENTS);
        out.writeInt(2);
        for (long[] r : new long[][] {{7, 100, 200, 2}, {7, 300, 400, 2}}) {
            out.writeLong(r[0]);
            out.writeLong(r[1]);
            out.writeLong(r[2]);
            out.writeInt((int) r[3]);
        }
        out.flush();
        RequestLog log = RequestLog.read(new ByteArrayInputStream(bytes.toByteArray()), "t");
        assertEquals(2, log.endpointAt(7, 150), "the message's callback");
        assertEquals(2, log.endpointAt(7, 350), "the half-close");
        assertEquals(2, log.endpointAt(7, 550), "the close");
        assertEquals(-1, log.endpointAt(7, 250));
        assertEquals(Map.of(2, 1L), log.requestsEnding(0, 1000), "one call, one request");
        assertEquals(1, log.requests().size());
    }

    @Test
    void aFileCutShortKeepsItsWholeRecords() throws IOException {
        byte[] b = log(Map.of(2, "GET /a"), new long[] {1, 10, 20, 2}, new long[] {1, 30, 40, 2});
        RequestLog log = RequestLog.read(new ByteArrayInputStream(Arrays.copyOf(b, b.length - 5)), "t");
        assertEquals(2, log.endpointAt(1, 15));
        assertEquals(-1, log.endpointAt(1, 35));
    }

    @Test
    void rejectsAFileThatIsNoRequestLog() {
        IOException e = assertThrows(
                IOException.class,
                () -> RequestLog.read(new ByteArrayInputStream("not a log".getBytes()), "x.requests"));
        assertEquals("x.requests is not a wirecost request log", e.getMessage());
    }

    @Test
    void liesBesideItsRecording() {
        assertEquals(Path.of("/r/app-1.requests"), RequestLog.beside(Path.of("/r/app-1.jfr")));
    }

    @Test
    void poissonIntervalMatchesTheExactOne() {
        // Garwood's exact 95 % limits (chi-square quantiles): k=0 [0, 3.689], k=10 [4.795, 18.39], k=100 [81.36,
        // 121.63]
        double[] zero = EndpointCost.poisson95(0);
        assertEquals(0, zero[0]);
        assertEquals(3.689, zero[1], 0.03); // Byar is 0.6 % low at 0
        double[] ten = EndpointCost.poisson95(10);
        assertEquals(4.795, ten[0], 0.02);
        assertEquals(18.39, ten[1], 0.05);
        double[] hundred = EndpointCost.poisson95(100);
        assertEquals(81.36, hundred[0], 0.05);
        assertEquals(121.63, hundred[1], 0.05);
    }
}
