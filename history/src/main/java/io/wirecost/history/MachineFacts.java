package io.wirecost.history;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU model, which results.json does not record: read from /proc/cpuinfo only when the run was made on this
 * host (a run copied from another machine gets no model rather than this one's).
 */
final class MachineFacts {

    private MachineFacts() {}

    static String cpuModelIfLocal(String runHost) {
        try {
            if (runHost.isEmpty() || !runHost.equals(InetAddress.getLocalHost().getHostName())) return "";
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst()
                    .orElse("");
        } catch (IOException | RuntimeException e) {
            return ""; // no /proc (not Linux) or no resolvable host name: unknown
        }
    }
}
