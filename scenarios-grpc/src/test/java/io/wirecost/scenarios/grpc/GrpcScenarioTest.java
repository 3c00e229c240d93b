package io.wirecost.scenarios.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.payload.Payload;
import org.junit.jupiter.api.Test;

/**
 * The grpc scenario's client and server, in one JVM on loopback: every RTTTester operation and every
 * kind of seed 001/003 payload comes back right (each call checks its answer and throws otherwise),
 * and a wrong answer is caught (the check is real).
 */
class GrpcScenarioTest {

    @Test
    void everyOperationAndPayloadIsAnsweredRight() throws Exception {
        ScenarioConfig config = new ScenarioConfig(64, null);
        GrpcScenario scenario = new GrpcScenario();
        try (ServerHandle server = scenario.startServer(config);
                RttClient client = scenario.connect(server.endpoint(), config)) {
            for (Operation op : Operation.values()) client.invocation(op).call();
            for (String p : new String[] {"string-4096", "data2-32", "data3-1", "data3-16", "ints-1000"}) {
                client.invocation(Payload.parse(p)).call();
            }
            assertEquals("8", server.info().get("service.invocations"));
            assertEquals("plaintext (h2c, prior knowledge)", client.info().get("transport.security"));
        }
    }

    @Test
    void aWrongAnswerIsCaught() throws Exception {
        GrpcScenario scenario = new GrpcScenario();
        try (ServerHandle server = scenario.startServer(new ScenarioConfig(64, null));
                RttClient client = scenario.connect(server.endpoint(), new ScenarioConfig(65, null))) {
            IllegalStateException e = assertThrows(
                    IllegalStateException.class,
                    () -> client.invocation(Operation.STRING).call());
            assertEquals(true, e.getMessage().startsWith("string returned a wrong value"), e.getMessage());
        }
    }
}
