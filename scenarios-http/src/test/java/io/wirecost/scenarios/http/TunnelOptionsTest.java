package io.wirecost.scenarios.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.http.proxy.ProxyChoice;
import io.wirecost.scenarios.http.tunnel.TunnelMode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TunnelOptionsTest {

    private static TunnelOptions of(Map<String, String> options) {
        return TunnelOptions.from(new ScenarioConfig(64, null, options));
    }

    @Test
    void defaultsAreForcedAndTheInstalledProxy() {
        assertEquals(new TunnelOptions(TunnelMode.FORCED, ProxyChoice.AUTO), of(Map.of()));
        assertEquals(
                new TunnelOptions(TunnelMode.AUTOMATIC, ProxyChoice.EMBEDDED),
                of(Map.of("tunnel.mode", "automatic", "tunnel.proxy", "embedded")));
    }

    @Test
    void otherScenariosOptionsAreLeftAlone() {
        assertEquals(TunnelMode.FORCED, of(Map.of("wss.suite", "modern")).mode());
    }

    @Test
    void badKeysAndValuesAreOneLineErrors() {
        assertEquals(
                "unknown scenario option 'tunnel.mod' (tunnel options: tunnel.mode=forced|automatic, tunnel.proxy=auto|privoxy|embedded)",
                assertThrows(IllegalArgumentException.class, () -> of(Map.of("tunnel.mod", "forced")))
                        .getMessage());
        assertEquals(
                "tunnel.mode must be forced or automatic, got 'auto'",
                assertThrows(IllegalArgumentException.class, () -> of(Map.of("tunnel.mode", "auto")))
                        .getMessage());
        assertEquals(
                "tunnel.proxy must be auto, privoxy or embedded, got 'squid'",
                assertThrows(IllegalArgumentException.class, () -> of(Map.of("tunnel.proxy", "squid")))
                        .getMessage());
    }
}
