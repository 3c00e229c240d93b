package io.wirecost.scenarios.rest;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.payload.Data2;
import io.wirecost.scenarios.payload.Data3;
import io.wirecost.scenarios.payload.PayloadTester;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The REST client: the JDK's {@link HttpClient} (one client, its pool keeps the connection alive) and
 * Jackson to read the answers, seen as an {@link RTTTester} and a {@link PayloadTester} so the shared
 * checks ({@code Answers}, {@code PayloadCalls}) judge every answer. No Jakarta REST client: the JDK's
 * client is what the scenario measures, with nothing between it and Jackson.
 */
final class JsonClient implements RTTTester, PayloadTester {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JavaType INT = type(new TypeReference<Value<Integer>>() {});
    private static final JavaType SHORT = type(new TypeReference<Value<Short>>() {});
    private static final JavaType LONG = type(new TypeReference<Value<Long>>() {});
    private static final JavaType FLOAT = type(new TypeReference<Value<Float>>() {});
    private static final JavaType DOUBLE = type(new TypeReference<Value<Double>>() {});
    private static final JavaType BOOLEAN = type(new TypeReference<Value<Boolean>>() {});
    private static final JavaType BYTE = type(new TypeReference<Value<Byte>>() {});
    private static final JavaType STRING = type(new TypeReference<Value<String>>() {});

    private final HttpClient http;
    private final String base;
    private final Duration timeout;
    private volatile HttpClient.Version lastVersion;

    JsonClient(HttpClient http, String base, Duration timeout) {
        this.http = http;
        this.base = base;
        this.timeout = timeout;
    }

    private static JavaType type(TypeReference<?> ref) {
        return MAPPER.getTypeFactory().constructType(ref);
    }

    /** The HTTP version of the last answer: HTTP_2 once h2c's upgrade succeeded. */
    HttpClient.Version lastVersion() {
        return lastVersion;
    }

    @Override
    public int returnRTTforInt() {
        return this.<Value<Integer>>get("/rtt/int", INT).value();
    }

    @Override
    public short returnRTTforShort() {
        return this.<Value<Short>>get("/rtt/short", SHORT).value();
    }

    @Override
    public long returnRTTforLong() {
        return this.<Value<Long>>get("/rtt/long", LONG).value();
    }

    @Override
    public float returnRTTforFloat() {
        return this.<Value<Float>>get("/rtt/float", FLOAT).value();
    }

    @Override
    public double returnRTTforDouble() {
        return this.<Value<Double>>get("/rtt/double", DOUBLE).value();
    }

    @Override
    public boolean returnRTTforBool() {
        return this.<Value<Boolean>>get("/rtt/boolean", BOOLEAN).value();
    }

    @Override
    public byte returnRTTforByte() {
        return this.<Value<Byte>>get("/rtt/byte", BYTE).value();
    }

    @Override
    public String returnRTTforString() {
        return this.<Value<String>>get("/rtt/string", STRING).value();
    }

    @Override
    public String getString(int length) {
        return this.<Value<String>>get("/payload/string/" + length, STRING).value();
    }

    @Override
    public Data2[] f1(int count) {
        return get("/payload/data2/" + count, MAPPER.constructType(Data2[].class));
    }

    @Override
    public Data3 getCustomerRecord(int index) {
        return get("/payload/data3/" + index, MAPPER.constructType(Data3.class));
    }

    @Override
    public Data3[] getCustomersForSalesRep(int count) {
        return get("/payload/data3s/" + count, MAPPER.constructType(Data3[].class));
    }

    @Override
    public int[] invert(int[] values) {
        try {
            HttpRequest req = request("/payload/invert")
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(MAPPER.writeValueAsBytes(values)))
                    .build();
            return read(req, MAPPER.constructType(int[].class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout).header("Accept", "application/json");
    }

    private <T> T get(String path, JavaType type) {
        return read(request(path).GET().build(), type);
    }

    private <T> T read(HttpRequest req, JavaType type) {
        try {
            HttpResponse<byte[]> resp = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
            lastVersion = resp.version();
            if (resp.statusCode() != 200) {
                throw new IllegalStateException(
                        req.method() + " " + req.uri().getPath() + " answered HTTP " + resp.statusCode());
            }
            return MAPPER.readValue(resp.body(), type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
