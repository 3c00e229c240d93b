package io.wirecost.scenarios.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.testing.RecordingRelay;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * ws-literal speaks plain document/literal SOAP 1.1: its WSDL is served, an envelope written by hand
 * and posted with java.net.http gets the right answers, and the scenario's own client and server put
 * literal XML on the wire (no SOAP encoding), over one kept-alive connection.
 */
class WsLiteralInteropTest {

    static final ScenarioConfig CONFIG = new ScenarioConfig(64, null);
    static ServerHandle server;
    static String url;

    @BeforeAll
    static void start() throws Exception {
        server = new WsLiteralScenario().startServer(CONFIG);
        url = server.endpoint().get("url");
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void servesAWsdlForDocumentLiteral() throws Exception {
        HttpResponse<String> r = Soap.get(server.endpoint().get("wsdl"));
        assertEquals(200, r.statusCode());
        String wsdl = r.body();
        assertTrue(wsdl.contains("style=\"document\""), wsdl);
        assertTrue(wsdl.contains("use=\"literal\""), wsdl);
        assertFalse(wsdl.contains("encoded"), wsdl);
        for (String op : new String[] {"returnRTTforInt", "returnRTTforBool", "returnRTTforString"}) {
            assertTrue(wsdl.contains("name=\"" + op + "\""), op);
        }
        assertTrue(wsdl.contains(url), "the WSDL's soap:address is the endpoint: " + wsdl);
    }

    @Test
    void aHandWrittenEnvelopeGetsEveryAnswer() throws Exception {
        Map<String, String> expected = Map.of(
                "returnRTTforInt",
                "1234567",
                "returnRTTforShort",
                "12345",
                "returnRTTforLong",
                "1234567890123",
                "returnRTTforFloat",
                "1234.5",
                "returnRTTforDouble",
                "12345.678",
                "returnRTTforBool",
                "true",
                "returnRTTforByte",
                "123",
                "returnRTTforString",
                Operation.payloadString(64));
        for (Map.Entry<String, String> e : expected.entrySet()) {
            HttpResponse<String> r = Soap.post(url, Soap.request(e.getKey()));
            assertEquals(200, r.statusCode(), r.body());
            Document d = Soap.parse(r.body());
            assertEquals(
                    e.getKey() + "Response",
                    d.getElementsByTagNameNS(RttPort.NAMESPACE, e.getKey() + "Response")
                            .item(0)
                            .getLocalName());
            assertEquals(e.getValue(), Soap.text(d, "return"), e.getKey() + ": " + r.body());
        }
    }

    @Test
    void anUnknownOperationIsASoapFault() throws Exception {
        HttpResponse<String> r = Soap.post(url, Soap.request("returnRTTforNothing"));
        assertEquals(500, r.statusCode());
        assertTrue(r.body().contains("Fault"), r.body());
    }

    @Test
    void theScenarioClientPutsLiteralXmlOnOneKeptAliveConnection() throws Exception {
        int port = Integer.parseInt(url.replaceAll(".*:(\\d+)/.*", "$1"));
        try (RecordingRelay relay = new RecordingRelay(port)) {
            String relayUrl = "http://127.0.0.1:" + relay.port() + MetroServer.PATH;
            long before = Long.parseLong(server.info().get("service.invocations"));
            try (RttClient client =
                    new WsLiteralScenario().connect(Endpoint.of("url", relayUrl, "wsdl", relayUrl + "?wsdl"), CONFIG)) {
                for (int i = 0; i < 20; i++)
                    for (Operation op : Operation.all()) client.invocation(op).call();
                assertEquals("true", client.info().get("http.keepAlive"));
            }
            assertEquals(before + 160, Long.parseLong(server.info().get("service.invocations")));
            String request = relay.clientToServer();
            String response = relay.serverToClient();
            assertTrue(request.contains("POST " + MetroServer.PATH + " HTTP/1.1"), request);
            assertTrue(request.contains(":returnRTTforInt"), request);
            assertTrue(response.contains("<return>1234567</return>"), response);
            for (String wire : new String[] {request, response}) {
                assertFalse(wire.contains("encodingStyle"), "no SOAP encoding on the wire");
                assertFalse(wire.contains("xsi:type"), "no xsi:type on the wire");
            }
            // 160 calls and a WSDL fetch: a kept-alive connection carries many requests
            long posts = request.split("POST ", -1).length - 1;
            assertEquals(160, posts);
        }
        Map<String, String> info = server.info();
        assertTrue(
                Long.parseLong(info.get("http.clientConnections")) * 20 < Long.parseLong(info.get("http.requests")),
                info.toString());
    }
}
