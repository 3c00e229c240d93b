package io.wirecost.scenarios.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.security.KeyMaterial;
import io.wirecost.scenarios.ws.security.MessageSecurer;
import io.wirecost.scenarios.ws.security.MessageVerifier;
import io.wirecost.scenarios.ws.security.WssKeys;
import io.wirecost.scenarios.ws.security.WssSuite;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.EnumMap;
import java.util.Map;
import org.apache.wss4j.dom.WSConstants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * ws-security under both suites: a valid request (from the scenario's Metro client, and from a
 * hand-built envelope secured with WSS4J and posted with java.net.http) is answered with a signed and
 * encrypted response; an unsigned request, a tampered body, an expired Timestamp and a certificate
 * from another CA each get a SOAP fault, and the service implementation never sees them.
 */
class WsSecurityTest {

    @TempDir
    static Path tmp;

    static KeyMaterial keys;
    static WssKeys client;
    static X509Certificate serverCert;
    static final Map<WssSuite, ServerHandle> SERVERS = new EnumMap<>(WssSuite.class);

    @BeforeAll
    static void start() throws Exception {
        keys = KeyMaterial.generateWithRefusedClients(tmp.resolve("keys"), Duration.ofHours(1));
        client = WssKeys.load(keys, KeyMaterial.CLIENT, "client");
        serverCert = keys.certificate(KeyMaterial.SERVER_CERT, "server");
        for (WssSuite s : WssSuite.values()) SERVERS.put(s, new WsSecurityScenario().startServer(config(s)));
    }

    @AfterAll
    static void stop() throws Exception {
        for (ServerHandle h : SERVERS.values()) h.close();
    }

    static ScenarioConfig config(WssSuite suite) {
        return new ScenarioConfig(64, keys.dir(), Map.of(WssSuite.OPTION, suite.label()));
    }

    @ParameterizedTest
    @EnumSource(WssSuite.class)
    void theScenarioClientGetsEveryAnswer(WssSuite suite) throws Exception {
        ServerHandle server = SERVERS.get(suite);
        long before = invocations(server);
        try (RttClient c = new WsSecurityScenario().connect(server.endpoint(), config(suite))) {
            for (Operation op : Operation.all()) c.invocation(op).call();
            assertEquals(suite.label(), c.info().get("wss.suite"));
            assertTrue(
                    c.info().get("jce.cipher." + suite.cipherJceName()).startsWith("SunJCE"),
                    c.info().toString());
        }
        assertEquals(before + 8, invocations(server));
        assertEquals(suite.label(), server.info().get("wss.suite"));
    }

    @ParameterizedTest
    @EnumSource(WssSuite.class)
    void aHandBuiltSecuredEnvelopeIsAnsweredSignedAndEncrypted(WssSuite suite) throws Exception {
        // pretty-printed, as other stacks send it: blanks in the Body must not break the SAAJ document
        HttpResponse<String> r = post(suite, secured(suite, client, Instant::now, "\n  "));
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().contains("EncryptedData"), "the response body is encrypted");
        assertFalse(r.body().contains("1234567"), "no answer in clear text");
        Document response = Soap.parse(r.body());
        X509Certificate signer = new MessageVerifier(client, suite, "CN=localhost", serverCert).verify(response);
        assertEquals(serverCert, signer);
        assertEquals("1234567", Soap.text(response, "return"));
    }

    @ParameterizedTest
    @EnumSource(WssSuite.class)
    void anUnsignedRequestIsRefused(WssSuite suite) throws Exception {
        assertRefused(suite, Soap.request("returnRTTforInt"), "no wsse:Security header");
    }

    @ParameterizedTest
    @EnumSource(WssSuite.class)
    void aTamperedBodyIsRefused(WssSuite suite) throws Exception {
        // The body starts with a blank, so the plaintext's first bytes are " <r:returnRTTforInt".
        // XOR-ing the IV (the first block of the CipherValue) changes the decrypted blank into a tab
        // and nothing else (CBC): well-formed, and Metro would dispatch it, so only the signature
        // over the Body can catch it (GCM's tag catches it first).
        Document d = Soap.parse(secured(suite, client, Instant::now, " "));
        Element cipherValue = (Element)
                d.getElementsByTagNameNS(WSConstants.ENC_NS, "CipherValue").item(1);
        Element encryptedData = (Element) cipherValue.getParentNode().getParentNode();
        assertEquals("EncryptedData", encryptedData.getLocalName(), "the second CipherValue is the Body's");
        byte[] c = Base64.getMimeDecoder().decode(cipherValue.getTextContent());
        c[0] ^= ' ' ^ '\t';
        cipherValue.setTextContent(Base64.getEncoder().encodeToString(c));
        String refusal = assertRefused(suite, Soap.serialize(d), null);
        // CBC: the digest over the decrypted Body differs; GCM: the authentication tag fails first
        assertTrue(refusal.toLowerCase().contains(suite == WssSuite.PAPER ? "signature" : "tag mismatch"), refusal);
    }

    @ParameterizedTest
    @EnumSource(WssSuite.class)
    void anExpiredTimestampIsRefused(WssSuite suite) throws Exception {
        Instant tenMinutesAgo = Instant.now().minus(Duration.ofMinutes(10));
        String refusal = assertRefused(suite, secured(suite, client, () -> tenMinutesAgo, ""), null);
        assertTrue(refusal.toLowerCase().contains("expired"), refusal);
    }

    /** A valid request captured and sent again, while its Timestamp is still valid, is refused as a replay. */
    @ParameterizedTest
    @EnumSource(WssSuite.class)
    void aReplayedRequestIsRefusedWithinItsLifetime(WssSuite suite) throws Exception {
        String captured = secured(suite, client, Instant::now, "");
        assertEquals(200, post(suite, captured).statusCode(), "the original is answered");
        String refusal = assertRefused(suite, captured, null);
        assertTrue(refusal.toLowerCase().contains("replay"), refusal);
    }

    /** A captured request replayed after its Timestamp expired is refused for that reason. */
    @ParameterizedTest
    @EnumSource(WssSuite.class)
    void aReplayedRequestIsRefusedAfterItExpires(WssSuite suite) throws Exception {
        // captured when it was sent, MessageSecurer.TTL_SECONDS + 60 seconds ago: its Timestamp has expired by now
        Instant sent = Instant.now().minus(Duration.ofSeconds(MessageSecurer.TTL_SECONDS + 60));
        String refusal = assertRefused(suite, secured(suite, client, () -> sent, ""), null);
        assertTrue(refusal.toLowerCase().contains("expired"), refusal);
    }

    @ParameterizedTest
    @EnumSource(WssSuite.class)
    void aCertificateFromAnotherCaIsRefused(WssSuite suite) throws Exception {
        WssKeys rogue = WssKeys.load(keys, KeyMaterial.ROGUE, "client");
        String refusal = assertRefused(suite, secured(suite, rogue, Instant::now, ""), null);
        assertTrue(refusal.contains("certificate path validation"), refusal);
    }

    /** A request signed by {@code signer} with a Timestamp from {@code clock}, encrypted for the server. */
    static String secured(
            WssSuite suite, WssKeys signer, org.apache.wss4j.common.util.WSTimeSource clock, String leading)
            throws Exception {
        Document d = Soap.parse(Soap.request("returnRTTforInt").replace("<soapenv:Body>", "<soapenv:Body>" + leading));
        new MessageSecurer(signer, suite, clock).secure(d, serverCert);
        return Soap.serialize(d);
    }

    static HttpResponse<String> post(WssSuite suite, String envelope) throws Exception {
        return Soap.post(SERVERS.get(suite).endpoint().get("url"), envelope);
    }

    /** Posts, expects a SOAP fault with a WS-Security fault code and no call of the service; returns the server's reason. */
    static String assertRefused(WssSuite suite, String envelope, String reason) throws Exception {
        ServerHandle server = SERVERS.get(suite);
        long calls = invocations(server);
        long refused = Long.parseLong(server.info().get("wss.refused"));
        HttpResponse<String> r = post(suite, envelope);
        assertEquals(500, r.statusCode(), r.body());
        Document fault = Soap.parse(r.body());
        Element code = (Element) fault.getElementsByTagName("faultcode").item(0);
        assertNotNull(code, r.body());
        String prefix = code.getTextContent().substring(0, code.getTextContent().indexOf(':'));
        assertEquals(WSConstants.WSSE_NS, code.lookupNamespaceURI(prefix), r.body());
        assertEquals("InvalidSecurity", code.getTextContent().substring(prefix.length() + 1), r.body());
        assertEquals(calls, invocations(server), "the service was called");
        assertEquals(refused + 1, Long.parseLong(server.info().get("wss.refused")));
        String why = server.info().get("wss.lastRefusal");
        if (reason != null) assertTrue(why.contains(reason), why);
        return why;
    }

    static long invocations(ServerHandle server) {
        return Long.parseLong(server.info().get("service.invocations"));
    }
}
