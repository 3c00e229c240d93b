package io.wirecost.scenarios.http.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * No proxy outlives the JVM that started it, even when that JVM is killed outright (SIGKILL, no
 * shutdown hooks): the proxy's own stdin pipe from the dead JVM closes and the proxy stops.
 */
class ProxyLifetimeTest {

    @ParameterizedTest
    @EnumSource(
            value = ProxyChoice.class,
            names = {"PRIVOXY", "EMBEDDED"})
    void aProxyStopsWhenItsJvmIsKilled(ProxyChoice choice) throws Exception {
        Process holder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ProxyHolderMain.class.getName(),
                        choice.label())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            String line = new BufferedReader(new InputStreamReader(holder.getInputStream())).readLine();
            assertNotNull(line, "the holder JVM did not report its proxy");
            String[] f = line.split(" ");
            assertEquals("proxy", f[0]);
            InetSocketAddress proxy = new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(f[1]));
            List<ProcessHandle> children = new ArrayList<>();
            for (int i = 2; i < f.length; i++)
                ProcessHandle.of(Long.parseLong(f[i])).ifPresent(children::add);
            assertFalse(children.isEmpty(), "the proxy runs as a process of its own");
            assertTrue(accepts(proxy), "proxy is up");

            holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while ((children.stream().anyMatch(ProcessHandle::isAlive) || accepts(proxy))
                    && System.nanoTime() < deadline) Thread.sleep(50);
            for (ProcessHandle p : children)
                assertFalse(
                        p.isAlive(),
                        "orphan left behind: " + p.info().commandLine().orElse(String.valueOf(p.pid())));
            assertFalse(accepts(proxy), "the proxy port still answers");
        } finally {
            holder.destroyForcibly();
        }
    }

    private static boolean accepts(InetSocketAddress address) {
        try (Socket s = new Socket()) {
            s.connect(address, 500);
            return true;
        } catch (Exception e) {
            return false;
        }
    }
}
