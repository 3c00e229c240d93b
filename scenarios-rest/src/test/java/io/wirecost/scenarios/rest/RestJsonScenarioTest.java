package io.wirecost.scenarios.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.payload.Payload;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * rest-json and rest-json-h2, client and server in one JVM on loopback: every RTTTester operation and
 * every kind of payload comes back right (each call checks its answer), the wire carries plain JSON, and
 * the h2 scenario really speaks HTTP/2 after the upgrade while rest-json stays on HTTP/1.1.
 */
class RestJsonScenarioTest {

    private static final String[] PAYLOADS = {"string-4096", "data2-32", "data3-1", "data3-16", "ints-1000"};

    @Test
    void restJsonAnswersEverythingOverHttp11() throws Exception {
        assertEverythingAnswered(new RestJsonScenario(), "HTTP_1_1");
    }

    @Test
    void restJsonH2AnswersEverythingOverHttp2() throws Exception {
        assertEverythingAnswered(new RestJsonH2Scenario(), "HTTP_2");
    }

    @Test
    void theWireCarriesJson() throws Exception {
        ScenarioConfig config = new ScenarioConfig(64, null);
        try (ServerHandle server = new RestJsonScenario().startServer(config)) {
            HttpResponse<String> r = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(server.endpoint().get("url") + "/rtt/int"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertEquals("{\"value\":1234567}", r.body());
            assertEquals(
                    "application/json", r.headers().firstValue("Content-Type").orElse(""));
            HttpResponse<String> bad = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(server.endpoint().get("url") + "/payload/data2/0"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertEquals(400, bad.statusCode());
        }
    }

    private static void assertEverythingAnswered(Scenario scenario, String version) throws Exception {
        ScenarioConfig config = new ScenarioConfig(64, null);
        try (ServerHandle server = scenario.startServer(config);
                RttClient client = scenario.connect(server.endpoint(), config)) {
            for (Operation op : Operation.values()) client.invocation(op).call();
            for (String p : PAYLOADS) client.invocation(Payload.parse(p)).call();
            assertEquals("8", server.info().get("service.invocations"));
            client.invocation(Operation.INT).call();
            assertEquals(version, client.info().get("http.version"));
        }
    }
}
