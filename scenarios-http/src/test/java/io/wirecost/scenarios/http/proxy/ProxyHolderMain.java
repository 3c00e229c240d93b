package io.wirecost.scenarios.http.proxy;

import java.net.InetAddress;
import java.util.Set;

/** Test helper JVM: starts a proxy as a scenario's server JVM would, reports it, then waits to be killed. */
public final class ProxyHolderMain {

    private ProxyHolderMain() {}

    public static void main(String[] args) throws Exception {
        ForwardProxy proxy = ProxyChoice.valueOf(args[0].toUpperCase(java.util.Locale.ROOT))
                .start(InetAddress.getLoopbackAddress(), Set.of(9));
        StringBuilder pids = new StringBuilder();
        ProcessHandle.current().descendants().forEach(p -> pids.append(' ').append(p.pid()));
        System.out.println("proxy " + proxy.address().getPort() + pids);
        System.out.flush();
        Thread.sleep(120_000); // the test kills this JVM long before
        proxy.close();
    }
}
