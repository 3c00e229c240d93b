package io.wirecost.scenarios.http.proxy;

import io.wirecost.scenarios.files.FileTrees;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The forward proxy when Privoxy is not installed: LittleProxy ({@link EmbeddedProxyMain}) in a
 * child JVM of its own, started with this JVM's Java and classpath and without the profiler, so
 * that, like Privoxy, its CPU time stays out of the scenario's profiles. The child writes one line
 * per request it forwarded or refused to a log file; it exits when its standard input (a pipe from
 * this JVM) closes, so it cannot outlive the run.
 */
final class EmbeddedProxy {

    private EmbeddedProxy() {}

    static ForwardProxy start(InetAddress target, Set<Integer> ports) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m",
                "-XX:+UseSerialGC",
                "-XX:+DisplayVMOutputToStderr",
                "-cp",
                System.getProperty("java.class.path"),
                EmbeddedProxyMain.class.getName()));
        Path dir = Files.createTempDirectory(
                "wirecost-littleproxy-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        cmd.add(dir.toString());
        cmd.add(target.getHostAddress());
        for (int p : new TreeSet<>(ports)) cmd.add(String.valueOf(p));
        ProxyLog log = new ProxyLog(
                dir.resolve("littleproxy.log"),
                "littleproxy: ",
                line -> line.startsWith(EmbeddedProxyMain.FORWARDED)
                        ? ProxyLog.Kind.FORWARDED
                        : line.startsWith(EmbeddedProxyMain.REFUSED) ? ProxyLog.Kind.REFUSED : ProxyLog.Kind.OTHER);
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectOutput(log.file().toFile())
                .start();
        int port = listeningPort(p, log.file());
        if (port < 0) {
            ProxyProcess.stop(p);
            String tail = log.tail();
            FileTrees.deleteQuietly(dir);
            throw new IOException("the embedded proxy (LittleProxy) did not start: " + tail);
        }
        return new ProxyProcess(
                p,
                dir,
                new InetSocketAddress(EmbeddedProxyMain.LOOPBACK, port),
                "littleproxy " + version() + " (embedded, own JVM)",
                log,
                p::pid);
    }

    /** The port from the child's first line, or -1 if it died or took longer than 30 s. */
    private static int listeningPort(Process p, Path file) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (Files.exists(file)) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                int nl = text.indexOf('\n');
                if (nl > 0 && text.startsWith(EmbeddedProxyMain.LISTENING)) {
                    return Integer.parseInt(text.substring(EmbeddedProxyMain.LISTENING.length(), nl)
                            .strip());
                }
            }
            if (!p.isAlive()) return -1;
            Thread.sleep(20);
        }
        return -1;
    }

    /** The version of the LittleProxy jar on the classpath, from its Maven metadata. */
    static String version() {
        try (InputStream in = EmbeddedProxy.class.getResourceAsStream(
                "/META-INF/maven/io.github.littleproxy/littleproxy/pom.properties")) {
            if (in == null) return "(unknown version)";
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "(unknown version)");
        } catch (IOException e) {
            return "(unknown version)";
        }
    }
}
