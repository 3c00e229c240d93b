package io.wirecost.scenarios.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.InjectedWork;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * inject.cpu-us reaches the web-service scenarios too (issue 12: the gate's benchmark could inject
 * only into RMI): a ws-literal server told to burn 20 ms of CPU per call answers no faster than that,
 * and reports what it injected. 20 ms is far above a warmed-up loopback SOAP call, so the lower bound
 * fails without the injection.
 */
class WsLiteralInjectedCpuTest {

    @Test
    void everyCallSpendsTheInjectedCpuBeforeItAnswers() throws Exception {
        ScenarioConfig config = new ScenarioConfig(64, null, Map.of(InjectedWork.CPU_OPTION, "20000"));
        try (ServerHandle server = new WsLiteralScenario().startServer(config)) {
            String url = server.endpoint().get("url");
            HttpResponse<String> first =
                    Soap.post(url, Soap.request("returnRTTforInt")); // warm-up, and the answer is still right
            assertEquals(200, first.statusCode(), first.body());
            assertEquals("1234567", Soap.text(Soap.parse(first.body()), "return"));
            int calls = 5;
            long t0 = System.nanoTime();
            for (int i = 0; i < calls; i++)
                assertEquals(
                        200, Soap.post(url, Soap.request("returnRTTforInt")).statusCode());
            double millisPerCall = (System.nanoTime() - t0) / 1e6 / calls;
            assertTrue(millisPerCall >= 20, "a call took " + millisPerCall + " ms with 20 ms of CPU injected");
            assertEquals(
                    20000.0,
                    InjectedWork.facts().get(InjectedWork.CPU_OPTION),
                    InjectedWork.facts().toString());
        }
    }
}
