package io.wirecost.scenarios.http;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import java.rmi.server.ExportException;
import java.rmi.server.UnicastRemoteObject;
import org.junit.jupiter.api.Test;

/**
 * A tunnelled client cannot be called back (seed 000): the server could never connect to it. The
 * attempt, exporting the callback object, fails at once and says why.
 */
class CallbackTest {

    @Test
    void exportingACallbackFromATunnelledClientFailsWithAClearMessage() throws Exception {
        ScenarioConfig config = new ScenarioConfig(64, null);
        HttpToServletScenario scenario = new HttpToServletScenario();
        try (ServerHandle server = scenario.startServer(config)) {
            scenario.connect(server.endpoint(), config);
            CounterImpl callback = new CounterImpl();
            ExportException e =
                    assertThrows(ExportException.class, () -> UnicastRemoteObject.exportObject(callback, 0));
            assertTrue(e.getMessage().contains("callbacks cannot work through an HTTP tunnel"), e.getMessage());
        }
    }
}
