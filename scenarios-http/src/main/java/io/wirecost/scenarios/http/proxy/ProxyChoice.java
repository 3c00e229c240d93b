package io.wirecost.scenarios.http.proxy;

import java.net.InetAddress;
import java.util.Locale;
import java.util.Set;

/**
 * Which forward proxy carries HTTP-to-port ({@code tunnel.proxy}): {@code auto} (default) takes
 * Privoxy, the proxy the paper used, when it is installed, else the embedded LittleProxy;
 * {@code privoxy} and {@code embedded} insist on one.
 */
public enum ProxyChoice {
    AUTO,
    PRIVOXY,
    EMBEDDED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Starts the chosen proxy, allowed to forward only to {@code target} on {@code ports}. */
    public ForwardProxy start(InetAddress target, Set<Integer> ports) throws Exception {
        return switch (this) {
            case PRIVOXY ->
                PrivoxyProxy.start(
                        PrivoxyProxy.executable()
                                .orElseThrow(() -> new IllegalStateException(
                                        "tunnel.proxy=privoxy, but no privoxy executable was found on PATH or in /usr/sbin "
                                                + "(Debian: apt-get install privoxy)")),
                        target,
                        ports);
            case EMBEDDED -> EmbeddedProxy.start(target, ports);
            case AUTO -> {
                var privoxy = PrivoxyProxy.executable();
                yield privoxy.isPresent()
                        ? PrivoxyProxy.start(privoxy.get(), target, ports)
                        : EmbeddedProxy.start(target, ports);
            }
        };
    }
}
