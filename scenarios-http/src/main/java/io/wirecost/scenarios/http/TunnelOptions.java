package io.wirecost.scenarios.http;

import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.http.proxy.ProxyChoice;
import io.wirecost.scenarios.http.tunnel.TunnelMode;
import java.util.Set;

/**
 * The tunnelled scenarios' settings ({@code --scenario-option KEY=VALUE}, given to both JVMs):
 * {@code tunnel.mode=forced|automatic} (default forced) and, for http-to-port,
 * {@code tunnel.proxy=auto|privoxy|embedded} (default auto). A misspelt {@code tunnel.*} key is an
 * error; other scenarios' keys are left to them.
 */
public record TunnelOptions(TunnelMode mode, ProxyChoice proxy) {

    public static final String MODE = "tunnel.mode";
    public static final String PROXY = "tunnel.proxy";
    private static final Set<String> KEYS = Set.of(MODE, PROXY);

    public static TunnelOptions from(ScenarioConfig config) {
        for (String key : config.options().keySet()) {
            if (key.startsWith("tunnel.") && !KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown scenario option '" + key
                        + "' (tunnel options: tunnel.mode=forced|automatic, tunnel.proxy=auto|privoxy|embedded)");
            }
        }
        return new TunnelOptions(config.choice(MODE, TunnelMode.FORCED), config.choice(PROXY, ProxyChoice.AUTO));
    }
}
