package io.wirecost.scenarios.http.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The forward proxy when Privoxy is not installed: LittleProxy ({@link EmbeddedProxyMain}) in a
 * child JVM of its own, started with this JVM's Java and classpath and without the profiler, so
 * that, like Privoxy, its CPU time stays out of the scenario's profiles. The child prints one line
 * per request it forwarded or refused; it exits when its standard input (a pipe from this JVM)
 * closes, so it cannot outlive the run.
 */
final class EmbeddedProxy implements ForwardProxy {

    private final Process child;
    private final InetSocketAddress address;
    private final String description;
    private final AtomicLong forwarded;
    private final AtomicLong refused;

    private EmbeddedProxy(Process child, InetSocketAddress address, String description, AtomicLong forwarded, AtomicLong refused) {
        this.child = child;
        this.address = address;
        this.description = description;
        this.forwarded = forwarded;
        this.refused = refused;
    }

    static EmbeddedProxy start(InetAddress target, Set<Integer> ports) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-XX:+UseSerialGC", "-XX:+DisplayVMOutputToStderr",
                "-cp", System.getProperty("java.class.path"),
                EmbeddedProxyMain.class.getName(), target.getHostAddress()));
        for (int p : new TreeSet<>(ports)) cmd.add(String.valueOf(p));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        AtomicLong forwarded = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        CompletableFuture<Integer> listening = new CompletableFuture<>();
        OutputLines output = new OutputLines(p.getInputStream(), "wirecost-littleproxy-log", line -> {
            if (line.startsWith(EmbeddedProxyMain.FORWARDED)) forwarded.incrementAndGet();
            else if (line.startsWith(EmbeddedProxyMain.REFUSED)) refused.incrementAndGet();
            else if (line.startsWith(EmbeddedProxyMain.LISTENING)) listening.complete(Integer.parseInt(line.substring(EmbeddedProxyMain.LISTENING.length()).strip()));
        });
        int port;
        try {
            port = listening.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            stop(p);
            throw new IOException("the embedded proxy (LittleProxy) did not start: " + output.tail(), e);
        }
        return new EmbeddedProxy(p, new InetSocketAddress(EmbeddedProxyMain.LOOPBACK, port), "littleproxy " + version() + " (embedded, own JVM)",
                forwarded, refused);
    }

    /** The version of the LittleProxy jar on the classpath, from its Maven metadata. */
    static String version() {
        try (InputStream in = EmbeddedProxy.class.getResourceAsStream("/META-INF/maven/io.github.littleproxy/littleproxy/pom.properties")) {
            if (in == null) return "(unknown version)";
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "(unknown version)");
        } catch (IOException e) {
            return "(unknown version)";
        }
    }

    @Override public InetSocketAddress address() { return address; }
    @Override public String description() { return description; }
    @Override public long forwarded() { return forwarded.get(); }
    @Override public long refused() { return refused.get(); }

    @Override
    public void close() {
        stop(child);
    }

    private static void stop(Process p) {
        try {
            try (OutputStream in = p.getOutputStream()) {
                in.flush();   // end of input: the child stops its proxy and exits
            } catch (IOException e) {
                // already gone
            }
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }
}
