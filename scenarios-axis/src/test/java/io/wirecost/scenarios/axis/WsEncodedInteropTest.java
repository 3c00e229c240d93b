package io.wirecost.scenarios.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.testing.RecordingRelay;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * ws-encoded speaks real RPC/encoded SOAP 1.1: its WSDL says so, an envelope written by hand and
 * posted with java.net.http gets typed answers, the scenario's own client and server put
 * {@code encodingStyle} and {@code xsi:type} on the wire, and the keep-alive setting the client
 * reports is what the server sees.
 */
class WsEncodedInteropTest {

    static final String ENV = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String ENC = "http://schemas.xmlsoap.org/soap/encoding/";
    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    static final ScenarioConfig CONFIG = new ScenarioConfig(64, null);
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static ServerHandle server;
    static String url;

    @BeforeAll
    static void start() throws Exception {
        server = new WsEncodedScenario().startServer(CONFIG);
        url = server.endpoint().get("url");
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void servesAWsdlForRpcEncoded() throws Exception {
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(URI.create(server.endpoint().get("wsdl")))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        String wsdl = r.body();
        assertTrue(wsdl.contains("style=\"rpc\""), wsdl);
        assertTrue(wsdl.contains("use=\"encoded\""), wsdl);
        assertTrue(wsdl.contains("encodingStyle=\"" + ENC + "\""), wsdl);
        assertTrue(wsdl.contains("name=\"returnRTTforDouble\""), wsdl);
        assertTrue(wsdl.contains("<wsdl:service name=\"RTTTesterService\">"), wsdl);
    }

    @Test
    void aHandWrittenEncodedEnvelopeGetsTypedAnswers() throws Exception {
        Map<String, String[]> expected = Map.of(
                "returnRTTforInt", new String[] {"xsd:int", "1234567"},
                "returnRTTforShort", new String[] {"xsd:short", "12345"},
                "returnRTTforLong", new String[] {"xsd:long", "1234567890123"},
                "returnRTTforFloat", new String[] {"xsd:float", "1234.5"},
                "returnRTTforDouble", new String[] {"xsd:double", "12345.678"},
                "returnRTTforBool", new String[] {"xsd:boolean", "true"},
                "returnRTTforByte", new String[] {"xsd:byte", "123"},
                "returnRTTforString", new String[] {"soapenc:string", Operation.payloadString(64)});
        for (Map.Entry<String, String[]> e : expected.entrySet()) {
            HttpResponse<String> r = post(request(e.getKey()));
            assertEquals(200, r.statusCode(), r.body());
            Element value = returnValue(parse(r.body()), e.getKey());
            assertEquals(e.getValue()[0], value.getAttributeNS(XSI, "type"), r.body());
            assertEquals(e.getValue()[1], value.getTextContent(), r.body());
        }
    }

    @Test
    void anOperationThatIsNotDeployedIsAFault() throws Exception {
        HttpResponse<String> r = post(request("destroy"));
        assertEquals(500, r.statusCode());
        assertTrue(r.body().contains("faultcode"), r.body());
    }

    @Test
    void theScenarioClientPutsSoapEncodingOnOneKeptAliveConnection() throws Exception {
        Map<String, String> before = server.info();
        String[] wire = throughRelay(
                CONFIG, client -> assertEquals("true", client.info().get(WsEncodedScenario.KEEP_ALIVE_OPTION)));
        assertTrue(wire[0].contains("encodingStyle=\"" + ENC + "\""), wire[0]);
        assertTrue(wire[0].contains("HTTP/1.1"), wire[0]);
        assertFalse(wire[0].contains("chunked"), wire[0]);
        assertTrue(wire[1].contains("encodingStyle=\"" + ENC + "\""), wire[1]);
        assertTrue(wire[1].contains("xsi:type=\"xsd:int\""), wire[1]);
        assertTrue(wire[1].contains("xsi:type=\"soapenc:string\""), wire[1]);
        assertTrue(
                wire[1].contains("<returnRTTforIntReturn href=\"#id0\"/>") && wire[1].contains("<multiRef id=\"id0\""),
                "Axis answers its own client with SOAP-encoded multi-refs: " + wire[1]);
        // wsdl4j fetches the WSDL with java.net.URL; the 160 calls share Commons HttpClient's one connection
        assertEquals(2, delta(before, "http.clientConnections"), "one connection for the WSDL, one for 160 calls");
        assertEquals(161, delta(before, "http.requests"));
        assertEquals(160, delta(before, "service.invocations"));
    }

    @Test
    void withoutKeepAliveEveryCallOpensAConnection() throws Exception {
        ScenarioConfig noKeepAlive = new ScenarioConfig(64, null, Map.of(WsEncodedScenario.KEEP_ALIVE_OPTION, "false"));
        Map<String, String> before = server.info();
        String[] wire = throughRelay(
                noKeepAlive, client -> assertEquals("false", client.info().get(WsEncodedScenario.KEEP_ALIVE_OPTION)));
        assertTrue(wire[0].contains("HTTP/1.0"), wire[0]);
        assertTrue(delta(before, "http.clientConnections") > 150, server.info().toString());
    }

    @Test
    void aBadKeepAliveValueIsRefused() {
        ScenarioConfig bad = new ScenarioConfig(64, null, Map.of(WsEncodedScenario.KEEP_ALIVE_OPTION, "yes"));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new WsEncodedScenario().startServer(bad));
        assertEquals("http.keepAlive must be true or false, got 'yes'", e.getMessage());
    }

    interface ClientCheck {
        void check(RttClient client) throws Exception;
    }

    /** 20 rounds of the eight operations through a recording relay; returns {client-to-server, server-to-client}. */
    static String[] throughRelay(ScenarioConfig config, ClientCheck check) throws Exception {
        int port = URI.create(url).getPort();
        try (RecordingRelay relay = new RecordingRelay(port)) {
            String relayUrl = "http://127.0.0.1:" + relay.port() + AxisServer.PATH;
            try (RttClient client =
                    new WsEncodedScenario().connect(Endpoint.of("url", relayUrl, "wsdl", relayUrl + "?wsdl"), config)) {
                for (int i = 0; i < 20; i++)
                    for (Operation op : Operation.all()) client.invocation(op).call();
                check.check(client);
            }
            return new String[] {relay.clientToServer(), relay.serverToClient()};
        }
    }

    static long delta(Map<String, String> before, String key) {
        return Long.parseLong(server.info().get(key)) - Long.parseLong(before.get(key));
    }

    static String request(String operation) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<soapenv:Envelope xmlns:soapenv=\"" + ENV + "\">"
                + "<soapenv:Body><r:" + operation + " xmlns:r=\"" + AxisServer.NAMESPACE + "\" soapenv:encodingStyle=\""
                + ENC + "\"/>"
                + "</soapenv:Body></soapenv:Envelope>";
    }

    static HttpResponse<String> post(String envelope) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(url))
                        .header("Content-Type", "text/xml; charset=utf-8")
                        .header("SOAPAction", "\"\"")
                        .POST(HttpRequest.BodyPublishers.ofString(envelope))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** The operation's return element, following an encoded {@code href} to its multiRef. */
    static Element returnValue(Document d, String operation) {
        NodeList nl = d.getElementsByTagName(operation + "Return");
        assertEquals(1, nl.getLength(), operation);
        Element ret = (Element) nl.item(0);
        String href = ret.getAttribute("href");
        if (href.isEmpty()) return ret;
        NodeList refs = d.getElementsByTagName("multiRef");
        for (int i = 0; i < refs.getLength(); i++) {
            Element m = (Element) refs.item(i);
            if (("#" + m.getAttribute("id")).equals(href)) return m;
        }
        assertNotNull(null, "no multiRef for " + href);
        return null;
    }
}
