package io.wirecost.runner;

import io.wirecost.scenarios.files.CleanupHook;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Two "hosts" on one machine for {@code --remote}: a network namespace for the server JVMs and one for
 * the client JVMs, joined by a veth pair, optionally rate-limited with a token bucket (tbf) on both
 * ends, like the papers' 100 Mbit/s Ethernet. Needs root (iproute2); removed on close and, should the
 * run die, by a shutdown hook.
 */
public final class NetworkPair implements AutoCloseable {

    private final String serverNs;
    private final String clientNs;
    private final String serverIf;
    private final String serverAddress;
    private final String clientAddress;
    private final String rate;
    private final CleanupHook cleanup;

    private NetworkPair(String tag, int subnet, String rate) {
        this.serverNs = "wcs-" + tag;
        this.clientNs = "wcc-" + tag;
        this.serverIf = "wcs" + tag;
        this.serverAddress = "10.77." + subnet + ".1";
        this.clientAddress = "10.77." + subnet + ".2";
        this.rate = rate;
        this.cleanup = CleanupHook.register("wirecost-netns-cleanup", this::remove);
    }

    /** Why {@code --remote} cannot run here, or null. */
    public static String unavailable() {
        if (!"root".equals(System.getProperty("user.name")))
            return "--remote needs root (it creates network namespaces)";
        for (String dir : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
            if (new java.io.File(dir, "ip").canExecute()) return null;
        }
        return "--remote needs iproute2's 'ip' (apt-get install iproute2)";
    }

    /** @param rate tbf rate such as {@code 100mbit}, or null for an unlimited link */
    public static NetworkPair create(String rate) throws IOException {
        long pid = ProcessHandle.current().pid();
        NetworkPair p = new NetworkPair(Long.toString(pid, 36), (int) (pid % 250) + 1, rate);
        try {
            p.sh("ip", "netns", "add", p.serverNs);
            p.sh("ip", "netns", "add", p.clientNs);
            String clientIf = "wcc" + Long.toString(pid, 36);
            p.sh("ip", "link", "add", p.serverIf, "type", "veth", "peer", "name", clientIf);
            p.sh("ip", "link", "set", p.serverIf, "netns", p.serverNs);
            p.sh("ip", "link", "set", clientIf, "netns", p.clientNs);
            p.sh("ip", "-n", p.serverNs, "addr", "add", p.serverAddress + "/24", "dev", p.serverIf);
            p.sh("ip", "-n", p.clientNs, "addr", "add", p.clientAddress + "/24", "dev", clientIf);
            for (String[] nsIf : new String[][] {{p.serverNs, p.serverIf}, {p.clientNs, clientIf}}) {
                p.sh("ip", "-n", nsIf[0], "link", "set", "lo", "up");
                p.sh("ip", "-n", nsIf[0], "link", "set", nsIf[1], "up");
                if (rate != null) {
                    p.sh(
                            "ip", "netns", "exec", nsIf[0], "tc", "qdisc", "add", "dev", nsIf[1], "root", "tbf", "rate",
                            rate, "burst", "32kbit", "latency", "400ms");
                }
            }
        } catch (IOException e) {
            p.close();
            throw e;
        }
        return p;
    }

    private void sh(String... cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("'" + String.join(" ", cmd) + "' failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", cmd));
        }
    }

    /** The command prefix that runs a process in the server's or the client's namespace. */
    public List<String> prefix(boolean server) {
        return new ArrayList<>(List.of("ip", "netns", "exec", server ? serverNs : clientNs));
    }

    public String serverAddress() {
        return serverAddress;
    }

    public String serverInterface() {
        return serverIf;
    }

    public String describe() {
        return "network namespaces " + serverNs + " (" + serverAddress + ") and " + clientNs + " (" + clientAddress
                + ") over a veth pair" + (rate == null ? ", unlimited" : ", tbf rate " + rate);
    }

    private void remove() {
        for (String ns : List.of(serverNs, clientNs)) {
            try {
                new ProcessBuilder("ip", "netns", "del", ns)
                        .redirectErrorStream(true)
                        .start()
                        .waitFor(10, TimeUnit.SECONDS);
            } catch (IOException | InterruptedException e) {
                // best effort: the namespace may not exist
            }
        }
    }

    @Override
    public void close() {
        remove(); // deleting a namespace deletes its end of the veth pair, and with it the other end
        cleanup.cancel();
    }
}
