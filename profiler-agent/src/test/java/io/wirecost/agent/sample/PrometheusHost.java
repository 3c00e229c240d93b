package io.wirecost.agent.sample;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;

/**
 * A host application that uses its own Prometheus client_java (an older version than the agent
 * bundles) to count work and serve its own metrics: {@code PrometheusHost PORT SECONDS}. Prints where
 * its {@code Counter} class came from, so the test sees which client_java the application really ran.
 */
public final class PrometheusHost {

    private PrometheusHost() {}

    @SuppressWarnings("try") // the server serves while the body works; it is only closed
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        long seconds = Long.parseLong(args[1]);
        Counter work = Counter.builder()
                .name("host_work_total")
                .help("units of work done by the host")
                .register();
        try (HTTPServer server =
                HTTPServer.builder().hostname("127.0.0.1").port(port).buildAndStart()) {
            System.out.println("client_java "
                    + Counter.class.getProtectionDomain().getCodeSource().getLocation());
            System.out.flush();
            long bytes = 0;
            long units = 0;
            long end = System.currentTimeMillis() + seconds * 1000;
            while (System.currentTimeMillis() < end) {
                bytes += BusySerializer.busy(100);
                work.inc();
                units++;
            }
            // only API that 1.0.0 already had: the host is compiled against the agent's version
            System.out.println("done " + bytes + " " + units);
        }
    }
}
