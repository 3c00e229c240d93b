package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The agent's Prometheus series and its OTLP profiles name the same service and instance. */
class OtlpLabelsTest {

    @Test
    void metricsCarryTheResourcesServiceAndInstance() {
        AgentOptions o = AgentOptions.parse("metrics.port=0,otlp.endpoint=http://127.0.0.1:4318,service.name=checkout");
        Map<String, String> labels = AgentIdentity.labels(o);
        assertEquals("checkout", labels.get("service"));
        assertEquals(OtlpSink.resource("checkout").instanceId(), labels.get("instance"));
        assertEquals("checkout", OtlpSink.resource("checkout").serviceName());
    }

    @Test
    void aServiceLabelOfTheUsersNamesTheProfilesServiceToo() {
        AgentOptions o = AgentOptions.parse("metrics.port=0,otlp.endpoint=http://127.0.0.1:4318,labels=service:cart");
        assertEquals("cart", AgentIdentity.serviceName(o));
        assertEquals("cart", AgentIdentity.labels(o).get("service"));
    }

    @Test
    void withoutOtlpTheLabelsAreTheUsersAlone() {
        Map<String, String> labels = AgentIdentity.labels(AgentOptions.parse("metrics.port=0,labels=service:cart"));
        assertEquals(Map.of("service", "cart"), labels);
        assertFalse(labels.containsKey("instance"));
    }
}
