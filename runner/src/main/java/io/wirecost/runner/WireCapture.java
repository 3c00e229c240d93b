package io.wirecost.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A tcpdump capture of loopback traffic to and from a set of server ports, headers only. Chosen over
 * counting socket factories because it sees every transport the same way (JRMP, TLS records, HTTP/1.0
 * connections opened per call, IIOP) without changing any of them. Needs tcpdump and the right to
 * capture (root, or CAP_NET_RAW); without them sizes are reported as not measured, with the reason.
 */
record WireCapture(Process process, Path file) implements AutoCloseable {

    /** Why a capture cannot run here, or empty when it can. */
    static Optional<String> unavailable() {
        if (tcpdump().isEmpty()) return Optional.of("tcpdump is not installed (apt-get install tcpdump)");
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("capturing loopback traffic needs root (or CAP_NET_RAW for tcpdump)");
        }
        return Optional.empty();
    }

    private static Optional<Path> tcpdump() {
        for (String dir : List.of("/usr/bin", "/usr/sbin", "/bin", "/sbin", "/usr/local/bin")) {
            Path p = Path.of(dir, "tcpdump");
            if (Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    /** Captures on loopback, or with {@code --remote} on the server namespace's end of the veth pair. */
    static WireCapture start(Set<Integer> ports, Path file, NetworkPair network)
            throws IOException, InterruptedException {
        String filter = "tcp and (" + ports.stream().map(p -> "port " + p).collect(Collectors.joining(" or ")) + ")";
        List<String> cmd = new ArrayList<>();
        if (network != null) cmd.addAll(network.prefix(true));
        cmd.addAll(List.of(
                tcpdump().orElseThrow().toString(),
                "-i",
                network != null ? network.serverInterface() : "lo",
                "-n",
                "-U",
                "--immediate-mode",
                "-s",
                "128",
                "-w",
                file.toString(),
                filter));
        Process p = new ProcessBuilder(cmd).start();
        ChildProcesses.watch(p);
        // tcpdump says "listening on lo" once the capture is armed; packets before that would be lost
        BufferedReader err =
                new BufferedReader(new InputStreamReader(p.getErrorStream(), java.nio.charset.StandardCharsets.UTF_8));
        CompletableFuture<Boolean> armed = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = err.readLine()) != null; ) if (line.contains("listening on")) return true;
            } catch (IOException e) {
                // fall through
            }
            return false;
        });
        try {
            if (!armed.get(10, TimeUnit.SECONDS)) {
                p.destroyForcibly(); // it closed its error stream without arming: gone, or about to be
                ChildProcesses.forget(p);
                throw new IOException("tcpdump did not start capturing");
            }
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
            ChildProcesses.forget(p);
            throw new IOException("tcpdump did not start capturing within 10 s");
        }
        return new WireCapture(p, file);
    }

    /** Stops the capture (tcpdump flushes on SIGTERM) and returns the file. */
    Path stop() throws InterruptedException {
        // packets still in the kernel's capture buffer are handed over within a few milliseconds
        Thread.sleep(300);
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        ChildProcesses.forget(process);
        return file;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) stop();
    }

    /** An operation's calls, between two wall-clock instants in microseconds (end exclusive). */
    record Window(String operation, long calls, long startMicros, long endMicros) {}

    /** Adds up the segments of each window: to a server port is a request, from one a response. */
    static List<MessageSize> sizes(Path pcap, Set<Integer> serverPorts, List<Window> windows) throws IOException {
        int n = windows.size();
        long[] req = new long[n];
        long[] resp = new long[n];
        long[] reqWire = new long[n];
        long[] respWire = new long[n];
        long[] packets = new long[n];
        PcapReader.read(pcap, s -> {
            for (int i = 0; i < n; i++) {
                Window w = windows.get(i);
                if (s.micros() < w.startMicros() || s.micros() >= w.endMicros()) continue;
                packets[i]++;
                if (serverPorts.contains(s.dstPort())) {
                    req[i] += s.payloadBytes();
                    reqWire[i] += s.ipBytes();
                } else if (serverPorts.contains(s.srcPort())) {
                    resp[i] += s.payloadBytes();
                    respWire[i] += s.ipBytes();
                }
                return;
            }
        });
        List<MessageSize> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double c = windows.get(i).calls();
            out.add(new MessageSize(
                    windows.get(i).operation(),
                    windows.get(i).calls(),
                    req[i] / c,
                    resp[i] / c,
                    reqWire[i] / c,
                    respWire[i] / c,
                    packets[i] / c));
        }
        return out;
    }

    static Map<String, Object> describe(Set<Integer> ports) {
        Map<String, Object> described = new LinkedHashMap<>(); // a fixed order in results.json, as Map.of's is not
        described.put("tool", "tcpdump on lo");
        described.put("server_ports", ports);
        return described;
    }
}
