package io.wirecost.scenarios.http.proxy;

import io.wirecost.scenarios.FreePorts;
import io.wirecost.scenarios.files.FileTrees;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Privoxy (Debian package {@code privoxy}), the proxy seed 000 used, started for one scenario with
 * a configuration generated here:
 * <ul>
 * <li>{@code listen-address 127.0.0.1:PORT} on a free loopback port; {@code toggle 0} (no filtering:
 *     a plain forward proxy); remote toggling, the action editor and intercepted requests off;
 * <li>not an open relay: {@code permit-access 127.0.0.1 TARGET:PORT} for each RMI port and nothing
 *     else, so Privoxy refuses every other destination (its ACLs check the destination too);
 * <li>logging: {@code debug 512} (one Common Log Format line per request: request line, status,
 *     size, never content), which is how requests are counted, and {@code debug 1024} (refusals).
 * </ul>
 * Its output goes to a log file in its owner-only directory, read only when the counts are asked for.
 * It runs under a tiny shell watchdog whose standard input is a pipe from this JVM: when the JVM
 * ends, however it ends, the pipe closes and the watchdog stops Privoxy and removes its directory,
 * so neither a proxy nor its files outlive the run.
 */
final class PrivoxyProxy {

    private static final List<Path> SEARCH =
            List.of(Path.of("/usr/sbin"), Path.of("/usr/local/sbin"), Path.of("/sbin"));
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    /** "127.0.0.1 - - [21/Nov/2026:09:16:25 +0000] "POST http://127.0.0.1:41234/ HTTP/1.1" 200 98" */
    private static final Pattern CLF = Pattern.compile("^\\S+ - - \\[[^]]*] \"[^\"]*\" (\\d{3}) ");

    private static final String WATCHDOG = """
            "$1" --no-daemon "$2" </dev/null &
            pid=$!
            while read -r _; do :; done
            kill "$pid" 2>/dev/null
            wait "$pid"
            rm -rf "$3"
            """;

    private PrivoxyProxy() {}

    static Optional<Path> executable() {
        List<Path> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null)
            for (String p : path.split(java.io.File.pathSeparator)) if (!p.isEmpty()) dirs.add(Path.of(p));
        dirs.addAll(SEARCH);
        return dirs.stream()
                .map(d -> d.resolve("privoxy"))
                .filter(Files::isExecutable)
                .findFirst();
    }

    static ForwardProxy start(Path exe, InetAddress target, Set<Integer> ports)
            throws IOException, InterruptedException {
        String version = version(exe);
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) { // the free port may be taken before Privoxy binds it
            Path dir = Files.createTempDirectory(
                    "wirecost-privoxy-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            try {
                return launch(exe, version, dir, FreePorts.on(LOOPBACK), target, ports);
            } catch (IOException e) {
                FileTrees.deleteQuietly(dir);
                last = e;
            }
        }
        throw last;
    }

    private static ForwardProxy launch(
            Path exe, String version, Path dir, int port, InetAddress target, Set<Integer> ports)
            throws IOException, InterruptedException {
        InetSocketAddress address = new InetSocketAddress(LOOPBACK, port);
        Path config = dir.resolve("config");
        Files.writeString(config, PrivoxyConfig.text(dir, address, target, ports), StandardCharsets.US_ASCII);
        ProxyLog log = new ProxyLog(dir.resolve("privoxy.log"), "privoxy: ", line -> {
            Matcher m = CLF.matcher(line);
            if (!m.find()) return ProxyLog.Kind.OTHER; // start-up messages and refusals, echoed to the server log
            return m.group(1).startsWith("2") ? ProxyLog.Kind.FORWARDED : ProxyLog.Kind.REFUSED;
        });
        Process p = new ProcessBuilder(
                        "/bin/sh",
                        "-c",
                        WATCHDOG,
                        "privoxy-watchdog",
                        exe.toString(),
                        config.toString(),
                        dir.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.file().toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!accepts(address)) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                ProxyProcess.stop(p);
                throw new IOException("privoxy did not start on " + address + ": " + log.tail());
            }
            Thread.sleep(20);
        }
        log.refresh();
        return new ProxyProcess(p, dir, address, "privoxy " + version, log, () -> privoxyPid(p));
    }

    private static String version(Path exe) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(exe.toString(), "--version")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readNBytes(4096), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
        Matcher m = Pattern.compile("version (\\S+)").matcher(out);
        return m.find() ? m.group(1) : "(unknown version)";
    }

    private static boolean accepts(InetSocketAddress address) {
        try (Socket s = new Socket()) {
            s.connect(address, 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Privoxy itself, the watchdog shell's one child (the shell is not on the calls' path). */
    private static long privoxyPid(Process watchdog) {
        return watchdog.toHandle()
                .children()
                .filter(h -> h.info().command().map(c -> c.endsWith("privoxy")).orElse(false))
                .mapToLong(ProcessHandle::pid)
                .findFirst()
                .orElse(-1);
    }
}
